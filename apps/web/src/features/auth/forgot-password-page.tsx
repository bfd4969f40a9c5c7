import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { EMAIL_PATTERN } from '@app/shared/text';
import { Button } from '../../components/ui/button.tsx';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { useT } from '../../lib/i18n.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { forgotPassword } from './api.ts';
import { useAuthSubmit } from './use-auth-submit.ts';

export function ForgotPasswordPage() {
  const t = useT();
  useDocumentTitle(t('auth.forgot.documentTitle'));
  const [email, setEmail] = useState('');
  const { error, done, busy, submit } = useAuthSubmit(t('common.somethingWrong'));

  const onSubmit = (event: FormEvent) =>
    submit(
      event,
      () =>
        !email.trim()
          ? t('error.registration.emailRequired')
          : !EMAIL_PATTERN.test(email.trim())
            ? t('error.registration.emailInvalid')
            : null,
      async () => {
        await forgotPassword(email.trim());
        // The same answer whether or not the account exists (spec's FORGOT_PASSWORD_MESSAGE, in the page's language).
        return t('auth.forgot.sent');
      },
    );

  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={<p>{t('auth.forgot.subtitle')}</p>}>
      {done ? (
        <Alert kind="success">{done}</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {error && <Alert kind="error">{error}</Alert>}
          <TextField label={t('common.email')} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? t('auth.forgot.sending') : t('auth.forgot.submit')}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/signin" className="font-medium text-brand-700 hover:underline">{t('auth.forgot.backToSignIn')}</Link>
      </p>
    </AuthLayout>
  );
}
