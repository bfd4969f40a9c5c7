import { Award, Beaker, BookOpen, Code, ExternalLink, Lightbulb, Users, type LucideIcon } from 'lucide-react';
import { workshopStatusLabel, type WorkshopPhase } from '@app/shared/workshop-constants';
import type { WorkshopDto } from '@app/shared/workshops';
import { dateTimeIn, formatInZone } from '../../lib/zoned-time.ts';
import { useHydrated } from '../../lib/hooks.ts';
import { useMyTimeZoneReader } from '../profile/my-time-zone.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';

const ICONS: Record<string, LucideIcon> = { BookOpen, Code, Beaker, Lightbulb, Users, Award };

/** The coloured banner with its icon (or the uploaded banner image). */
export function WorkshopBanner({ workshop, className = 'h-28 rounded-t-2xl' }: { workshop: WorkshopDto; className?: string }) {
  const Icon = ICONS[workshop.banner.icon ?? ''] ?? BookOpen;
  // The strict CSP (style-src 'self') drops a style attribute written in the server's HTML; set from
  // script, it applies. A server-rendered banner starts in the default blue and takes its own colour
  // once the page has hydrated (decision 1070).
  const hydrated = useHydrated();
  if (workshop.banner.imageUrl) {
    return <img src={workshop.banner.imageUrl} alt="" className={`w-full object-cover ${className}`} />;
  }
  return (
    <div className={`flex w-full items-center justify-center bg-blue-700 ${className}`} style={hydrated ? { backgroundColor: workshop.banner.color ?? '#1d4ed8' } : undefined}>
      <Icon aria-hidden="true" className="h-10 w-10 text-white/90" />
    </div>
  );
}

const STATUS_STYLES: Record<string, string> = {
  upcoming: 'bg-green-100 text-green-800',
  completed: 'bg-slate-200 text-slate-800',
  draft: 'bg-amber-100 text-amber-800',
  cancelled: 'bg-red-100 text-red-800',
  registered: 'bg-blue-100 text-blue-800',
  attended: 'bg-green-100 text-green-800',
  absent: 'bg-amber-100 text-amber-800',
};

export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium capitalize ${STATUS_STYLES[status] ?? 'bg-slate-100 text-slate-700'}`}>{t('workshops.status', { status })}</span>;
}

export function WorkshopStatusBadge({ workshop }: { workshop: WorkshopDto }) {
  return <StatusBadge status={workshopStatusLabel(workshop.status)} />;
}

const PHASE_STYLES: Record<WorkshopPhase, string> = {
  draft: 'bg-amber-100 text-amber-900',
  upcoming: 'bg-green-100 text-green-800',
  live: 'bg-red-100 text-red-800',
  ended: 'bg-slate-200 text-slate-800',
  completed: 'bg-blue-100 text-blue-800',
  cancelled: 'bg-red-100 text-red-800',
};

/** Where the workshop is in its life: Draft, Upcoming, Live now, Ended, Completed, Cancelled. */
export function PhaseBadge({ workshop }: { workshop: WorkshopDto }) {
  const t = useT();
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${PHASE_STYLES[workshop.phase]}`}>
      {workshop.phase === 'live' && <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-red-700" />}
      {t('workshops.phase', { phase: workshop.phase })}
    </span>
  );
}

/**
 * Date and time in the workshop's own zone, named, plus the viewer's when it differs: the profile's zone
 * when signed in, else the browser's (decision 810).
 */
export function WorkshopWhen({ workshop }: { workshop: WorkshopDto }) {
  const t = useT();
  const format = useFormat();
  const zoned = useZonedWhen();
  const zone = workshop.schedule.timezone;
  const start = zoned(workshop.schedule.startsAt, zone);
  const end = format.time(workshop.schedule.endsAt, { timeStyle: 'short', timeZone: zone });
  return (
    <span>
      {t('workshops.whenRange', { start: dateTimeIn(workshop.schedule.startsAt, zone), end, zone })}
      {start.local && <span className="block text-xs text-slate-500">{start.local}</span>}
    </span>
  );
}

/**
 * An instant in a schedule's own zone, named, plus the viewer's own time when their clock reads
 * differently (the profile's zone, else the browser's: decision 810), in the page's language.
 */
export function useZonedWhen(): (iso: string, zone: string) => { text: string; local?: string } {
  const t = useT();
  const myZone = useMyTimeZoneReader();
  // The server does not know the visitor's zone: a server-rendered page shows the event's own zone, as the
  // server wrote it, and adds "your time" once it has hydrated (decision 1070). The viewer's zone is read
  // only then (decision 1310: reading the browser's builds its first Intl formatter).
  const hydrated = useHydrated();
  return (iso, zone) => {
    const viewer = hydrated ? myZone() : undefined;
    const plain = formatInZone(iso, zone, viewer ?? zone);
    const text = t('workshops.whenInZone', { when: dateTimeIn(iso, zone), zone });
    if (!plain.local) return { text };
    const when = dateTimeIn(iso, viewer);
    return { text, local: viewer ? t('workshops.yourTimeIn', { when, zone: viewer }) : t('workshops.yourTime', { when }) };
  };
}

/**
 * Join appears for a registrant of an online or hybrid workshop while its join window is open
 * (JOIN_EARLY_MINUTES before the start until the end, decision 710); the API sends the link only then.
 */
export function canJoin(workshop: WorkshopDto): boolean {
  return workshop.status === 'published' && workshop.deliveryMode !== 'offline' && workshop.joinOpen && Boolean(workshop.meetingDetails?.link);
}

/** The Join link of a registrant inside the join window; nothing otherwise. */
export function JoinLink({ workshop, className = '' }: { workshop: WorkshopDto; className?: string }) {
  const t = useT();
  const link = workshop.meetingDetails?.link;
  if (!canJoin(workshop) || !link) return null;
  return (
    <a
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      className={`inline-flex items-center gap-1 rounded-lg bg-green-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-green-800 ${className}`}
    >
      {t('workshops.join')}<span className="sr-only"> {t('workshops.joinLabel', { title: workshop.title })}</span> <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
    </a>
  );
}

/** Why a student cannot register for this workshop now (null: registration is open). */
export function registrationClosedReason(w: WorkshopDto): 'completed' | 'live' | 'ended' | 'notOpen' | 'full' | null {
  if (w.isRegistered) return null;
  if (w.status === 'completed' || w.phase === 'completed') return 'completed';
  if (w.phase === 'live') return 'live';
  if (w.phase === 'ended') return 'ended';
  if (w.phase !== 'upcoming') return 'notOpen';
  if (w.isFull) return 'full';
  return null;
}

/** The reason, in the page's language (the spec's wording in English). */
export function useClosedReasonText(): (w: WorkshopDto) => string | null {
  const t = useT();
  return (w) => {
    const reason = registrationClosedReason(w);
    return reason ? t('workshops.closed', { reason }) : null;
  };
}
