import { useState, type FormEvent } from 'react';
import { STUDENT_PASSWORD_MESSAGES, STUDENT_PASSWORD_MIN } from '@app/shared/auth';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useToast } from '../../components/ui/toast.tsx';
import { updateStoredUser } from '../../lib/session.ts';
import { markNewAccount } from '../../lib/welcome.ts';
import { changePassword } from './api.ts';

/**
 * Students (and admins) whose account an administrator created start on a temporary password: the
 * API refuses everything else until they choose their own, so the route shows only this dialog
 * (app/guards.tsx, password-gate.tsx).
 * Professionals have their own dialog with the stronger rules (password-change-dialog.tsx).
 */
export function TemporaryPasswordGate() {
  const toast = useToast();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!current) return setError('Please enter your current password');
    if (next !== confirm) return setError(STUDENT_PASSWORD_MESSAGES.mismatch);
    if (next.length < STUDENT_PASSWORD_MIN) return setError(STUDENT_PASSWORD_MESSAGES.short);
    setBusy(true);
    try {
      const answer = await changePassword(current, next);
      // The fresh token replaces the old one (which died with the change); the flag is now off.
      // The gate (password-gate.tsx) closes as soon as the stored user is unflagged.
      toast.success('Password changed successfully!');
      markNewAccount(answer.data.user);
      updateStoredUser(answer.data.user, answer.data.token);
      return;
    } catch (err) {
      setError(errorMessage(err, 'Failed to update password. Please try again.'));
    }
    setBusy(false);
  }

  return (
    <Dialog open title="Choose your own password" description="Your account was created with a temporary password. Choose a new one to continue.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {error && <Alert kind="error">{error}</Alert>}
        <TextField label="Temporary password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
        <TextField label="New password" type="password" autoComplete="new-password" hint="At least 6 characters" value={next} onChange={(e) => setNext(e.target.value)} />
        <TextField label="Confirm new password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        <div className="flex justify-end">
          <Button type="submit" disabled={busy || !current || !next || !confirm}>{busy ? 'Saving...' : 'Save password'}</Button>
        </div>
      </form>
    </Dialog>
  );
}
