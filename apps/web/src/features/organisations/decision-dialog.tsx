import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Alert, TextArea } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';

export interface Pending {
  title: string;
  message: string;
  confirmLabel: string;
  needsReason: boolean;
  /** The reason field's label (who reads it). */
  reasonLabel?: string;
  run: (reason?: string) => Promise<unknown>;
  done: string;
  /** What else to refresh after the decision (the admin queries are refreshed anyway). */
  after?: () => unknown;
}

/** Every decision asks for confirmation; a rejection or suspension asks for the reason the applicant will read. */
export function DecisionDialog({ pending, onClose }: { pending: Pending | null; onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!pending) return null;
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (pending.needsReason && !reason.trim()) return setError(t('org.decision.reasonMissing'));
    setBusy(true);
    try {
      await pending.run(reason.trim() || undefined);
      toast.success(pending.done);
      await client.invalidateQueries({ queryKey: ['admin'] });
      await pending.after?.();
      close();
    } catch (err) {
      setError(errorMessage(err, t('org.decision.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      title={pending.title}
      onClose={close}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close}>{t('org.decision.cancel')}</Button>
          <Button onClick={() => void confirm()} disabled={busy}>{pending.confirmLabel}</Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">{pending.message}</p>
      {pending.needsReason && (
        <TextArea label={pending.reasonLabel ?? t('org.decision.reason')} className="mt-3" rows={3} dir="auto" value={reason} onChange={(e) => setReason(e.target.value)} />

      )}
      <div aria-live="assertive" className="mt-2">{error && <Alert kind="error">{error}</Alert>}</div>
    </Dialog>
  );
}
