import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Building2, Briefcase, GraduationCap, UserRound } from 'lucide-react';
import { INTEREST_OPTIONS, REGISTRATION_MESSAGES, firstRegistrationProblem, type RegistrationForm } from '@app/shared/auth-constants';
import { Button } from '../../components/ui/button.tsx';
import { Alert, SelectField, TextField } from '../../components/ui/field.tsx';
import { ApiError, NetworkError } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { rich, useT, type MessageKey } from '../../lib/i18n.tsx';
import { storeAuth } from '../../lib/session.ts';
import { markNewAccount } from '../../lib/welcome.ts';
import { AuthLayout } from './auth-layout.tsx';
import { agreeWithLinks } from './legal-links.tsx';
import { WELCOME_KEY } from '../matching/welcome-key.ts';
import { RegistrationNotice, useCurrentNotice } from '../privacy/notice-consent.tsx';
import { Spinner } from '../../components/ui/feedback.tsx';

// The expert and organisation forms load when chosen (initial JS budget, docs/performance.md).
const ExpertApplicationForm = lazy(() => import('../organisations/join-forms.tsx').then((m) => ({ default: m.ExpertApplicationForm })));
const OrganisationRegistrationForm = lazy(() =>
  import('../organisations/join-forms.tsx').then((m) => ({ default: m.OrganisationRegistrationForm })),
);

const REDIRECT_MS = 2000;

const ROLES = [
  { id: 'student', label: 'auth.signUp.role.student', description: 'auth.signUp.role.student.text', icon: GraduationCap, step: 'auth.signUp.role.student.step' },
  { id: 'expert', label: 'auth.signUp.role.expert', description: 'auth.signUp.role.expert.text', icon: UserRound, step: 'auth.signUp.role.expert.step' },
  { id: 'university', label: 'auth.signUp.role.university', description: 'auth.signUp.role.university.text', icon: Building2, step: 'auth.signUp.role.university.step' },
  { id: 'company', label: 'auth.signUp.role.company', description: 'auth.signUp.role.company.text', icon: Briefcase, step: 'auth.signUp.role.company.step' },
] as const satisfies readonly { id: string; label: MessageKey; description: MessageKey; step: MessageKey; icon: unknown }[];

/** The spec's registration messages (shared with the API) and their catalogue entries. */
const PROBLEM_KEYS: Record<keyof typeof REGISTRATION_MESSAGES, MessageKey> = {
  firstName: 'error.registration.firstName',
  lastName: 'error.registration.lastName',
  emailRequired: 'error.registration.emailRequired',
  emailInvalid: 'error.registration.emailInvalid',
  passwordRequired: 'error.registration.passwordRequired',
  passwordShort: 'error.registration.passwordShort',
  passwordMismatch: 'error.registration.passwordMismatch',
  university: 'error.registration.university',
  course: 'error.registration.course',
  year: 'error.registration.year',
  rollNumber: 'error.registration.rollNumber',
  phoneRequired: 'error.registration.phoneRequired',
  phoneInvalid: 'error.registration.phoneInvalid',
  terms: 'error.registration.terms',
};
const problemKey = (message: string): MessageKey | undefined => {
  const name = (Object.keys(REGISTRATION_MESSAGES) as (keyof typeof REGISTRATION_MESSAGES)[]).find((k) => REGISTRATION_MESSAGES[k] === message);
  return name ? PROBLEM_KEYS[name] : undefined;
};
type RoleId = (typeof ROLES)[number]['id'];

const EMPTY: RegistrationForm = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  university: '',
  course: '',
  year: '',
  rollNumber: '',
  phone: '',
  interests: [],
  agreeToTerms: false,
};

