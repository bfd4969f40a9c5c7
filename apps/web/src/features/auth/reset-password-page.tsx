import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { useT } from '../../lib/i18n.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { resetPassword } from './api.ts';

export function ResetPasswordPage() {
  const t = useT();
  useDocumentTitle(t('auth.reset.title'));
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
    if (password.length < 6) return setError(t('error.registration.passwordShort'));
    if (password !== confirm) return setError(t('error.registration.passwordMismatch'));
    setBusy(true);
    try {
      await resetPassword(token, password);
      setDone(t('auth.reset.done'));
    } catch (err) {
      setError(errorMessage(err, t('common.somethingWrong')));
    } finally {
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <AuthLayout title={t('auth.reset.missingTitle')}>
        <Alert kind="error">{t('error.reset.invalid')}</Alert>
        <p className="mt-6 text-center text-sm">
          <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">{t('auth.reset.requestNew')}</Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.reset.title')} subtitle={<p>{t('auth.reset.subtitle')}</p>}>
      {done ? (
        <>
          <Alert kind="success">{done}</Alert>
          <p className="mt-6 text-center">
            <Link to="/signin" className="font-medium text-brand-700 hover:underline">{t('auth.reset.goToSignIn')}</Link>
          </p>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {error && <Alert kind="error">{error}</Alert>}
          <TextField label={t('auth.reset.newPassword')} type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          <TextField label={t('auth.reset.confirm')} type="password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? t('auth.reset.saving') : t('auth.reset.submit')}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
