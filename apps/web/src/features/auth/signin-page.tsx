import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Eye, EyeOff } from 'lucide-react';
import { LOGIN_MESSAGES } from '@app/shared/auth';
import { dashboardPath, isRole } from '@app/shared/roles';
import { Button } from '../../components/ui/button.tsx';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { ApiError, NetworkError } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { storeAuth } from '../../lib/session.ts';
import { AuthLayout } from './auth-layout.tsx';
import { login } from './api.ts';
import { SsoDiscovery } from '../sso/sso-discovery.tsx';

const REDIRECT_MS = 1500;

export function SignInPage() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const clearMessages = () => {
    setError(null);
    setSuccess(null);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    clearMessages();
    if (!email.trim() || !password) {
      setError(LOGIN_MESSAGES.missing);
      return;
    }
    setSubmitting(true);
    try {
      const answer = await login({ email: email.trim(), password, rememberMe });
      setSuccess(answer.message ?? 'Login successful');
      // Straight to the role's own dashboard (spec 000 §4 ends there): a professional or an admin
      // never passes through the student dashboard on the way.
      const target = isRole(answer.data.user.role) ? dashboardPath(answer.data.user.role) : '/student/dashboard';
      timer.current = setTimeout(() => {
        storeAuth(answer.data, rememberMe);
        void navigate(target, { replace: true });
      }, REDIRECT_MS);
    } catch (err) {
      if (err instanceof NetworkError) setError(err.message);
      else if (err instanceof ApiError) setError(err.message || 'Login failed. Please try again.');
      else setError('Login failed. Please try again.');
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout
      title="Welcome back"
      subtitle={
        <>
          <p>Sign in to continue to MentorBridge.</p>
          <p className="mt-2 font-medium text-brand-800">Choose Your Path: Students, Experts, Universities, and Companies</p>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-describedby={error ? 'signin-error' : undefined}>
        {error && <div id="signin-error"><Alert kind="error" field={error === LOGIN_MESSAGES.missing ? (email.trim() ? 'password' : 'email') : undefined}>{error}</Alert></div>}
        {success && <Alert kind="success">{success}</Alert>}
        <TextField
          label="Email"
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
        <SsoDiscovery email={email} />
        <div>
          <label htmlFor="signin-password" className="block text-sm font-medium text-slate-800">
            Password<span aria-hidden="true" className="text-red-700"> *</span>
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
              className="block w-full rounded-lg border border-slate-300 px-3 py-2 pr-11 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-500/40 focus:outline-none"
            />
            <button
              type="button"
              className="absolute inset-y-0 right-0 flex items-center px-3 text-slate-600 hover:text-slate-900"
              onClick={() => setShowPassword((v) => !v)}
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              aria-pressed={showPassword}
            >
              {showPassword ? <EyeOff aria-hidden="true" className="h-4 w-4" /> : <Eye aria-hidden="true" className="h-4 w-4" />}
            </button>
          </div>
        </div>
        <div className="flex items-center justify-between gap-2">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} className="h-4 w-4 rounded border-slate-400" />
            Remember me
          </label>
          <Link to="/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-700">
        New to MentorBridge?{' '}
        <Link to="/signup" className="font-medium text-brand-700 hover:underline">
          Create an account
        </Link>
      </p>
      <p className="mt-4 text-center text-xs text-slate-600">
        By signing in you agree to our <Link to="/terms" className="underline">Terms of Service</Link> and{' '}
        <Link to="/privacy" className="underline">Privacy Policy</Link>.
      </p>
    </AuthLayout>
  );
}