export function SignUpPage() {
  const t = useT();
  useDocumentTitle(t('auth.signUp.documentTitle'));
  // A company's expert invitation links here with ?role=expert&invitation=…
  const [params] = useSearchParams();
  const invitation = params.get('invitation') ?? undefined;
  const initialRole = ROLES.find((r) => r.id === params.get('role'))?.id;
  const [chosen, setChosen] = useState<RoleId | null>(initialRole ?? null);
  const step: 1 | 2 = chosen ? 2 : 1;
  const back = () => setChosen(null);
  const headingRef = useRef<HTMLDivElement>(null);

  const firstRender = useRef(true);
  useEffect(() => {
    // Move focus to the new step's heading when the step changes (not on the initial load).
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [step]);

  return (
    <AuthLayout
      title={t('auth.signUp.documentTitle')}
      subtitle={<p>{t('auth.signUp.progress', { step, what: t(ROLES.find((r) => r.id === chosen)?.step ?? 'auth.signUp.chooseRole') })}</p>}
      wide
    >
      <div ref={headingRef}>
        {step === 1 ? (
          <section aria-labelledby="role-heading">
            <h2 id="role-heading" tabIndex={-1} className="text-lg font-semibold focus:outline-none">{t('auth.signUp.joiningAs')}</h2>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {ROLES.map((role) => (
                <li key={role.id}>
                  <button
                    type="button"
                    onClick={() => setChosen(role.id)}
                    className="flex h-full w-full flex-col items-start gap-2 rounded-xl border border-brand-200 p-4 text-start transition hover:border-brand-600 hover:bg-brand-50"
                  >
                    <role.icon aria-hidden="true" className="h-6 w-6 text-brand-700" />
                    <span className="font-semibold text-slate-900">{t(role.label)}</span>
                    <span className="text-sm">{t(role.description)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : chosen === 'expert' ? (
          <Suspense fallback={<Spinner />}>
            <ExpertApplicationForm onBack={back} invitationToken={invitation} />
          </Suspense>
        ) : chosen === 'university' || chosen === 'company' ? (
          <Suspense fallback={<Spinner />}>
            <OrganisationRegistrationForm type={chosen} onBack={back} />
          </Suspense>
        ) : (
          <StudentForm onBack={back} />
        )}
      </div>
      <p className="mt-6 text-center text-sm text-slate-700">
        {rich(t('auth.signUp.haveAccount'), {
          signin: (chunk) => (
            <Link to="/signin" className="font-medium text-brand-700 hover:underline">
              {chunk}
            </Link>
          ),
        })}
        {' · '}
        <Link to="/" className="font-medium text-brand-700 hover:underline">
          {t('common.home')}
        </Link>
      </p>
    </AuthLayout>
  );
}

const SIGNUP_COPY = {
  termsNeeded: 'To create your account, tick the box above to agree to the Terms of Service and Privacy Policy.',
} as const;

function StudentForm({ onBack }: { onBack: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const [form, setForm] = useState<RegistrationForm>(EMPTY);
  const notice = useCurrentNotice();
  const [error, setError] = useState<string | null>(null);
  const [errorField, setErrorField] = useState<string | undefined>(undefined);
  const [success, setSuccess] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const set = <K extends keyof RegistrationForm>(key: K, value: RegistrationForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setError(null);
    setSuccess(null);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = firstRegistrationProblem(form);
    if (problem) {
      const key = problemKey(problem.message);
      setError(key ? t(key) : problem.message);
      setErrorField(problem.field);
      return;
    }
    setErrorField(undefined);
    setSubmitting(true);
    try {
      const { register } = await import('./api.ts');
      const answer = await register({
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        email: form.email.trim().toLowerCase(),
        password: form.password,
        university: form.university.trim(),
        course: form.course.trim(),
        year: Number(form.year),
        rollNumber: form.rollNumber.trim(),
        phone: form.phone.trim(),
        interests: form.interests.filter((i): i is (typeof INTEREST_OPTIONS)[number] => (INTEREST_OPTIONS as readonly string[]).includes(i)),
        // The privacy notice version shown under the terms (issue 24, decision 840).
        ...(notice.data ? { privacyNoticeVersion: notice.data.version } : {}),
      });
      setSuccess(t('auth.signUp.success'));
      timer.current = setTimeout(() => {
        markNewAccount(answer.data.user);
        // The dashboard opens on the welcome screen of recommendations (read once there).
        window.sessionStorage.setItem(WELCOME_KEY, '1');
        storeAuth(answer.data, false);
        void navigate('/student/dashboard', { replace: true });
      }, REDIRECT_MS);
    } catch (err) {
      setSubmitting(false);
      if (err instanceof NetworkError) setError(t('common.networkError'));
      else if (err instanceof ApiError) {
        setError(err.message || t('auth.signUp.failed'));
        if (err.status === 409) setErrorField('email');
      }
      else setError(t('common.networkError'));
    }
  }

  const toggleInterest = (interest: string) =>
    set('interests', form.interests.includes(interest) ? form.interests.filter((i) => i !== interest) : [...form.interests, interest]);

  return (
    // method="post": a password never goes into the address if the form is sent without the app (decision 1270).
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h2 tabIndex={-1} className="text-lg font-semibold focus:outline-none">{t('auth.signUp.studentProfile')}</h2>
        <button type="button" onClick={onBack} className="text-sm font-medium text-brand-700 hover:underline">
          {t('auth.signUp.backToRoles')}
        </button>
      </div>
      <div aria-live="assertive">
        {error && <Alert kind="error" field={errorField}>{error}</Alert>}
        {success && <Alert kind="success">{success}</Alert>}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('auth.signUp.firstName')} name="firstName" autoComplete="given-name" required value={form.firstName} onChange={(e) => set('firstName', e.target.value)} />
        <TextField label={t('auth.signUp.lastName')} name="lastName" autoComplete="family-name" required value={form.lastName} onChange={(e) => set('lastName', e.target.value)} />
      </div>
      <TextField label={t('common.email')} type="email" name="email" autoComplete="email" required value={form.email} onChange={(e) => set('email', e.target.value)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('common.password')} type="password" name="password" autoComplete="new-password" required hint={t('auth.signUp.passwordHint')} value={form.password} onChange={(e) => set('password', e.target.value)} />
        <TextField label={t('auth.signUp.confirmPassword')} type="password" name="confirmPassword" autoComplete="new-password" required value={form.confirmPassword} onChange={(e) => set('confirmPassword', e.target.value)} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('auth.signUp.university')} name="university" autoComplete="organization" required value={form.university} onChange={(e) => set('university', e.target.value)} />
        <TextField label={t('auth.signUp.course')} name="course" required value={form.course} onChange={(e) => set('course', e.target.value)} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label={t('auth.signUp.year')} name="year" required value={String(form.year)} onChange={(e) => set('year', e.target.value)}>
          <option value="">{t('auth.signUp.selectYear')}</option>
          {[1, 2, 3, 4, 5, 6].map((y) => (
            <option key={y} value={y}>
              {t('auth.signUp.yearOption', { year: y })}
            </option>
          ))}
        </SelectField>
        <TextField label={t('auth.signUp.rollNumber')} name="rollNumber" required value={form.rollNumber} onChange={(e) => set('rollNumber', e.target.value)} />
        <TextField label={t('auth.signUp.phone')} type="tel" name="phone" autoComplete="tel" required hint={t('auth.signUp.phoneHint')} value={form.phone} onChange={(e) => set('phone', e.target.value)} />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">
          {t('auth.signUp.interests')} <span className="font-normal text-slate-600">{t('common.optional')}</span>
        </legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {INTEREST_OPTIONS.map((interest) => {
            const on = form.interests.includes(interest);
            return (
              <label key={interest} className={`cursor-pointer rounded-full border px-3 py-1 text-sm ${on ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800'}`}>
                <input type="checkbox" className="sr-only" checked={on} onChange={() => toggleInterest(interest)} />
                {interest}
              </label>
            );
          })}
        </div>
      </fieldset>
      <label className="flex items-start gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
        <input type="checkbox" name="agreeToTerms" className="mt-0.5 h-4 w-4" checked={form.agreeToTerms} onChange={(e) => set('agreeToTerms', e.target.checked)} />
        <span>
          {agreeWithLinks(t('auth.signUp.agree'))}
        </span>
      </label>
      <RegistrationNotice notice={notice.data} />
      {/* The spec keeps Create Account disabled until the terms are ticked: it says so, next to it. */}
      <Button type="submit" className="w-full" disabled={submitting || !form.agreeToTerms} aria-describedby={form.agreeToTerms ? undefined : 'signup-terms-needed'}>
        {submitting ? t('auth.signUp.submitting') : t('auth.signUp.submit')}
      </Button>
      {!form.agreeToTerms && (
        <p id="signup-terms-needed" className="text-sm text-slate-700">
          {SIGNUP_COPY.termsNeeded}
        </p>
      )}
    </form>
  );
}
