import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CalendarPlus, MessageSquare, Plus, RefreshCw, XCircle } from 'lucide-react';
import { DEFAULT_TIMEZONE, MENTORING_MESSAGES, todayIn, type Session } from '@app/shared/mentoring';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog, Dialog, FormButtons } from '../../components/ui/dialog.tsx';
import { Alert, SelectField, TextField } from '../../components/ui/field.tsx';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { cancelSession, createSession, downloadSessionIcs, markSessionAttendance, rescheduleSession, useInvalidateMentoring } from '../mentoring/api.ts';
import { MessageThreadDialog } from '../mentoring/message-thread.tsx';
import { JoinLink, SessionChanges, SessionStatusBadge } from '../mentoring/session-bits.tsx';
import { wallClock } from '../mentoring/time-utils.ts';
import { useMyTimeZone } from '../profile/my-time-zone.ts';
import { useConnectedStudents, useMySessions } from './api.ts';
import { rich, useFormat, useT } from '../../lib/i18n.tsx';
import { ScheduleFields, type ScheduleValue } from './schedule-fields.tsx';

// Any IANA zone is accepted (decision 702); an empty one falls back to the default.
const asZone = (tz: string): string => tz || DEFAULT_TIMEZONE;

export function SessionsTab({ initialStudentId, onConsumed }: { initialStudentId?: string | null; onConsumed?: () => void }) {
  const t = useT();
  const sessions = useMySessions();
  const [scheduling, setScheduling] = useState(Boolean(initialStudentId));
  const [rescheduling, setRescheduling] = useState<Session | null>(null);
  const [cancelling, setCancelling] = useState<Session | null>(null);
  const [thread, setThread] = useState<{ id: string; name: string } | null>(null);

  const list = sessions.data ?? [];
  const upcoming = list.filter((s) => s.status === 'scheduled').sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
  const past = list.filter((s) => s.status !== 'scheduled');

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">{t('pro.sessions.upcoming')}</h2>
        <Button onClick={() => setScheduling(true)}>
          <Plus className="h-4 w-4" aria-hidden="true" /> {t('pro.sessions.schedule')}
        </Button>
      </div>
      {sessions.isPending ? (
        <Spinner label={t('pro.sessions.loading')} />
      ) : sessions.isError ? (
        <ErrorState message={errorMessage(sessions.error, t('pro.sessions.loadFailed'))} onRetry={() => void sessions.refetch()} />
      ) : upcoming.length === 0 ? (
        <EmptyState title={t('pro.sessions.emptyTitle')}>
          {t('pro.sessions.emptyBody')}
        </EmptyState>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {upcoming.map((s) => (
            <SessionCard
              key={s._id}
              session={s}
              onMessage={() => setThread({ id: s.student._id, name: s.student.name })}
              onReschedule={() => setRescheduling(s)}
              onCancel={() => setCancelling(s)}
            />
          ))}
        </ul>
      )}
      {past.length > 0 && (
        <section aria-labelledby="past-sessions">
          <h3 id="past-sessions" className="mb-2 font-semibold text-slate-800">
            {t('pro.sessions.past')}
          </h3>
          <ul className="grid gap-3 lg:grid-cols-2">
            {past.map((s) => (
              <SessionCard key={s._id} session={s} onMessage={() => setThread({ id: s.student._id, name: s.student.name })} />
            ))}
          </ul>
        </section>
      )}
      <ScheduleDialog
        open={scheduling}
        initialStudentId={initialStudentId ?? null}
        onClose={() => {
          setScheduling(false);
          onConsumed?.();
        }}
      />
      <RescheduleDialog session={rescheduling} onClose={() => setRescheduling(null)} />
      <CancelSessionDialog session={cancelling} onClose={() => setCancelling(null)} />
      <MessageThreadDialog otherId={thread?.id ?? null} otherName={thread?.name ?? ''} onClose={() => setThread(null)} />
    </div>
  );
}

