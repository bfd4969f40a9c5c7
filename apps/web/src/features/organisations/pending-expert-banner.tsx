import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';
import { OwnProfileDialog } from '../professional/own-profile-dialog.tsx';
import { confirmWorkEmail, resendConfirmation, sendWorkEmailCode, useMyApplication } from './api.ts';

/**
 * An expert awaiting verification (decision 483): what is still missing, the work-e-mail code, and the
 * reason of a rejection. Nothing shows for a verified professional.
 */
export function PendingVerificationBanner() {
  const t = useT();
  const mine = useMyApplication();
  const client = useQueryClient();
  const [workEmail, setWorkEmail] = useState('');
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<{ kind: 'error' | 'success' | 'info'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const app = mine.data?.data.application;
  if (!app || app.status === 'approved') return null;

  const run = async (fn: () => Promise<{ message?: string }>, fallback: string) => {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await fn();
      setMessage({ kind: 'success', text: answer.message ?? t('org.pending.done') });
      await client.invalidateQueries({ queryKey: ['experts', 'me'] });
    } catch (err) {
      setMessage({ kind: 'error', text: errorMessage(err, fallback) });
    } finally {
      setBusy(false);
    }
  };
  const onSend = (e: FormEvent) => {
    e.preventDefault();
    void run(() => sendWorkEmailCode(workEmail.trim() || app.workEmail || ''), t('org.pending.codeFailed'));
  };
  const onConfirm = (e: FormEvent) => {
    e.preventDefault();
    void run(() => confirmWorkEmail(code.trim()), t('org.pending.codeWrong'));
  };

  if (app.status === 'rejected') {
    return (
      <section aria-labelledby="verification-status" className="rounded-2xl border border-red-200 bg-red-50 p-4">
        <h2 id="verification-status" className="font-semibold text-red-900">{t('org.pending.rejected')}</h2>
        {app.reason && <p className="mt-1 text-sm text-red-900">{t('org.pending.reason')} <bdi>{app.reason}</bdi></p>}
        <p className="mt-1 text-sm text-red-900">{t('org.pending.hidden')}</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="verification-status" className="space-y-3 rounded-2xl border border-amber-200 bg-amber-50 p-4">
      <h2 id="verification-status" className="font-semibold text-amber-950">{t('org.pending.heading')}</h2>
      <p className="text-sm text-amber-950">
        {t('org.pending.body')}
      </p>
      <Button size="sm" onClick={() => setEditing(true)}>
        {t('org.pending.completeProfile')}
      </Button>
      <OwnProfileDialog open={editing} onClose={() => setEditing(false)} />
      <ul className="text-sm text-amber-950">
        <li>{t('org.pending.emailState', { confirmed: app.emailConfirmed ? 'yes' : 'no' })}</li>
        <li>
          {app.workEmail
            ? t('org.pending.workEmailState', { email: app.workEmail, confirmed: app.workEmailConfirmed ? 'yes' : 'no' })
            : t('org.pending.workEmailNone')}
        </li>
      </ul>
      <div aria-live="polite">{message && <Alert kind={message.kind}>{message.text}</Alert>}</div>
      {!app.emailConfirmed && (
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => void run(resendConfirmation, t('org.affiliation.sendFailed'))}>
          {t('org.pending.resend')}
        </Button>
      )}
      {!app.workEmailConfirmed && (
        <div className="grid gap-3 md:grid-cols-2">
          <form onSubmit={onSend} className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <TextField label={t('org.pending.workEmail')} type="email" dir="ltr" autoComplete="work email" className="flex-1" placeholder={app.workEmail ?? t('org.pending.workEmailPlaceholder')} value={workEmail} onChange={(e) => setWorkEmail(e.target.value)} />
            <Button type="submit" size="sm" disabled={busy || !(workEmail.trim() || app.workEmail)}>{t('org.pending.sendCode')}</Button>
          </form>
          <form onSubmit={onConfirm} className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <TextField label={t('org.pending.code')} inputMode="numeric" dir="ltr" autoComplete="one-time-code" className="flex-1" value={code} onChange={(e) => setCode(e.target.value)} />
            <Button type="submit" size="sm" disabled={busy || code.trim().length !== 6}>{t('org.pending.confirmWorkEmail')}</Button>

          </form>
        </div>
      )}
    </section>
  );
}
