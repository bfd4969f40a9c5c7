import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Building2, Briefcase, GraduationCap, UserRound } from 'lucide-react';
import { INTEREST_OPTIONS, PHONE_HINT, firstRegistrationProblem, type RegistrationForm } from '@app/shared/auth';
import { Button } from '../../components/ui/button.tsx';
import { Alert, SelectField, TextField } from '../../components/ui/field.tsx';
import { ApiError, NetworkError } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { storeAuth } from '../../lib/session.ts';
import { markNewAccount } from '../../lib/welcome.ts';
import { AuthLayout } from './auth-layout.tsx';
import { register } from './api.ts';
import { WELCOME_KEY } from '../matching/welcome-key.ts';
import { ExpertApplicationForm, OrganisationRegistrationForm } from '../organisations/join-forms.tsx';

const REDIRECT_MS = 2000;

const ROLES = [
  { id: 'student', label: 'Student', description: 'Meet mentors, join workshops, share ideas and apply to R&D projects.', icon: GraduationCap, step: 'Your student profile' },
  { id: 'expert', label: 'Industry Expert', description: 'Mentor students and run workshops (verified by our team).', icon: UserRound, step: 'Your expert application' },
  { id: 'university', label: 'University', description: 'Bring the platform to your students (approved by our team).', icon: Building2, step: 'Your university' },
  { id: 'company', label: 'Company', description: 'Publish R&D projects and find talent (approved by our team).', icon: Briefcase, step: 'Your company' },
] as const;
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
  useDocumentTitle('Create your account');
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
    <AuthLayout title="Create your account" subtitle={<p>Step {step} of 2 · {chosen ? ROLES.find((r) => r.id === chosen)?.step : 'Choose your role'}</p>} wide>
      <div ref={headingRef}>
        {step === 1 ? (
          <section aria-labelledby="role-heading">
            <h2 id="role-heading" tabIndex={-1} className="text-lg font-semibold focus:outline-none">I am joining as…</h2>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {ROLES.map((role) => (
                <li key={role.id}>
                  <button
                    type="button"
                    onClick={() => setChosen(role.id)}
                    className="flex h-full w-full flex-col items-start gap-2 rounded-xl border border-brand-200 p-4 text-left transition hover:border-brand-600 hover:bg-brand-50"
                  >
                    <role.icon aria-hidden="true" className="h-6 w-6 text-brand-700" />
                    <span className="font-semibold text-slate-900">{role.label}</span>
                    <span className="text-sm">{role.description}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : chosen === 'expert' ? (
          <ExpertApplicationForm onBack={back} invitationToken={invitation} />
        ) : chosen === 'university' || chosen === 'company' ? (
          <OrganisationRegistrationForm type={chosen} onBack={back} />
        ) : (
          <StudentForm onBack={back} />
        )}
      </div>
      <p className="mt-6 text-center text-sm text-slate-700">
        Already have an account?{' '}
        <Link to="/signin" className="font-medium text-brand-700 hover:underline">Sign in</Link>
        {' · '}
        <Link to="/" className="font-medium text-brand-700 hover:underline">Home</Link>
      </p>
    </AuthLayout>
  );
}

const SIGNUP_COPY = {
  termsNeeded: 'To create your account, tick the box above to agree to the Terms of Service and Privacy Policy.',
} as const;

function StudentForm({ onBack }: { onBack: () => void }) {
  const navigate = useNavigate();
  const [form, setForm] = useState<RegistrationForm>(EMPTY);
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
      setError(problem.message);
      setErrorField(problem.field);
      return;
    }
    setErrorField(undefined);
    setSubmitting(true);
    try {
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
      });
      setSuccess('Registration successful! Redirecting to dashboard...');
      timer.current = setTimeout(() => {
        markNewAccount(answer.data.user);
        // The dashboard opens on the welcome screen of recommendations (read once there).
        window.sessionStorage.setItem(WELCOME_KEY, '1');
        storeAuth(answer.data, false);
        void navigate('/student/dashboard', { replace: true });
      }, REDIRECT_MS);
    } catch (err) {
      setSubmitting(false);
      if (err instanceof NetworkError) setError('Network error. Please check your connection and try again.');
      else if (err instanceof ApiError) {
        setError(err.message || 'Registration failed. Please try again.');
        if (err.status === 409) setErrorField('email');
      }
      else setError('Network error. Please check your connection and try again.');
    }
  }

  const toggleInterest = (interest: string) =>
    set('interests', form.interests.includes(interest) ? form.interests.filter((i) => i !== interest) : [...form.interests, interest]);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h2 tabIndex={-1} className="text-lg font-semibold focus:outline-none">Student profile</h2>
        <button type="button" onClick={onBack} className="text-sm font-medium text-brand-700 hover:underline">
          ← Back to Role Selection
        </button>
      </div>
      <div aria-live="assertive">
        {error && <Alert kind="error" field={errorField}>{error}</Alert>}
        {success && <Alert kind="success">{success}</Alert>}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First Name" name="firstName" autoComplete="given-name" required value={form.firstName} onChange={(e) => set('firstName', e.target.value)} />
        <TextField label="Last Name" name="lastName" autoComplete="family-name" required value={form.lastName} onChange={(e) => set('lastName', e.target.value)} />
      </div>
      <TextField label="Email" type="email" name="email" autoComplete="email" required value={form.email} onChange={(e) => set('email', e.target.value)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Password" type="password" name="password" autoComplete="new-password" required hint="At least 6 characters" value={form.password} onChange={(e) => set('password', e.target.value)} />
        <TextField label="Confirm Password" type="password" name="confirmPassword" autoComplete="new-password" required value={form.confirmPassword} onChange={(e) => set('confirmPassword', e.target.value)} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="University" name="university" autoComplete="organization" required value={form.university} onChange={(e) => set('university', e.target.value)} />
        <TextField label="Course/Major" name="course" required value={form.course} onChange={(e) => set('course', e.target.value)} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Year of Study" name="year" required value={String(form.year)} onChange={(e) => set('year', e.target.value)}>
          <option value="">Select year</option>
          {[1, 2, 3, 4, 5, 6].map((y) => (
            <option key={y} value={y}>Year {y}</option>
          ))}
        </SelectField>
        <TextField label="Roll Number" name="rollNumber" required value={form.rollNumber} onChange={(e) => set('rollNumber', e.target.value)} />
        <TextField label="Phone Number" type="tel" name="phone" autoComplete="tel" required hint={PHONE_HINT} value={form.phone} onChange={(e) => set('phone', e.target.value)} />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Interests <span className="font-normal text-slate-600">(optional)</span></legend>
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
          I agree to the <Link to="/terms" className="underline">Terms of Service</Link> and <Link to="/privacy" className="underline">Privacy Policy</Link>.
        </span>
      </label>
      {/* The spec keeps Create Account disabled until the terms are ticked: it says so, next to it. */}
      <Button type="submit" className="w-full" disabled={submitting || !form.agreeToTerms} aria-describedby={form.agreeToTerms ? undefined : 'signup-terms-needed'}>
        {submitting ? 'Creating Account...' : 'Create Account'}
      </Button>
      {!form.agreeToTerms && (
        <p id="signup-terms-needed" className="text-sm text-slate-700">
          {SIGNUP_COPY.termsNeeded}
        </p>
      )}
    </form>
  );
}