function SessionCard({
  session: s,
  onMessage,
  onReschedule,
  onCancel,
}: {
  session: Session;
  onMessage: () => void;
  onReschedule?: () => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const invalidate = useInvalidateMentoring();
  const attendance = useMutation({
    mutationFn: (value: 'attended' | 'no-show') => markSessionAttendance(s._id, value),
    onSuccess: (r) => {
      toast.success(r.message ?? MENTORING_MESSAGES.attendanceMarked);
      void invalidate();
    },
    onError: (e) => toast.error(errorMessage(e, t('pro.sessions.attendanceFailed'))),
  });
  // In the mentor's own zone (profile, else browser), with the student's time when their zone differs (decision 810).
  const mine = useMyTimeZone();
  const theirZone = s.zones.student ?? s.timezone;
  const date = format.date(s.scheduledAt, { dateStyle: 'medium', timeZone: mine });
  const clock = (timeZone: string) => format.time(s.scheduledAt, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
  const time = clock(mine);
  const local = theirZone !== mine && clock(theirZone) !== time ? t('pro.sessions.theirTime', { time: clock(theirZone), name: s.student.name, zone: theirZone }) : null;
  return (
    <li className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-slate-900" dir="auto">{s.student.name}</p>
          {s.student.university && <p className="text-sm text-slate-700" dir="auto">{s.student.university}</p>}
        </div>
        <SessionStatusBadge status={s.status} />
      </div>
      <p className="text-sm font-medium text-slate-800" dir="auto">{s.topic}</p>
      <SessionChanges session={s} viewer="professional" />
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm text-slate-700 sm:grid-cols-4">
        <div>
          <dt className="text-xs text-slate-500">{t('pro.schedule.date')}</dt>
          <dd>{date}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('pro.sessions.time')}</dt>
          <dd>
            {time} <span className="text-xs" dir="ltr">({mine})</span>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('pro.sessions.duration')}</dt>
          <dd>{t('pro.sessions.minutes', { count: s.duration })}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('pro.sessions.type')}</dt>
          <dd>{t('pro.sessions.typeValue', { type: s.type })}</dd>
        </div>
      </dl>
      {local && <p className="text-xs text-slate-600">{local}</p>}
      {s.rating !== null && (
        <p className="text-sm text-slate-700">
          {t('pro.sessions.studentRating')}{' '}
          <span role="img" aria-label={t('pro.sessions.stars', { rating: s.rating })}>
            {'★'.repeat(s.rating)}
            {'☆'.repeat(5 - s.rating)}
          </span>
        </p>
      )}
      {s.canMarkAttendance && (
        <div className="flex flex-wrap items-center gap-2 text-sm" role="group" aria-label={t('pro.sessions.attendanceLabel', { name: s.student.name })}>
          <span className="text-slate-700">
            {t('pro.sessions.attendance')} <strong>{t('pro.sessions.attendanceValue', { value: s.attendance === 'no-show' ? 'noshow' : (s.attendance ?? 'none') })}</strong>
          </span>
          <Button size="sm" variant="secondary" disabled={attendance.isPending || s.attendance === 'attended'} onClick={() => attendance.mutate('attended')}>
            {t('pro.sessions.attendanceValue', { value: 'attended' })}
          </Button>
          <Button size="sm" variant="secondary" disabled={attendance.isPending || s.attendance === 'no-show'} onClick={() => attendance.mutate('no-show')}>
            {t('pro.sessions.attendanceValue', { value: 'noshow' })}
          </Button>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <JoinLink session={s} />
        <Button size="sm" variant="secondary" onClick={onMessage}>
          <MessageSquare className="h-4 w-4" aria-hidden="true" /> {t('pro.sessions.message')}
        </Button>
        {onReschedule && (
          <Button size="sm" variant="secondary" onClick={onReschedule}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t('pro.sessions.reschedule')}
          </Button>
        )}
        {s.status === 'scheduled' && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() =>
              void downloadSessionIcs(s._id).catch((e: unknown) =>
                toast.error(errorMessage(e, t('pro.sessions.icsFailed'))),
              )
            }
          >
            <CalendarPlus className="h-4 w-4" aria-hidden="true" /> {t('pro.sessions.ics')}
          </Button>
        )}
        {onCancel && (
          <Button size="sm" variant="ghost" className="text-red-700" onClick={onCancel}>
            <XCircle className="h-4 w-4" aria-hidden="true" /> {t('pro.common.cancel')}
          </Button>
        )}
      </div>
    </li>
  );
}

const emptySchedule = (): ScheduleValue => ({
  date: todayIn(DEFAULT_TIMEZONE),
  startTime: '10:00',
  endTime: '11:00',
  timezone: DEFAULT_TIMEZONE,
});

function ScheduleDialog({
  open,
  initialStudentId,
  onClose,
}: {
  open: boolean;
  initialStudentId: string | null;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} title={t('pro.sessions.schedule')} size="lg">
      {open && <ScheduleForm initialStudentId={initialStudentId} onClose={onClose} />}
    </Dialog>
  );
}

