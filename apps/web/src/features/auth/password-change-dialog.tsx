import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PROFESSIONAL_PASSWORD_MESSAGES, STRENGTH_HINTS, firstProfessionalPasswordError, passwordStrength, strengthHints } from '@app/shared/auth-constants';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { ApiError, NetworkError } from '../../lib/api.ts';
import { useToast } from '../../components/ui/toast.tsx';
import { updateStoredUser } from '../../lib/session.ts';
import { markNewAccount } from '../../lib/welcome.ts';
import { changeProfessionalPassword } from './api.ts';
import { useT, type MessageKey } from '../../lib/i18n.tsx';

/** The spec's checks (English, shared with the API) and their catalogue entries. */
const CHECK_KEYS: Record<string, MessageKey> = {
  [PROFESSIONAL_PASSWORD_MESSAGES.currentRequired]: 'error.password.currentRequired',
  [PROFESSIONAL_PASSWORD_MESSAGES.newRequired]: 'error.password.newRequired',
  [PROFESSIONAL_PASSWORD_MESSAGES.short]: 'error.password.shortProfessional',
  [PROFESSIONAL_PASSWORD_MESSAGES.weak]: 'error.password.weak',
  [PROFESSIONAL_PASSWORD_MESSAGES.mismatch]: 'error.password.mismatchProfessional',
  [PROFESSIONAL_PASSWORD_MESSAGES.same]: 'error.password.same',
  [STRENGTH_HINTS[0]]: 'auth.password.hint.length',
  [STRENGTH_HINTS[1]]: 'auth.password.hint.case',
  [STRENGTH_HINTS[2]]: 'auth.password.hint.number',
  [STRENGTH_HINTS[3]]: 'auth.password.hint.special',
};

const CLOSE_AFTER_MS = 2000;

/**
 * The professional password dialog (spec 002 §5): the six checks in order, a strength meter with
 * its hints and labels. In first-login mode it cannot be closed.
 */
export function ProfessionalPasswordDialog({ open, firstLogin, onClose, onChanged }: { open: boolean; firstLogin: boolean; onClose?: () => void; onChanged?: () => void }) {
  const t = useT();
  const say = (english: string) => {
    const key = CHECK_KEYS[english];
    return key ? t(key) : english;
  };
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const toast = useToast();

  const strength = passwordStrength(next);
  const hints = strengthHints(next);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const problem = firstProfessionalPasswordError({ currentPassword: current, newPassword: next, confirmPassword: confirm });
    if (problem) return setError(say(problem));
    setBusy(true);
    try {
      const answer = await changeProfessionalPassword(current, next);
      if (firstLogin) {
        // The gate (features/auth/password-gate.tsx) closes as soon as the stored user is unflagged:
        // straight into a working dashboard, with the fresh token every read now uses.
        toast.success(t('auth.password.changed'));
        markNewAccount(answer.data.user);
        updateStoredUser(answer.data.user, answer.data.token);
        onChanged?.();
        return;
      }
      setSuccess(t('auth.password.changedRedirecting'));
      timer.current = setTimeout(() => {
        // The answer carries a fresh token (older ones died) and the user without the temporary flags.
        updateStoredUser(answer.data.user, answer.data.token);
        setCurrent('');
        setNext('');
        setConfirm('');
        setSuccess(null);
        setBusy(false);
        onChanged?.();
      }, CLOSE_AFTER_MS);
    } catch (err) {
      setBusy(false);
      if (err instanceof NetworkError) setError(t('auth.password.networkError'));
      else if (err instanceof ApiError) setError(err.message || t('auth.password.changeFailed'));
      else setError(t('auth.password.changeFailed'));
    }
  }

  const meterColour = ['bg-red-600', 'bg-red-600', 'bg-amber-500', 'bg-lime-600', 'bg-green-700'][strength];

  return (
    <Dialog
      open={open}
      title={firstLogin ? t('auth.password.firstTitle') : t('profile.security.change')}
      description={firstLogin ? t('auth.password.firstIntro') : undefined}
      onClose={firstLogin ? undefined : onClose}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div aria-live="assertive">
          {error && <Alert kind="error">{error}</Alert>}
          {success && <Alert kind="success">{success}</Alert>}
        </div>
        <TextField label={t('profile.password.current')} type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
        <TextField label={t('auth.reset.newPassword')} type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
        {next && (
          <div>
            <div className="flex items-center gap-3">
              <div className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                <div className={`h-full ${meterColour} transition-all`} style={{ width: `${(strength / 4) * 100}%` }} />
              </div>
              <span className="text-sm font-medium" aria-live="polite">{t('auth.password.strength', { level: strength })}</span>
            </div>
            {hints.length > 0 && (
              <ul className="mt-2 list-disc ps-5 text-xs text-slate-700">
                {hints.map((h) => (
                  <li key={h}>{say(h)}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <TextField label={t('auth.reset.confirm')} type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        <div className="flex justify-end gap-2">
          {!firstLogin && onClose && (
            <Button variant="secondary" onClick={onClose} disabled={busy}>{t('shell.dialog.cancel')}</Button>
          )}
          <Button type="submit" disabled={busy}>{busy ? t('auth.password.changing') : t('profile.security.change')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
