import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/feedback.tsx';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { AFFILIATION_VISIBILITY } from '@app/shared/organisations';
import { errorMessage } from '../../lib/api.ts';
import { rich, useT, type MessageKey } from '../../lib/i18n.tsx';
import { requestAffiliation, useAffiliation } from './api.ts';

/** The catalogue's words for each line of AFFILIATION_VISIBILITY, in its order; a line the API adds later shows as sent. */
const VISIBILITY_KEYS: readonly MessageKey[] = [
  'org.affiliation.sees.profile',
  'org.affiliation.sees.sessions',
  'org.affiliation.sees.workshops',
  'org.affiliation.sees.ideas',
  'org.affiliation.sees.applications',
  'org.affiliation.sees.registrations',
];

/** A student's university affiliation and exactly what that university can see (decision 486). */
export function AffiliationCard() {
  const t = useT();
  const data = useAffiliation();
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const answer = await requestAffiliation(email.trim());
      setMessage({ kind: 'success', text: answer.message ?? t('org.affiliation.sent') });
      setEmail('');
      await client.invalidateQueries({ queryKey: ['affiliation'] });
    } catch (err) {
      setMessage({ kind: 'error', text: errorMessage(err, t('org.affiliation.sendFailed')) });
    } finally {
      setBusy(false);
    }
  };
  if (data.isPending) return <Skeleton className="h-20" />;
  if (data.isError) return <Alert kind="error">{errorMessage(data.error, t('org.affiliation.loadFailed'))}</Alert>;
  const { affiliation, pendingEmail, visibility } = data.data.data;
  const seen = (line: string) => {
    const key = VISIBILITY_KEYS[(AFFILIATION_VISIBILITY as readonly string[]).indexOf(line)];
    return key ? t(key) : line;
  };
  return (
    <section aria-labelledby="affiliation-heading" className="mt-6 space-y-3 rounded-xl border border-slate-200 p-4">
      <h3 id="affiliation-heading" className="font-semibold">{t('org.affiliation.heading')}</h3>
      {affiliation ? (
        <>
          <p className="text-sm">
            {rich(t('org.affiliation.verified', { university: affiliation.university, email: affiliation.email }), {
              badge: (chunk) => <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900">{chunk}</span>,
              university: (chunk) => <strong><bdi>{chunk}</bdi></strong>,
              email: (chunk) => <bdi>{chunk}</bdi>,
            })}
          </p>
          <div className="text-sm">
            <p className="font-medium">{rich(t('org.affiliation.canSee', { university: affiliation.university }), { university: (chunk) => <bdi>{chunk}</bdi> })}</p>
            <ul className="mt-1 list-disc ps-5 text-slate-700">
              {visibility.map((v) => <li key={v}>{seen(v)}</li>)}
            </ul>
            <p className="mt-1 text-slate-700">{t('org.affiliation.cannotSee')}</p>
          </div>
        </>
      ) : (
        <p className="text-sm text-slate-700">
          {t('org.affiliation.none')}
          {pendingEmail && ` ${t('org.affiliation.pending', { email: pendingEmail })}`}
        </p>
      )}
      <div aria-live="polite">{message && <Alert kind={message.kind}>{message.text}</Alert>}</div>
      {!affiliation && (
        <form onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <TextField label={t('org.affiliation.email')} type="email" dir="ltr" className="flex-1" value={email} onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" disabled={busy || !email.trim()}>{t('org.affiliation.send')}</Button>

        </form>
      )}
    </section>
  );
}