function ScheduleForm({ initialStudentId, onClose }: { initialStudentId: string | null; onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const invalidate = useInvalidateMentoring();
  const students = useConnectedStudents('', 'all');
  const [studentId, setStudentId] = useState(initialStudentId ?? '');
  const [topic, setTopic] = useState('');
  const [type, setType] = useState<'individual' | 'group'>('individual');
  const [schedule, setSchedule] = useState<ScheduleValue>(emptySchedule);
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () =>
      createSession({ studentId, topic: topic.trim() || undefined, type, ...schedule, timezone: asZone(schedule.timezone) }),
    onSuccess: () => {
      toast.success(t('pro.sessions.scheduled'));
      void invalidate();
      onClose();
    },
    onError: (e) => setError(errorMessage(e, t('pro.sessions.scheduleFailed'))),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!studentId) return setError(t('pro.sessions.chooseStudentError'));
    setError(null);
    mutation.mutate();
  };
  if (students.isPending) return <Spinner label={t('pro.students.loading')} />;
  if (students.isError)
    return (
      <ErrorState
        message={errorMessage(students.error, t('pro.students.loadFailed'))}
        onRetry={() => void students.refetch()}
      />
    );
  if (students.data.length === 0)
    return (
      <EmptyState title={t('pro.sessions.noStudentsTitle')}>
        {t('pro.sessions.noStudentsBody')}
      </EmptyState>
    );
  return (
    <form onSubmit={submit} className="space-y-4">
      <SelectField label={t('pro.sessions.student')} required value={studentId} onChange={(e) => setStudentId(e.target.value)}>
        <option value="">{t('pro.sessions.chooseStudent')}</option>
        {students.data.map((s) => (
          <option key={s._id} value={s._id}>
            {t('pro.sessions.studentOption', { name: s.name, email: s.email })}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('pro.sessions.topic')}
        maxLength={200}
        value={topic}
        onChange={(e) => setTopic(e.target.value)}
        placeholder={t('pro.sessions.topicPlaceholder')}
        dir="auto"
      />
      <SelectField label={t('pro.sessions.type')} value={type} onChange={(e) => setType(e.target.value as 'individual' | 'group')}>
        <option value="individual">{t('pro.sessions.typeValue', { type: 'individual' })}</option>
        <option value="group">{t('pro.sessions.typeValue', { type: 'group' })}</option>
      </SelectField>
      <ScheduleFields value={schedule} onChange={setSchedule} />
      <p className="text-xs text-slate-600">
        {t('pro.sessions.scheduleNote')}
      </p>
      {error && <Alert kind="error">{error}</Alert>}
      <div className="flex justify-end gap-2">
        <FormButtons
          onCancel={onClose}
          cancelLabel={t('pro.common.cancel')}
          submitLabel={t('pro.sessions.schedule')}
          pendingLabel={t('pro.sessions.scheduling')}
          pending={mutation.isPending}
        />
      </div>
    </form>
  );
}

function RescheduleDialog({ session, onClose }: { session: Session | null; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open={session !== null} onClose={onClose} title={t('pro.sessions.rescheduleTitle')} size="lg">
      {session && <RescheduleForm key={session._id} session={session} onClose={onClose} />}
    </Dialog>
  );
}

function RescheduleForm({ session, onClose }: { session: Session; onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const invalidate = useInvalidateMentoring();
  const zone = asZone(session.timezone);
  const [schedule, setSchedule] = useState<ScheduleValue>({
    date: wallClock(session.scheduledAt, zone).date,
    startTime: wallClock(session.scheduledAt, zone).time,
    endTime: wallClock(session.endsAt, zone).time,
    timezone: zone,
  });
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () =>
      rescheduleSession(session._id, { ...schedule, timezone: asZone(schedule.timezone), reason: reason.trim() || undefined }),
    onSuccess: () => {
      toast.success(t('pro.sessions.rescheduled'));
      void invalidate();
      onClose();
    },
    onError: (e) => setError(errorMessage(e, t('pro.sessions.rescheduleFailed'))),
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        mutation.mutate();
      }}
      className="space-y-4"
    >
      <p className="text-sm text-slate-700">
        {rich(t('pro.sessions.rescheduleIntro', { topic: session.topic, name: session.student.name }), {
          topic: (chunk) => <bdi>{chunk}</bdi>,
          name: (chunk) => <strong><bdi>{chunk}</bdi></strong>,
        })}
      </p>
      <ScheduleFields value={schedule} onChange={setSchedule} />
      <TextField
        dir="auto"
        label={t('pro.sessions.rescheduleNote')}
        maxLength={2000}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      {error && <Alert kind="error">{error}</Alert>}
      <div className="flex justify-end gap-2">
        <FormButtons
          onCancel={onClose}
          cancelLabel={t('pro.common.cancel')}
          submitLabel={t('pro.sessions.reschedule')}
          pendingLabel={t('pro.common.saving')}
          pending={mutation.isPending}
        />
      </div>
    </form>
  );
}

function CancelSessionDialog({ session, onClose }: { session: Session | null; onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const invalidate = useInvalidateMentoring();
  const mutation = useMutation({
    mutationFn: (id: string) => cancelSession(id),
    onSuccess: () => {
      toast.success(t('pro.sessions.cancelled'));
      void invalidate();
      onClose();
    },
    onError: (e) => toast.error(errorMessage(e, t('pro.sessions.cancelFailed'))),
  });
  return (
    <ConfirmDialog
      open={session !== null}
      title={t('pro.sessions.cancelTitle')}
      message={session ? t('pro.sessions.cancelBody', { topic: session.topic, name: session.student.name }) : ''}
      confirmLabel={t('pro.sessions.cancelConfirm')}

      busy={mutation.isPending}
      onConfirm={() => session && mutation.mutate(session._id)}
      onCancel={onClose}
    />
  );
}
