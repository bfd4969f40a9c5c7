import { Video } from 'lucide-react';
import type { Session } from './shared.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { useMyTimeZone } from '../profile/my-time-zone.ts';
import { rich, useFormat, useT } from '../../lib/i18n.tsx';

/** 'Join Session' when a meeting link exists, otherwise a disabled 'Link unavailable' (spec 002 §2). */
export function JoinLink({ session }: { session: Session }) {
  const t = useT();
  if (session.meetLink && session.status === 'scheduled') {
    return (
      <a href={session.meetLink} target="_blank" rel="noopener noreferrer" className={buttonClass('primary', 'sm')}>
        <Video className="h-4 w-4" aria-hidden="true" />
        {t('mentoring.session.join')}
      </a>
    );
  }
  return (
    <button type="button" disabled className={buttonClass('secondary', 'sm')}>
      {t('mentoring.session.linkUnavailable')}
    </button>
  );
}

export function SessionStatusBadge({ status }: { status: Session['status'] }) {
  const t = useT();
  const style = {
    scheduled: 'bg-blue-100 text-blue-800',
    completed: 'bg-green-100 text-green-800',
    cancelled: 'bg-slate-200 text-slate-700',
  }[status];
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium capitalize ${style}`}>{t('mentoring.session.status', { status })}</span>;
}

/**
 * Date and time in the viewer's own zone (profile, else browser; decision 702), named; plus the other
 * participant's local time when their zone differs.
 */
export function SessionWhen({ session, viewer }: { session: Session; viewer: 'student' | 'professional' }) {
  const t = useT();
  const format = useFormat();
  const mine = useMyTimeZone();
  const time = (iso: string, timeZone: string) => format.time(iso, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
  const other = viewer === 'student' ? 'professional' : 'student';
  const theirZone = session.zones[other] ?? session.timezone;
  const theirName = viewer === 'student' ? session.professional.name : session.student.name;
  const date = format.date(session.scheduledAt, { dateStyle: 'medium', timeZone: mine });
  const bold = (chunk: string) => <span className="font-medium">{chunk}</span>;
  return (
    <div className="text-sm text-slate-700">
      <p>
        {rich(t('mentoring.session.when', { date, time: time(session.scheduledAt, mine), zone: mine, minutes: format.number(session.duration) }), { b: bold })}
      </p>
      {theirZone !== mine && (
        <p className="text-xs text-slate-600">
          {t('mentoring.session.theirTime', { time: time(session.scheduledAt, theirZone), name: theirName, zone: theirZone })}
        </p>
      )}
    </div>
  );
}

/** Who changed the session and why (both sides see it). */
export function SessionChanges({ session, viewer }: { session: Session; viewer: 'student' | 'professional' }) {
  const t = useT();
  const who = (by: 'student' | 'professional' | null) => ({
    by: by === null ? 'someone' : by === viewer ? 'you' : 'other',
    name: by === 'student' ? session.student.name : session.professional.name,
  });
  const { cancellation, rescheduled } = session;
  return (
    <>
      {cancellation && (
        <p className="text-sm text-slate-700">
          {cancellation.reason
            ? t('mentoring.session.cancelledReason', { ...who(cancellation.by), late: cancellation.late ? 'yes' : 'no', reason: cancellation.reason })
            : t('mentoring.session.cancelled', { ...who(cancellation.by), late: cancellation.late ? 'yes' : 'no' })}
        </p>
      )}
      {rescheduled && session.status !== 'cancelled' && (
        <p className="text-xs text-slate-600">
          {rescheduled.reason
            ? t('mentoring.session.rescheduledReason', { ...who(rescheduled.by), reason: rescheduled.reason })
            : t('mentoring.session.rescheduled', who(rescheduled.by))}
        </p>
      )}
    </>
  );
}
