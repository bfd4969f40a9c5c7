import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { EXPERTISE_OPTIONS } from '@app/shared/professionals';
import { dashboardPath } from '@app/shared/roles';
import { Button } from '../../components/ui/button.tsx';
import { Alert, SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { rich, useT } from '../../lib/i18n.tsx';
import { storeAuth } from '../../lib/session.ts';
import { applyAsExpert, registerOrganisation } from './api.ts';
import { RegistrationNotice, useCurrentNotice } from '../privacy/notice-consent.tsx';

const REDIRECT_MS = 2000;

function Header({ title, onBack }: { title: string; onBack: () => void }) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 tabIndex={-1} className="text-lg font-semibold focus:outline-none">{title}</h2>
      <button type="button" onClick={onBack} className="text-sm font-medium text-brand-700 hover:underline">
        {t('auth.signUp.backToRoles')}
      </button>
    </div>
  );
}

function Terms({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  const t = useT();
  const notice = useCurrentNotice();
  return (
    <div className="space-y-2">
      <label className="flex items-start gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
        <input type="checkbox" name="agreeToTerms" className="mt-0.5 h-4 w-4" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        <span>
          {rich(t('auth.signUp.agree'), {
            terms: (chunk) => <Link to="/terms" className="underline">{chunk}</Link>,
            privacy: (chunk) => <Link to="/privacy" className="underline">{chunk}</Link>,
          })}
        </span>
      </label>
      {/* The privacy notice version registering accepts (issue 24, decision 840). */}
      <RegistrationNotice notice={notice.data} />
    </div>
  );
}

/** The version of the privacy notice the form shows, sent with the registration (nothing before the first is published). */
function useNoticeVersion(): { privacyNoticeVersion?: number } {
  const notice = useCurrentNotice();
  return notice.data ? { privacyNoticeVersion: notice.data.version } : {};
}

/** Shared submit flow: validate passwords, call, show the server's message, sign in, go to the dashboard. */
function useJoin() {
  const t = useT();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  async function run(call: () => ReturnType<typeof applyAsExpert>) {
    setSubmitting(true);
    setError(null);
    try {
      const answer = await call();
      setSuccess(t('org.join.redirecting', { message: answer.message ?? t('org.join.registered') }));
      timer.current = setTimeout(() => {
        storeAuth(answer.data, false);
        void navigate(dashboardPath(answer.data.user.role), { replace: true });
      }, REDIRECT_MS);
    } catch (err) {
      setSubmitting(false);
      setError(
        err instanceof ApiError ? err.message || t('auth.signUp.failed') : t('common.networkError'),
      );
    }
  }
  return { error, setError, success, setSuccess, submitting, run };
}

const EXPERT_EMPTY = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  phone: '',
  title: '',
  company: '',
  expertise: '',
  experience: '',
  bio: '',
  profileUrl: '',
  workEmail: '',
  motivation: '',
};

