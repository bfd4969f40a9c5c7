import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { EXPERTISE_OPTIONS } from '@app/shared/professionals';
import { dashboardPath } from '@app/shared/roles';
import { Button } from '../../components/ui/button.tsx';
import { Alert, SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { ApiError, NetworkError } from '../../lib/api.ts';
import { storeAuth } from '../../lib/session.ts';
import { applyAsExpert, registerOrganisation } from './api.ts';
import { RegistrationNotice, useCurrentNotice } from '../privacy/notice-consent.tsx';

const REDIRECT_MS = 2000;

function failure(err: unknown): string {
  if (err instanceof ApiError) return err.message || 'Registration failed. Please try again.';
  return 'Network error. Please check your connection and try again.';
}

function Header({ title, onBack }: { title: string; onBack: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 tabIndex={-1} className="text-lg font-semibold focus:outline-none">{title}</h2>
      <button type="button" onClick={onBack} className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to Role Selection
      </button>
    </div>
  );
}

function Terms({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  const notice = useCurrentNotice();
  return (
    <div className="space-y-2">
      <label className="flex items-start gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
        <input type="checkbox" name="agreeToTerms" className="mt-0.5 h-4 w-4" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        <span>
          I agree to the <Link to="/terms" className="underline">Terms of Service</Link> and <Link to="/privacy" className="underline">Privacy Policy</Link>.
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
      setSuccess(`${answer.message ?? 'Registration successful!'} Redirecting to your dashboard...`);
      timer.current = setTimeout(() => {
        storeAuth(answer.data, false);
        void navigate(dashboardPath(answer.data.user.role), { replace: true });
      }, REDIRECT_MS);
    } catch (err) {
      setSubmitting(false);
      setError(err instanceof NetworkError ? 'Network error. Please check your connection and try again.' : failure(err));
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
      join.setError('Passwords do not match');
      return;
    }
    const { confirmPassword: _ignored, experience, ...rest } = form;
    void join.run(() =>
      applyAsExpert({ ...rest, experience: experience === '' ? 0 : Number(experience), ...(invitationToken ? { invitationToken } : {}), ...noticeVersion }),
    );
  }
  const field = (key: keyof typeof EXPERT_EMPTY) => ({ name: key, value: form[key], onChange: (e: { target: { value: string } }) => set(key, e.target.value) });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Header title="Industry expert application" onBack={onBack} />
      <p className="text-sm text-slate-700">
        An administrator verifies every expert before students can see them. Until then you can complete your profile and set your
        availability.
      </p>
      {invitationToken && <Alert kind="info">You were invited by a company: its endorsement will be part of your application.</Alert>}
      <div aria-live="assertive">
        {join.error && <Alert kind="error">{join.error}</Alert>}
        {join.success && <Alert kind="success">{join.success}</Alert>}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First Name" autoComplete="given-name" required {...field('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" required {...field('lastName')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
        <TextField label="Phone" type="tel" autoComplete="tel" required {...field('phone')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Password" type="password" autoComplete="new-password" required hint="At least 8 characters" {...field('password')} />
        <TextField label="Confirm Password" type="password" autoComplete="new-password" required {...field('confirmPassword')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Job Title" autoComplete="organization-title" required {...field('title')} />
        <TextField label="Company" autoComplete="organization" required {...field('company')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Expertise" required {...field('expertise')}>
          <option value="">Select expertise</option>
          {EXPERTISE_OPTIONS.map((e) => (
            <option key={e} value={e}>{e}</option>
          ))}
        </SelectField>
        <TextField label="Years of Experience" type="number" min={0} inputMode="numeric" required {...field('experience')} />
      </div>
      <TextArea label="Bio" required rows={3} {...field('bio')} />
      <TextField label="Public profile link" type="url" required hint="e.g. your LinkedIn profile (https://…)" {...field('profileUrl')} />
      <TextField
        label="Work e-mail (optional)"
        type="email"
        hint="At your company's domain: we send a code to confirm it, which helps verification"
        {...field('workEmail')}
      />
      <TextArea label="Why do you want to mentor? (optional)" rows={2} {...field('motivation')} />
      <Terms checked={terms} onChange={setTerms} />
      <Button type="submit" className="w-full" disabled={join.submitting || !terms}>
        {join.submitting ? 'Submitting...' : 'Submit Application'}
      </Button>
    </form>
  );
}

const ORG_EMPTY = { name: '', country: '', website: '', firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

/** The University and Company cards' step 2. */
export function OrganisationRegistrationForm({ type, onBack }: { type: 'university' | 'company'; onBack: () => void }) {
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
  const noun = type === 'university' ? 'University' : 'Company';
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (form.password !== form.confirmPassword) {
      join.setError('Passwords do not match');
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
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Header title={`${noun} registration`} onBack={onBack} />
      <p className="text-sm text-slate-700">
        Your e-mail must be at the {type === 'university' ? "university's" : "company's"} own domain (the website's). An administrator
        approves every {type} before it can act on the platform.
      </p>
      <div aria-live="assertive">
        {join.error && <Alert kind="error">{join.error}</Alert>}
        {join.success && <Alert kind="success">{join.success}</Alert>}
      </div>
      <TextField label={`${noun} name`} autoComplete="organization" required {...field('name')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Official website" type="url" required hint="https://…" {...field('website')} />
        <TextField label={type === 'university' ? 'Country' : 'Country (optional)'} autoComplete="country-name" required={type === 'university'} {...field('country')} />
      </div>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-800">Your details (the contact)</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First Name" autoComplete="given-name" required {...field('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" required {...field('lastName')} />
        </div>
        <TextField label="Work e-mail" type="email" autoComplete="email" required {...field('email')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Password" type="password" autoComplete="new-password" required hint="At least 8 characters" {...field('password')} />
          <TextField label="Confirm Password" type="password" autoComplete="new-password" required {...field('confirmPassword')} />
        </div>
      </fieldset>
      <Terms checked={terms} onChange={setTerms} />
      <Button type="submit" className="w-full" disabled={join.submitting || !terms}>
        {join.submitting ? 'Submitting...' : `Register ${noun}`}
      </Button>
    </form>
  );
}
