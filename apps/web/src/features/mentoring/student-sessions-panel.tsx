import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CalendarPlus, MessageSquare, Star } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { downloadSessionIcs, rateSession, useInvalidateMentoring, useMySessions } from './api.ts';
import { MessageThreadDialog } from './message-thread.tsx';
import { JoinLink, SessionStatusBadge, SessionWhen } from './session-bits.tsx';
import { MENTORING_MESSAGES, type Session } from './shared.ts';

/** The student's mentoring sessions: join link, calendar file, rating after the end, messages. */
export function StudentSessionsPanel() {
  const sessions = useMySessions();
  const [thread, setThread] = useState<{ id: string; name: string } | null>(null);

  if (sessions.isPending) return <Spinner label="Loading sessions…" />;
  if (sessions.isError)
    return (
      <ErrorState message={errorMessage(sessions.error, 'Failed to load sessions')} onRetry={() => void sessions.refetch()} />
    );

  const list = sessions.data;
  const upcoming = list.filter((s) => s.status === 'scheduled').sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
  const past = list.filter((s) => s.status !== 'scheduled').sort((a, b) => b.scheduledAt.localeCompare(a.scheduledAt));

  return (
    <section aria-labelledby="student-sessions-heading" className="space-y-6">
      <h2 id="student-sessions-heading" className="text-xl font-semibold text-slate-900">
        My Mentoring Sessions
      </h2>
      {list.length === 0 ? (
        <EmptyState title="No mentoring sessions yet">
          When a professional accepts your connection request with a time, the session appears here.
        </EmptyState>
      ) : (
        <>
          <SessionGroup title="Upcoming" sessions={upcoming} empty="No upcoming sessions" onMessage={setThread} />
          <SessionGroup title="Past and cancelled" sessions={past} empty="No past sessions" onMessage={setThread} />
        </>
      )}
      <MessageThreadDialog otherId={thread?.id ?? null} otherName={thread?.name ?? ''} onClose={() => setThread(null)} />
    </section>
  );
}

function SessionGroup({
  title,
  sessions,
  empty,
  onMessage,
}: {
  title: string;
  sessions: Session[];
  empty: string;
  onMessage: (t: { id: string; name: string }) => void;
}) {
  return (
    <div>
      <h3 className="mb-2 font-semibold text-slate-800">{title}</h3>
      {sessions.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {sessions.map((s) => (
            <StudentSessionCard key={s._id} session={s} onMessage={onMessage} />
          ))}
        </ul>
      )}
    </div>
  );
}

function StudentSessionCard({ session, onMessage }: { session: Session; onMessage: (t: { id: string; name: string }) => void }) {
  const toast = useToast();
  const invalidate = useInvalidateMentoring();
  const [rating, setRating] = useState(0);
  const rate = useMutation({
    mutationFn: (value: number) => rateSession(session._id, value),
    onSuccess: () => {
      toast.success(MENTORING_MESSAGES.rated);
      void invalidate();
    },
    onError: (e) => toast.error(errorMessage(e, 'Failed to rate the session. Please try again.')),
  });
  const ics = useMutation({
    mutationFn: () => downloadSessionIcs(session._id),
    onError: (e) => toast.error(errorMessage(e, 'Failed to download the calendar file')),
  });
  const pro = session.professional;

  return (
    <li className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-slate-900">{session.topic}</p>
          <p className="text-sm text-slate-700">
            with {pro.name}
            {pro.title ? ` · ${pro.title}` : ''}
            {pro.company ? ` at ${pro.company}` : ''}
          </p>
        </div>
        <SessionStatusBadge status={session.status} />
      </div>
      <SessionWhen session={session} />
      <div className="flex flex-wrap gap-2">
        <JoinLink session={session} />
        {session.status !== 'cancelled' && (
          <Button size="sm" variant="secondary" onClick={() => ics.mutate()} disabled={ics.isPending}>
            <CalendarPlus className="h-4 w-4" aria-hidden="true" />
            Add to calendar
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={() => onMessage({ id: pro._id, name: pro.name })}>
          <MessageSquare className="h-4 w-4" aria-hidden="true" />
          Message
        </Button>
      </div>
      {session.rating !== null ? (
        <p className="text-sm text-slate-700" aria-label={`You rated this session ${session.rating} out of 5`}>
          Your rating: {'★'.repeat(session.rating)}
          {'☆'.repeat(5 - session.rating)}
        </p>
      ) : session.canRate ? (
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">Rate this session from 1 to 5</legend>
          <span className="text-sm text-slate-700">Rate this session:</span>
          {[1, 2, 3, 4, 5].map((value) => (
            <button
              key={value}
              type="button"
              aria-label={`${value} star${value === 1 ? '' : 's'}`}
              aria-pressed={rating === value}
              className="rounded p-0.5 text-amber-500 hover:scale-110"
              onClick={() => setRating(value)}
            >
              <Star className="h-5 w-5" fill={value <= rating ? 'currentColor' : 'none'} aria-hidden="true" />
            </button>
          ))}
          <Button size="sm" disabled={!rating || rate.isPending} onClick={() => rate.mutate(rating)}>
            {rate.isPending ? 'Saving...' : 'Submit rating'}
          </Button>
        </fieldset>
      ) : null}
    </li>
  );
}
