import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { dashboardPath } from '@app/shared/roles';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/feedback.tsx';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { useT } from '../../lib/i18n.tsx';
import { storeAuth } from '../../lib/session.ts';
import { AuthLayout } from '../auth/auth-layout.tsx';
import { acceptInvitation, lookupInvitation } from './api.ts';

/** A co-admin's invitation link: choose a name and password, and join the organisation. */
export function InvitationPage() {
  const t = useT();
  useDocumentTitle(t('org.invitation.documentTitle'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const info = useQuery({ queryKey: ['invitation', token], queryFn: () => lookupInvitation(token), enabled: Boolean(token), retry: false });
  const [form, setForm] = useState({ firstName: '', lastName: '', password: '', confirm: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (form.password !== form.confirm) return setError(t('error.registration.passwordMismatch'));
    setBusy(true);
    setError(null);
    try {
      const answer = await acceptInvitation({ token, firstName: form.firstName, lastName: form.lastName, password: form.password });
      storeAuth(answer.data, false);
      void navigate(dashboardPath(answer.data.user.role), { replace: true });
    } catch (err) {
      setBusy(false);
      setError(errorMessage(err, t('org.invitation.invalid')));
    }
  }

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    setError(null);
  };

  if (!token || info.isError) {
    return (
      <AuthLayout title={t('org.invitation.title')}>
        <Alert kind="error">{t('org.invitation.invalid')}</Alert>
        <p className="mt-6 text-center text-sm"><Link to="/" className="font-medium text-brand-700 hover:underline">{t('org.invitation.home')}</Link></p>
      </AuthLayout>
    );
  }
  if (!info.data) return <AuthLayout title={t('org.invitation.title')}><Spinner /></AuthLayout>;
  if (info.data.data.kind === 'expert') {
    return <Navigate to={`/signup?role=expert&invitation=${encodeURIComponent(token)}`} replace />;
  }
  const { organisation, email } = info.data.data;
  return (
    <AuthLayout title={t('org.invitation.join', { name: organisation.name })} subtitle={<p>{t('org.invitation.invitedAs', { kind: organisation.type, email })}</p>}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div aria-live="assertive">{error && <Alert kind="error">{error}</Alert>}</div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('org.invitation.firstName')} autoComplete="given-name" required dir="auto" value={form.firstName} onChange={set('firstName')} />
          <TextField label={t('org.invitation.lastName')} autoComplete="family-name" required dir="auto" value={form.lastName} onChange={set('lastName')} />
        </div>
        <TextField label={t('org.invitation.password')} type="password" autoComplete="new-password" hint={t('org.invitation.passwordHint')} required value={form.password} onChange={set('password')} />
        <TextField label={t('org.invitation.confirmPassword')} type="password" autoComplete="new-password" required value={form.confirm} onChange={set('confirm')} />
        <Button type="submit" className="w-full" disabled={busy}>{busy ? t('org.invitation.joining') : t('org.invitation.accept')}</Button>

      </form>
    </AuthLayout>
  );
}
