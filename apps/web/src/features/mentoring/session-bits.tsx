import { Video } from 'lucide-react';
import type { Session } from './shared.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { useMyTimeZone } from '../profile/my-time-zone.ts';

/** 'Join Session' when a meeting link exists, otherwise a disabled 'Link unavailable' (spec 002 §2). */
export function JoinLink({ session }: { session: Session }) {
  if (session.meetLink && session.status === 'scheduled') {
    return (
      <a href={session.meetLink} target="_blank" rel="noopener noreferrer" className={buttonClass('primary', 'sm')}>
        <Video className="h-4 w-4" aria-hidden="true" />
        Join Session
      </a>
    );
  }
  return (
    <button type="button" disabled className={buttonClass('secondary', 'sm')}>
      Link unavailable
    </button>
  );
}

export function SessionStatusBadge({ status }: { status: Session['status'] }) {
  const style = {
    scheduled: 'bg-blue-100 text-blue-800',
    completed: 'bg-green-100 text-green-800',
    cancelled: 'bg-slate-200 text-slate-700',
  }[status];
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium capitalize ${style}`}>{status}</span>;
}

const time = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });

/**
 * Date and time in the viewer's own zone (profile, else browser; decision 702), named; plus the other
 * participant's local time when their zone differs.
 */
export function SessionWhen({ session, viewer }: { session: Session; viewer: 'student' | 'professional' }) {
  const mine = useMyTimeZone();
  const other = viewer === 'student' ? 'professional' : 'student';
  const theirZone = session.zones[other] ?? session.timezone;
  const theirName = viewer === 'student' ? session.professional.name : session.student.name;
  const date = new Date(session.scheduledAt).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: mine });
  return (
    <div className="text-sm text-slate-700">
      <p>
        <span className="font-medium">Date:</span> {date} · <span className="font-medium">Time:</span> {time(session.scheduledAt, mine)} ({mine})
        · <span className="font-medium">Duration:</span> {session.duration} min
      </p>
      {theirZone !== mine && (
        <p className="text-xs text-slate-600">
          {time(session.scheduledAt, theirZone)} for {theirName} ({theirZone})
        </p>
      )}
    </div>
  );
}

/** Who changed the session and why (both sides see it). */
export function SessionChanges({ session, viewer }: { session: Session; viewer: 'student' | 'professional' }) {
  const who = (by: 'student' | 'professional' | null) => (by === null ? 'Someone' : by === viewer ? 'You' : by === 'student' ? session.student.name : session.professional.name);
  return (
    <>
      {session.cancellation && (
        <p className="text-sm text-slate-700">
          {who(session.cancellation.by)} cancelled{session.cancellation.late ? ' late (inside the notice period)' : ''}
          {session.cancellation.reason ? `: “${session.cancellation.reason}”` : '.'}
        </p>
      )}
      {session.rescheduled && session.status !== 'cancelled' && (
        <p className="text-xs text-slate-600">
          Rescheduled by {who(session.rescheduled.by).replace(/^You$/, 'you')}
          {session.rescheduled.reason ? `: “${session.rescheduled.reason}”` : ''}
        </p>
      )}
    </>
  );
}