/** The Industry Expert card's step 2: spec 001 §5's professional fields, a public profile link and a work e-mail. */
export function ExpertApplicationForm({ onBack, invitationToken }: { onBack: () => void; invitationToken?: string }) {
  const t = useT();
  const [form, setForm] = useState(EXPERT_EMPTY);
  const [terms, setTerms] = useState(false);
  const noticeVersion = useNoticeVersion();
  const join = useJoin();
  const set = (key: keyof typeof EXPERT_EMPTY, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    join.setError(null);
    join.setSuccess(null);
  };
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (form.password !== form.confirmPassword) {
      join.setError(t('error.registration.passwordMismatch'));
      return;
    }
    const { confirmPassword: _ignored, experience, ...rest } = form;
    void join.run(() =>
      applyAsExpert({ ...rest, experience: experience === '' ? 0 : Number(experience), ...(invitationToken ? { invitationToken } : {}), ...noticeVersion }),
    );
  }
  const field = (key: keyof typeof EXPERT_EMPTY) => ({ name: key, value: form[key], onChange: (e: { target: { value: string } }) => set(key, e.target.value) });
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <Header title={t('org.join.expertTitle')} onBack={onBack} />
      <p className="text-sm text-slate-700">
        {t('org.join.expertIntro')}
      </p>
      {invitationToken && <Alert kind="info">{t('org.join.expertInvited')}</Alert>}
      <div aria-live="assertive">
        {join.error && <Alert kind="error">{join.error}</Alert>}
        {join.success && <Alert kind="success">{join.success}</Alert>}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('auth.signUp.firstName')} autoComplete="given-name" required dir="auto" {...field('firstName')} />
        <TextField label={t('auth.signUp.lastName')} autoComplete="family-name" required dir="auto" {...field('lastName')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('common.email')} type="email" autoComplete="email" required dir="ltr" {...field('email')} />
        <TextField label={t('pro.profile.phone')} type="tel" autoComplete="tel" required dir="ltr" {...field('phone')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('common.password')} type="password" autoComplete="new-password" required hint={t('org.invitation.passwordHint')} {...field('password')} />
        <TextField label={t('auth.signUp.confirmPassword')} type="password" autoComplete="new-password" required {...field('confirmPassword')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('org.join.jobTitle')} autoComplete="organization-title" required dir="auto" {...field('title')} />
        <TextField label={t('pro.settings.company')} autoComplete="organization" required dir="auto" {...field('company')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t('pro.settings.expertise')} required {...field('expertise')}>
          <option value="">{t('org.join.selectExpertise')}</option>
          {EXPERTISE_OPTIONS.map((e) => (
            <option key={e} value={e}>{e}</option>
          ))}
        </SelectField>
        <TextField label={t('org.join.experience')} type="number" min={0} inputMode="numeric" required {...field('experience')} />
      </div>
      <TextArea label={t('pro.profile.bio')} required rows={3} dir="auto" {...field('bio')} />
      <TextField label={t('org.join.profileUrl')} type="url" required dir="ltr" hint={t('org.join.profileUrlHint')} {...field('profileUrl')} />
      <TextField
        label={t('org.join.workEmail')}
        type="email"
        dir="ltr"
        hint={t('org.join.workEmailHint')}
        {...field('workEmail')}
      />
      <TextArea label={t('org.join.motivation')} rows={2} dir="auto" {...field('motivation')} />
      <Terms checked={terms} onChange={setTerms} />
      <Button type="submit" className="w-full" disabled={join.submitting || !terms}>
        {join.submitting ? t('org.join.submitting') : t('org.join.submitApplication')}
      </Button>
    </form>
  );
}

const ORG_EMPTY = { name: '', country: '', website: '', firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

/** The University and Company cards' step 2. */
export function OrganisationRegistrationForm({ type, onBack }: { type: 'university' | 'company'; onBack: () => void }) {
  const t = useT();
  const [form, setForm] = useState(ORG_EMPTY);
  const [terms, setTerms] = useState(false);
  const noticeVersion = useNoticeVersion();
  const join = useJoin();
  const set = (key: keyof typeof ORG_EMPTY, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    join.setError(null);
    join.setSuccess(null);
  };
  const field = (key: keyof typeof ORG_EMPTY) => ({ name: key, value: form[key], onChange: (e: { target: { value: string } }) => set(key, e.target.value) });
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (form.password !== form.confirmPassword) {
      join.setError(t('error.registration.passwordMismatch'));
      return;
    }
    void join.run(() =>
      registerOrganisation({
        type,
        name: form.name,
        ...(form.country ? { country: form.country } : {}),
        website: form.website,
        contact: { firstName: form.firstName, lastName: form.lastName, email: form.email, password: form.password },
        ...noticeVersion,
      }),
    );
  }
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <Header title={t('org.join.orgTitle', { kind: type })} onBack={onBack} />
      <p className="text-sm text-slate-700">
        {t('org.join.orgIntro', { kind: type })}
      </p>
      <div aria-live="assertive">
        {join.error && <Alert kind="error">{join.error}</Alert>}
        {join.success && <Alert kind="success">{join.success}</Alert>}
      </div>
      <TextField label={t('org.join.orgName', { kind: type })} autoComplete="organization" required dir="auto" {...field('name')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('org.join.website')} type="url" required dir="ltr" hint={t('pro.profile.urlPlaceholder')} {...field('website')} />
        <TextField label={t('org.join.country', { kind: type })} autoComplete="country-name" required={type === 'university'} dir="auto" {...field('country')} />
      </div>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-800">{t('org.join.contact')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('auth.signUp.firstName')} autoComplete="given-name" required dir="auto" {...field('firstName')} />
          <TextField label={t('auth.signUp.lastName')} autoComplete="family-name" required dir="auto" {...field('lastName')} />
        </div>
        <TextField label={t('org.pending.workEmail')} type="email" autoComplete="email" required dir="ltr" {...field('email')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('common.password')} type="password" autoComplete="new-password" required hint={t('org.invitation.passwordHint')} {...field('password')} />
          <TextField label={t('auth.signUp.confirmPassword')} type="password" autoComplete="new-password" required {...field('confirmPassword')} />
        </div>
      </fieldset>
      <Terms checked={terms} onChange={setTerms} />
      <Button type="submit" className="w-full" disabled={join.submitting || !terms}>
        {join.submitting ? t('org.join.submitting') : t('org.join.register', { kind: type })}

      </Button>
    </form>
  );
}
