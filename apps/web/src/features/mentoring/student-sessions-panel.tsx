import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CalendarClock, CalendarPlus, MessageSquare, Star, XCircle } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useMyTimeZone } from '../profile/my-time-zone.ts';
import { downloadSessionIcs, rateSession, useInvalidateMentoring, useMyRequests, useMySessions, withdrawRequest } from './api.ts';
import { MatchedIn } from './matched-in.tsx';
import { MessageThreadDialog } from './message-thread.tsx';
import { CancelSessionDialog, RescheduleSessionDialog } from './session-change-dialogs.tsx';
import { JoinLink, SessionChanges, SessionStatusBadge, SessionWhen } from './session-bits.tsx';
import { MENTORING_MESSAGES, type Session, type StudentRequest } from './shared.ts';
import { slotText } from './time-utils.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';


const REQUEST_STYLE: Record<StudentRequest['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  accepted: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-800',
  expired: 'bg-slate-200 text-slate-700',
  cancelled: 'bg-slate-200 text-slate-700',
};

export function RequestStatusBadge({ status }: { status: StudentRequest['status'] }) {
  const t = useT();
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${REQUEST_STYLE[status]}`}>{t('mentoring.requests.status', { status })}</span>;
}

/** Every request the student sent, with its state and answer; a pending one can be withdrawn (issue 29). */
function StudentRequestsList() {
  const t = useT();
  const format = useFormat();
  const requests = useMyRequests();
  const toast = useToast();
  const invalidate = useInvalidateMentoring();
  const zone = useMyTimeZone();
  const [confirm, setConfirm] = useState<StudentRequest | null>(null);
  const withdraw = useMutation({
    mutationFn: (id: string) => withdrawRequest(id),
    onSuccess: (res) => {
      toast.success(res.message ?? MENTORING_MESSAGES.requestWithdrawn);
      setConfirm(null);
      void invalidate();
    },
    onError: (e) => {
      toast.error(errorMessage(e, t('mentoring.requests.withdrawFailed')));
      setConfirm(null);
    },
  });
  if (requests.isPending) return <Spinner label={t('mentoring.requests.loading')} />;
  if (requests.isError)
    return <ErrorState message={errorMessage(requests.error, t('mentoring.requests.loadFailed'))} onRetry={() => void requests.refetch()} />;
  return (
    <div>
      <h3 id="student-requests-heading" className="mb-2 font-semibold text-slate-800">{t('mentoring.requests.heading')}</h3>
      {requests.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('mentoring.requests.empty')}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-labelledby="student-requests-heading">
          {requests.data.map((r) => (
            <li key={r._id} className="space-y-1 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
              <div className="flex items-start justify-between gap-2">
                <div>
                  <p className="font-semibold text-slate-900">{r.professional.name}</p>
                  {(r.professional.title || r.professional.company) && (
                    <p className="text-slate-700">{r.professional.title && r.professional.company ? t('mentoring.requests.titleAt', { title: r.professional.title, company: r.professional.company }) : (r.professional.title || r.professional.company)}</p>
                  )}
                </div>
                <RequestStatusBadge status={r.status} />
              </div>
              <p className="text-slate-700">
                <span className="font-medium">{t('mentoring.requests.requestedTime')}:</span>{' '}
                {r.requestedSlot ? slotText(r.requestedSlot.start, r.requestedSlot.end, zone) : t('mentoring.requests.noTime')}
              </p>
              {r.matchedIn && <MatchedIn programme={r.matchedIn.name} className="text-slate-700" />}
              {r.message && (
                <p className="text-slate-700">
                  <span className="font-medium">{t('mentoring.requests.yourMessage')}:</span> <bdi>{r.message}</bdi>
                </p>
              )}
              {r.responseMessage && (
                <p className="text-slate-700">
                  <span className="font-medium">{t('mentoring.requests.reply')}:</span> <bdi>{r.responseMessage}</bdi>
                </p>
              )}
              <p className="text-xs text-slate-600">
                {t('mentoring.requests.sentOn', { date: format.dateTime(r.requestedAt, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }) })}
              </p>
              {r.status === 'pending' && (
                <Button size="sm" variant="secondary" onClick={() => setConfirm(r)} aria-label={t('mentoring.requests.withdrawLabel', { name: r.professional.name })}>
                  {t('mentoring.requests.withdraw')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={t('mentoring.requests.withdrawTitle')}
        message={t('mentoring.requests.withdrawBody', { name: confirm?.professional.name ?? '' })}
        confirmLabel={t('mentoring.requests.withdraw')}
        busy={withdraw.isPending}
        onConfirm={() => confirm && withdraw.mutate(confirm._id)}
        onCancel={() => setConfirm(null)}
      />
    </div>
  );
}

/** The student's requests and mentoring sessions: join link, calendar file, cancel, reschedule, rating, messages. */
export function StudentSessionsPanel() {
  const t = useT();
  const sessions = useMySessions();
  const [thread, setThread] = useState<{ id: string; name: string } | null>(null);
  const [cancelling, setCancelling] = useState<Session | null>(null);
  const [moving, setMoving] = useState<Session | null>(null);

  if (sessions.isPending) return <Spinner label={t('mentoring.sessions.loading')} />;
  if (sessions.isError)
    return (
      <ErrorState message={errorMessage(sessions.error, t('mentoring.sessions.loadFailed'))} onRetry={() => void sessions.refetch()} />
    );

  const list = sessions.data;
  const upcoming = list.filter((s) => s.status === 'scheduled').sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
  const past = list.filter((s) => s.status !== 'scheduled').sort((a, b) => b.scheduledAt.localeCompare(a.scheduledAt));

  return (
    <section aria-labelledby="student-sessions-heading" className="space-y-6">
      <h2 id="student-sessions-heading" className="text-xl font-semibold text-slate-900">
        {t('mentoring.sessions.heading')}
      </h2>
      <StudentRequestsList />
      {list.length === 0 ? (
        <EmptyState title={t('mentoring.sessions.emptyTitle')}>{t('mentoring.sessions.emptyBody')}</EmptyState>
      ) : (
        <>
          <SessionGroup title={t('mentoring.sessions.upcoming')} sessions={upcoming} empty={t('mentoring.sessions.upcomingEmpty')} actions={{ onMessage: setThread, onCancel: setCancelling, onMove: setMoving }} />
          <SessionGroup title={t('mentoring.sessions.past')} sessions={past} empty={t('mentoring.sessions.pastEmpty')} actions={{ onMessage: setThread, onCancel: setCancelling, onMove: setMoving }} />
        </>
      )}
      <MessageThreadDialog otherId={thread?.id ?? null} otherName={thread?.name ?? ''} onClose={() => setThread(null)} />
      {cancelling && <CancelSessionDialog session={cancelling} onClose={() => setCancelling(null)} />}
      {moving && <RescheduleSessionDialog session={moving} onClose={() => setMoving(null)} />}
    </section>
  );
}

interface CardActions {
  onMessage: (t: { id: string; name: string }) => void;
  onCancel: (s: Session) => void;
  onMove: (s: Session) => void;
}

function SessionGroup({ title, sessions, empty, actions }: { title: string; sessions: Session[]; empty: string; actions: CardActions }) {
  return (
    <div>
      <h3 className="mb-2 font-semibold text-slate-800">{title}</h3>
      {sessions.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {sessions.map((s) => (
            <StudentSessionCard key={s._id} session={s} actions={actions} />
          ))}
        </ul>
      )}
    </div>
  );
}

function StudentSessionCard({ session, actions }: { session: Session; actions: CardActions }) {
  const { onMessage } = actions;
  const t = useT();
  const toast = useToast();
  const invalidate = useInvalidateMentoring();
  const [rating, setRating] = useState(0);
  const rate = useMutation({
    mutationFn: (value: number) => rateSession(session._id, value),
    onSuccess: () => {
      toast.success(t('mentoring.sessions.rated'));
      void invalidate();
    },
    onError: (e) => toast.error(errorMessage(e, t('mentoring.sessions.rateFailed'))),
  });
  const ics = useMutation({
    mutationFn: () => downloadSessionIcs(session._id),
    onError: (e) => toast.error(errorMessage(e, t('mentoring.sessions.icsFailed'))),
  });
  const pro = session.professional;

  return (
    <li className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-slate-900">{session.topic}</p>
          <p className="text-sm text-slate-700">
            {t('mentoring.sessions.with', { name: pro.name })}
            {pro.title && pro.company ? ` · ${t('mentoring.requests.titleAt', { title: pro.title, company: pro.company })}` : pro.title || pro.company ? ` · ${pro.title || pro.company}` : ''}
          </p>
        </div>
        <SessionStatusBadge status={session.status} />
      </div>
      <SessionWhen session={session} viewer="student" />
      <SessionChanges session={session} viewer="student" />
      {session.canCancel && !session.canReschedule && (
        <p className="text-xs text-slate-600">
          {t('mentoring.sessions.noticeClosed', { hours: session.noticeHours })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <JoinLink session={session} />
        {session.status !== 'cancelled' && (
          <Button size="sm" variant="secondary" onClick={() => ics.mutate()} disabled={ics.isPending}>
            <CalendarPlus className="h-4 w-4" aria-hidden="true" />
            {t('mentoring.sessions.addToCalendar')}
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={() => onMessage({ id: pro._id, name: pro.name })}>
          <MessageSquare className="h-4 w-4" aria-hidden="true" />
          {t('mentoring.sessions.message')}
        </Button>
        {session.canReschedule && (
          <Button size="sm" variant="secondary" onClick={() => actions.onMove(session)}>
            <CalendarClock className="h-4 w-4" aria-hidden="true" />
            {t('mentoring.sessions.reschedule')}
          </Button>
        )}
        {session.canCancel && (
          <Button size="sm" variant="secondary" onClick={() => actions.onCancel(session)}>
            <XCircle className="h-4 w-4" aria-hidden="true" />
            {t('mentoring.sessions.cancel')}
          </Button>
        )}
      </div>
      {session.rating !== null ? (
        <p className="text-sm text-slate-700" aria-label={t('mentoring.sessions.ratedLabel', { rating: session.rating })}>
          {t('mentoring.sessions.yourRating')} {'★'.repeat(session.rating)}
          {'☆'.repeat(5 - session.rating)}
        </p>
      ) : session.canRate ? (
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">{t('mentoring.sessions.rateLegend')}</legend>
          <span className="text-sm text-slate-700">{t('mentoring.sessions.rateThis')}</span>
          {[1, 2, 3, 4, 5].map((value) => (
            <button
              key={value}
              type="button"
              aria-label={t('mentoring.sessions.stars', { count: value })}
              aria-pressed={rating === value}
              className="rounded p-0.5 text-amber-500 hover:scale-110"
              onClick={() => setRating(value)}
            >
              <Star className="h-5 w-5" fill={value <= rating ? 'currentColor' : 'none'} aria-hidden="true" />
            </button>
          ))}
          <Button size="sm" disabled={!rating || rate.isPending} onClick={() => rate.mutate(rating)}>
            {rate.isPending ? t('mentoring.sessions.saving') : t('mentoring.sessions.submitRating')}
          </Button>
        </fieldset>
      ) : null}
    </li>
  );
}
