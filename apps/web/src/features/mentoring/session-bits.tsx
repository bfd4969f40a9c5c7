import { Video } from 'lucide-react';
import type { Session } from './shared.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { formatInZone } from '../../lib/format.ts';

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

/** Date and 2-digit time in the session's zone, plus the viewer's local time when it differs. */
export function SessionWhen({ session }: { session: Session }) {
  const when = formatInZone(session.scheduledAt, session.timezone);
  const time = new Date(session.scheduledAt).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: session.timezone,
  });
  const date = new Date(session.scheduledAt).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: session.timezone });
  return (
    <div className="text-sm text-slate-700">
      <p>
        <span className="font-medium">Date:</span> {date} · <span className="font-medium">Time:</span> {time} ({session.timezone})
        · <span className="font-medium">Duration:</span> {session.duration} min
      </p>
      {when.local && <p className="text-xs text-slate-600">{when.local}</p>}
    </div>
  );
}
