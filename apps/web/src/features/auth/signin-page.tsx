import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Eye, EyeOff, KeyRound } from 'lucide-react';
import type { AuthData } from '@app/shared/auth';
import type { MfaChallengeData } from '@app/shared/security';
import { dashboardPath, isRole } from '@app/shared/roles';
import { Button } from '../../components/ui/button.tsx';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { ApiError, NetworkError } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { formatDate } from '../../lib/format.ts';
import { rich, useLanguage, useT } from '../../lib/i18n.tsx';
import { LANGUAGE_CODES } from '../../lib/language.ts';
import { setMfaBlocked, storeAuth } from '../../lib/session.ts';
import { AuthLayout } from './auth-layout.tsx';
import { agreeWithLinks } from './legal-links.tsx';

// Not needed for the first paint (initial JS budget, docs/performance.md): the second step appears after
// the password, SSO discovery after an e-mail address is typed, the passkey helpers on their button.
const SecondStep = lazy(() => import('./second-step.tsx').then((m) => ({ default: m.SecondStep })));
const SsoDiscovery = lazy(() => import('../sso/sso-discovery.tsx').then((m) => ({ default: m.SsoDiscovery })));

const REDIRECT_MS = 1500;
const DEADLINE_FORMAT: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' };

export function SignInPage() {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  useDocumentTitle(t('auth.signIn.documentTitle'));
  const [missing, setMissing] = useState(false);
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [reminder, setReminder] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState<MfaChallengeData | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const clearMessages = () => {
    setMissing(false);
    setError(null);
    setSuccess(null);
  };

  /** Signed in (password, second step or passkey): say so, then the role's dashboard (or enrolment first). */
  function finish(data: AuthData) {
    const enrolment = data.mfaEnrolment;
    setSecondStep(null);
    setSubmitting(true);
    setSuccess(t('auth.signIn.success'));
    // The profile's language wins from now on (docs/decisions/741-who-sees-which-language.md).
    const chosen = data.user.language;
    if (chosen && chosen !== language && LANGUAGE_CODES.includes(chosen)) void setLanguage(chosen);
    if (enrolment && !enrolment.blocked) setReminder(t('security.reminder', { deadline: formatDate(enrolment.deadline, DEADLINE_FORMAT) }));
    // Straight to the role's own dashboard (spec 000 §4 ends there): a professional or an admin
    // never passes through the student dashboard on the way.
    const target = enrolment?.blocked ? '/account/security' : isRole(data.user.role) ? dashboardPath(data.user.role) : '/student/dashboard';
    timer.current = setTimeout(() => {
      storeAuth(data, rememberMe);
      if (enrolment?.blocked) setMfaBlocked(true);
      void navigate(target, { replace: true });
    }, REDIRECT_MS);
  }

  async function onPasskey() {
    clearMessages();
    setPasskeyBusy(true);
    try {
      const { signInWithPasskey } = await import('./security-api.ts');
      const answer = await signInWithPasskey(rememberMe);
      finish(answer.data);
    } catch (err) {
      if (err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError')) setError(t('auth.signIn.passkeyCancelled'));
      else if (err instanceof ApiError || err instanceof NetworkError) setError(err.message);
      else setError(t('auth.signIn.passkeyUnsupported'));
    } finally {
      setPasskeyBusy(false);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    clearMessages();
    if (!email.trim() || !password) {
      setMissing(true);
      setError(t('error.login.missing'));
      return;
    }
    setSubmitting(true);
    try {
      const { login } = await import('./api.ts');
      const answer = await login({ email: email.trim(), password, rememberMe });
      // A second factor is set up: the password earned a challenge, not a session (issue 23).
      if ('mfaRequired' in answer.data) {
        setSecondStep(answer.data);
        setSubmitting(false);
        return;
      }
      finish(answer.data);
    } catch (err) {
      if (err instanceof NetworkError) setError(err.message);
      else if (err instanceof ApiError) setError(err.message || t('auth.signIn.failed'));
      else setError(t('auth.signIn.failed'));
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout
      title={t('auth.signIn.title')}
      subtitle={
        <>
          <p>{t('auth.signIn.subtitle')}</p>
          <p className="mt-2 font-medium text-brand-800">{t('auth.signIn.paths')}</p>
        </>
      }
    >
      {secondStep ? (
        <Suspense fallback={<p role="status">{t('security.secondStep.title')}…</p>}>
          <SecondStep
            challenge={secondStep}
            onDone={finish}
            onStartOver={() => {
              setSecondStep(null);
              setPassword('');
            }}
          />
        </Suspense>
      ) : (
      <>
      {/* method="post": rendered on the server (decision 1270), a form sent before the app runs would otherwise
          put the password in the address (main.tsx catches that submit; this is for a page whose script failed). */}
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" aria-describedby={error ? 'signin-error' : undefined}>
        {error && <div id="signin-error"><Alert kind="error" field={missing ? (email.trim() ? 'password' : 'email') : undefined}>{error}</Alert></div>}
        {success && <Alert kind="success">{success}</Alert>}
        {reminder && <Alert kind="info">{reminder}</Alert>}
        <TextField
          label={t('common.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            clearMessages();
          }}
        />
        <Suspense fallback={null}>
          <SsoDiscovery email={email} />
        </Suspense>
        <div>
          <label htmlFor="signin-password" className="block text-sm font-medium text-slate-800">
            {t('common.password')}
            <span aria-hidden="true" className="text-red-700">
              {' *'}
            </span>
          </label>
          <div className="relative mt-1">
            <input
              id="signin-password"
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                clearMessages();
              }}
              className="block w-full rounded-lg border border-slate-300 px-3 py-2 pe-11 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-500/40 focus:outline-none"
            />
            <button
              type="button"
              className="absolute inset-y-0 inset-e-0 flex items-center px-3 text-slate-600 hover:text-slate-900"
              onClick={() => setShowPassword((v) => !v)}
              aria-label={showPassword ? t('auth.signIn.hidePassword') : t('auth.signIn.showPassword')}
              aria-pressed={showPassword}
            >
              {showPassword ? <EyeOff aria-hidden="true" className="h-4 w-4" /> : <Eye aria-hidden="true" className="h-4 w-4" />}
            </button>
          </div>
        </div>
        <div className="flex items-center justify-between gap-2">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} className="h-4 w-4 rounded border-slate-400" />
            {t('auth.signIn.rememberMe')}
          </label>
          <Link to="/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
            {t('auth.signIn.forgot')}
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? t('auth.signIn.submitting') : t('auth.signIn.submit')}
        </Button>
      </form>
      <div className="mt-4">
        <p className="mb-3 text-center text-xs uppercase tracking-wide text-slate-600">{t('auth.signIn.passkeyOr')}</p>
        <Button variant="secondary" className="w-full" disabled={submitting || passkeyBusy} onClick={() => void onPasskey()}>
          <KeyRound aria-hidden="true" className="h-4 w-4" />
          {passkeyBusy ? t('auth.signIn.passkeyWorking') : t('auth.signIn.passkeyButton')}
        </Button>
      </div>
      </>
      )}
      <p className="mt-6 text-center text-sm text-slate-700">
        {rich(t('auth.signIn.newHere'), {
          signup: (chunk) => (
            <Link to="/signup" className="font-medium text-brand-700 hover:underline">
              {chunk}
            </Link>
          ),
        })}
      </p>
      <p className="mt-4 text-center text-xs text-slate-600">
        {agreeWithLinks(t('auth.signIn.agree'))}
      </p>
    </AuthLayout>
  );
}
