import { useState, type FormEvent } from 'react';
import { STUDENT_PASSWORD_MIN } from '@app/shared/auth-constants';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useToast } from '../../components/ui/toast.tsx';
import { updateStoredUser } from '../../lib/session.ts';
import { markNewAccount } from '../../lib/welcome.ts';
import { changePassword } from './api.ts';
import { useT } from '../../lib/i18n.tsx';

/**
 * Students (and admins) whose account an administrator created start on a temporary password: the
 * API refuses everything else until they choose their own, so the route shows only this dialog
 * (app/guards.tsx, password-gate.tsx).
 * Professionals have their own dialog with the stronger rules (password-change-dialog.tsx).
 */
export function TemporaryPasswordGate() {
  const t = useT();
  const toast = useToast();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!current) return setError(t('error.password.currentRequired'));
    if (next !== confirm) return setError(t('error.password.mismatch'));
    if (next.length < STUDENT_PASSWORD_MIN) return setError(t('error.password.short'));
    setBusy(true);
    try {
      const answer = await changePassword(current, next);
      // The fresh token replaces the old one (which died with the change); the flag is now off.
      // The gate (password-gate.tsx) closes as soon as the stored user is unflagged.
      toast.success(t('auth.password.changed'));
      markNewAccount(answer.data.user);
      updateStoredUser(answer.data.user, answer.data.token);
      return;
    } catch (err) {
      setError(errorMessage(err, t('profile.password.failed')));
    }
    setBusy(false);
  }

  return (
    <Dialog open title={t('auth.tempPassword.title')} description={t('auth.tempPassword.intro')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {error && <Alert kind="error">{error}</Alert>}
        <TextField label={t('auth.tempPassword.current')} type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
        <TextField label={t('auth.reset.newPassword')} type="password" autoComplete="new-password" hint={t('auth.signUp.passwordHint')} value={next} onChange={(e) => setNext(e.target.value)} />
        <TextField label={t('auth.reset.confirm')} type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        <div className="flex justify-end">
          <Button type="submit" disabled={busy || !current || !next || !confirm}>{busy ? t('workshops.form.saving') : t('auth.tempPassword.save')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
