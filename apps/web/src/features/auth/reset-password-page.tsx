import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { useT } from '../../lib/i18n.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { resetPassword } from './api.ts';
import { useAuthSubmit } from './use-auth-submit.ts';

export function ResetPasswordPage() {
  const t = useT();
  useDocumentTitle(t('auth.reset.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { error, done, busy, submit } = useAuthSubmit(t('common.somethingWrong'));

  const onSubmit = (event: FormEvent) =>
    submit(
      event,
      () =>
        password.length < 6
          ? t('error.registration.passwordShort')
          : password !== confirm
            ? t('error.registration.passwordMismatch')
            : null,
      async () => {
        await resetPassword(token, password);
        return t('auth.reset.done');
      },
    );

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
