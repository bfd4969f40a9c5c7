import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/feedback.tsx';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { requestAffiliation, useAffiliation } from './api.ts';

/** A student's university affiliation and exactly what that university can see (decision 486). */
export function AffiliationCard() {
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
      setMessage({ kind: 'success', text: answer.message ?? 'Confirmation link sent' });
      setEmail('');
      await client.invalidateQueries({ queryKey: ['affiliation'] });
    } catch (err) {
      setMessage({ kind: 'error', text: errorMessage(err, 'The link could not be sent') });
    } finally {
      setBusy(false);
    }
  };
  if (data.isPending) return <Skeleton className="h-20" />;
  if (data.isError) return <Alert kind="error">{errorMessage(data.error, 'Failed to load your university affiliation')}</Alert>;
  const { affiliation, pendingEmail, visibility } = data.data.data;
  return (
    <section aria-labelledby="affiliation-heading" className="mt-6 space-y-3 rounded-xl border border-slate-200 p-4">
      <h3 id="affiliation-heading" className="font-semibold">University affiliation</h3>
      {affiliation ? (
        <>
          <p className="text-sm">
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900">Verified student</span>{' '}
            of <strong>{affiliation.university}</strong> ({affiliation.email})
          </p>
          <div className="text-sm">
            <p className="font-medium">What {affiliation.university} can see:</p>
            <ul className="mt-1 list-disc ps-5 text-slate-700">
              {visibility.map((v) => <li key={v}>{v}</li>)}
            </ul>
            <p className="mt-1 text-slate-700">It cannot see your messages, your ideas' content or your application documents.</p>
          </div>
        </>
      ) : (
        <p className="text-sm text-slate-700">
          Not affiliated. Confirm an address at your university's domain to be shown as its verified student; your university then sees
          your name, course and how much you take part — nothing else.
          {pendingEmail && ` A confirmation link was sent to ${pendingEmail}.`}
        </p>
      )}
      <div aria-live="polite">{message && <Alert kind={message.kind}>{message.text}</Alert>}</div>
      {!affiliation && (
        <form onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <TextField label="University e-mail" type="email" className="flex-1" value={email} onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" disabled={busy || !email.trim()}>Send confirmation link</Button>
        </form>
      )}
    </section>
  );
}
