import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Alert, TextArea } from '../../components/ui/field.tsx';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { errorMessage } from '../../lib/api.ts';
import { relativeTime } from '../../lib/format.ts';
import { useConversation, useSendMessage } from './api.ts';
import { LIMITS_SHORT } from './shared.ts';
import { useT } from '../../lib/i18n.tsx';

/** The conversation between a professional and a student, in a dialog (both sides use it). */
export function MessageThreadDialog({
  otherId,
  otherName,
  onClose,
}: {
  otherId: string | null;
  otherName: string;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog open={otherId !== null} title={t('mentoring.thread.title', { name: otherName })} onClose={onClose} size="lg">
      {otherId && <MessageThread otherId={otherId} />}
    </Dialog>
  );
}

export function MessageThread({ otherId }: { otherId: string }) {
  const t = useT();
  const conversation = useConversation(otherId);
  const send = useSendMessage(otherId);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const end = useRef<HTMLDivElement>(null);
  const count = conversation.data?.messages.length ?? 0;

  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [count]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = draft.trim();
    if (!body) {
      setError(t('mentoring.thread.required'));
      return;
    }
    setError(null);
    send.mutate(body, {
      onSuccess: () => setDraft(''),
      onError: (e) => setError(errorMessage(e, t('mentoring.thread.sendFailed'))),
    });
  };

  return (
    <div className="space-y-3">
      <div className="max-h-80 min-h-32 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-3" aria-live="polite">
        {conversation.isPending ? (
          <Spinner label={t('mentoring.thread.loading')} />
        ) : conversation.isError ? (
          <ErrorState
            message={errorMessage(conversation.error, t('mentoring.thread.loadFailed'))}
            onRetry={() => void conversation.refetch()}
          />
        ) : count === 0 ? (
          <EmptyState title={t('mentoring.thread.emptyTitle')}>{t('mentoring.thread.emptyBody')}</EmptyState>
        ) : (
          <ul className="space-y-2">
            {conversation.data?.messages.map((m) => (
              <li key={m._id} className={`flex ${m.mine ? 'justify-end' : 'justify-start'}`}>
                <div
                  className={`max-w-[80%] rounded-lg px-3 py-2 text-sm ${m.mine ? 'bg-brand-700 text-white' : 'bg-white text-slate-900 shadow-sm'}`}
                >
                  <p className="break-words whitespace-pre-wrap">{m.body}</p>
                  <p className={`mt-1 text-xs ${m.mine ? 'text-white/80' : 'text-slate-600'}`}>
                    <span className="sr-only">{t('mentoring.thread.who', { mine: m.mine ? 'yes' : 'no' })} </span>
                    {relativeTime(m.createdAt)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div ref={end} />
      </div>
      <form onSubmit={submit} className="space-y-2">
        <TextArea
          label={t('mentoring.thread.label')}
          rows={3}
          maxLength={LIMITS_SHORT}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        {error && <Alert kind="error">{error}</Alert>}
        <div className="flex justify-end">
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? t('mentoring.thread.sending') : t('mentoring.thread.send')}
          </Button>
        </div>
      </form>
    </div>
  );
}
