import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { EMAIL_PATTERN } from '@app/shared/text';
import { REGISTRATION_MESSAGES } from '@app/shared/auth';
import { Button } from '../../components/ui/button.tsx';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { AuthLayout } from './auth-layout.tsx';
import { forgotPassword } from './api.ts';

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!email.trim()) return setError(REGISTRATION_MESSAGES.emailRequired);
    if (!EMAIL_PATTERN.test(email.trim())) return setError(REGISTRATION_MESSAGES.emailInvalid);
    setBusy(true);
    try {
      const answer = await forgotPassword(email.trim());
      setDone(answer.message ?? 'Check your inbox for a reset link.');
    } catch (err) {
      setError(errorMessage(err, 'Something went wrong. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Forgot your password?" subtitle={<p>Enter the e-mail of your account and we will send you a link to choose a new password.</p>}>
      {done ? (
        <Alert kind="success">{done}</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {error && <Alert kind="error">{error}</Alert>}
          <TextField label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/signin" className="font-medium text-brand-700 hover:underline">Back to sign in</Link>
      </p>
    </AuthLayout>
  );
}
