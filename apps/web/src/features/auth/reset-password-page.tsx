import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { AuthLayout } from './auth-layout.tsx';
import { resetPassword } from './api.ts';

export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (password.length < 6) return setError('Password must be at least 6 characters long');
    if (password !== confirm) return setError('Passwords do not match');
    setBusy(true);
    try {
      const answer = await resetPassword(token, password);
      setDone(answer.message ?? 'Your password has been reset.');
    } catch (err) {
      setError(errorMessage(err, 'Something went wrong. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <AuthLayout title="Reset link missing">
        <Alert kind="error">This reset link is invalid or has expired. Please request a new one.</Alert>
        <p className="mt-6 text-center text-sm">
          <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">Request a new link</Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Choose a new password" subtitle={<p>Mentors: at least 8 characters mixing cases, numbers or symbols.</p>}>
      {done ? (
        <>
          <Alert kind="success">{done}</Alert>
          <p className="mt-6 text-center">
            <Link to="/signin" className="font-medium text-brand-700 hover:underline">Go to sign in</Link>
          </p>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {error && <Alert kind="error">{error}</Alert>}
          <TextField label="New password" type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          <TextField label="Confirm new password" type="password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? 'Saving...' : 'Reset password'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
