import { CalendarPlus, ExternalLink, FileText, Link as LinkIcon, MapPin, Presentation, Repeat, Users, Video } from 'lucide-react';
import type { WorkshopDto } from '@app/shared/workshops';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { truncate } from '../../lib/format.ts';
import { JoinLink, PhaseBadge, StatusBadge, WorkshopBanner, WorkshopWhen, useClosedReasonText } from './workshop-bits.tsx';
import { JOIN_EARLY_MINUTES } from '@app/shared/workshop-constants';
import { rich, useFormat, useT } from '../../lib/i18n.tsx';

const MATERIAL_ICONS = { pdf: FileText, video: Video, link: LinkIcon, presentation: Presentation } as const;

/**
 * Every block of the workshop detail modal (spec 000 §2): banner, tags, description, schedule and
 * logistics, online and venue details, instructor, prerequisites, outcomes, materials, recurrence,
 * spots remaining and the Register Now / Workshop Full / Registered button.
 */
export function WorkshopDetailDialog({
  workshop,
  onClose,
  onRegister,
  registering,
  onCalendar,
  canRegister = true,
  closeHref,
}: {
  workshop: WorkshopDto | null;
  onClose: () => void;
  onRegister?: (w: WorkshopDto) => void;
  registering?: boolean;
  onCalendar?: (w: WorkshopDto) => void;
  /** false on the public page for visitors: the button invites them to sign in instead. */
  canRegister?: boolean;
  /** The public page's: closing goes to this address (a link before the app runs, decision 1380). */
  closeHref?: string;
}) {
  const t = useT();
  const format = useFormat();
  const w = workshop;
  return (
    <Dialog
      open={Boolean(w)}
      onClose={onClose}
      closeHref={closeHref}
      size="lg"
      title={w ? <bdi>{w.title}</bdi> : ''}
      footer={w ? <DetailFooter w={w} onRegister={onRegister} registering={registering} onCalendar={onCalendar} canRegister={canRegister} /> : null}
    >
      {w && (
        <div className="space-y-5 text-sm text-slate-700">
          <div className="-mx-5 -mt-4">
            <WorkshopBanner workshop={w} className="h-32 rounded-none" />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <PhaseBadge workshop={w} />
            {w.registrationStatus && w.registrationStatus !== 'cancelled' && <StatusBadge status={w.registrationStatus} />}
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">{t('workshops.card.category', { category: w.category.replace(/\s+/g, '') })}</span>
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">{t('workshops.card.difficulty', { level: w.difficulty })}</span>
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">{t('workshops.card.mode', { mode: w.deliveryMode })}</span>
            {w.organisationId && (
              <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs text-violet-800">
                {w.organisationName ? rich(t('workshops.detail.onlyFor', { university: w.organisationName }), { org: (chunk) => <bdi>{chunk}</bdi> }) : t('workshops.card.ownStudents')}
              </span>
            )}
            {w.tags.map((tag) => (
              <span key={tag} dir="auto" className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800">#{tag}</span>
            ))}
          </div>
          <p className="whitespace-pre-line" dir="auto">{w.description}</p>

          <Block title={t('workshops.detail.schedule')}>
            <p><time dateTime={w.schedule.startsAt}><WorkshopWhen workshop={w} /></time></p>
            <p className="mt-1 flex items-center gap-1"><Users aria-hidden="true" className="h-4 w-4" /> {t('workshops.detail.spotsRemaining', { count: w.spotsRemaining, total: format.number(w.capacity.maxParticipants) })}</p>
            {w.isRecurring && (
              <p className="mt-2 flex items-center gap-1 rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
                <Repeat aria-hidden="true" className="h-4 w-4" />{' '}
                {t('workshops.detail.recurring')}
                {w.recurringPattern?.frequency ? <>: {t('workshops.detail.frequency', { frequency: w.recurringPattern.frequency.toLowerCase() })}</> : null}
                {w.recurringPattern?.endDate ? (
                  <> {t('workshops.detail.until', { date: format.date(`${w.recurringPattern.endDate.slice(0, 10)}T12:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }) })}</>
                ) : null}
              </p>
            )}
          </Block>

          {(w.deliveryMode === 'online' || w.deliveryMode === 'hybrid') && w.meetingDetails && (
            <Block title={t('workshops.detail.online')}>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="font-medium">{t('workshops.detail.platform')}</dt>
                <dd dir="auto">{w.meetingDetails.platform ?? t('workshops.card.mode', { mode: 'online' })}</dd>
                {w.meetingDetails.meetingId && (
                  <>
                    <dt className="font-medium">{t('workshops.detail.meetingId')}</dt>
                    <dd dir="ltr" className="break-all text-start">{w.meetingDetails.meetingId}</dd>
                  </>
                )}
                <dt className="font-medium">{t('workshops.detail.link')}</dt>
                <dd className="min-w-0 [overflow-wrap:anywhere]">
                  {w.meetingDetails.link ? (
                    <a href={w.meetingDetails.link} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-brand-700 underline">
                      <bdi>{w.meetingDetails.link}</bdi> <ExternalLink aria-hidden="true" className="h-3 w-3" />
                    </a>
                  ) : (
                    <span className="text-slate-600">{w.isRegistered ? t('workshops.tab.joinOpens', { minutes: JOIN_EARLY_MINUTES }) : t('workshops.detail.linkShared')}</span>
                  )}
                </dd>
              </dl>
            </Block>
          )}

          {(w.deliveryMode === 'offline' || w.deliveryMode === 'hybrid') && w.location && (
            <Block title={t('workshops.detail.venue')}>
              <p className="flex items-start gap-1">
                <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                {[w.location.venue, w.location.address, w.location.city, w.location.state].some(Boolean) ? (
                  <span dir="auto">{[w.location.venue, w.location.address, w.location.city, w.location.state].filter(Boolean).join(', ')}</span>
                ) : (
                  <span>{t('workshops.detail.venueTbd')}</span>
                )}
              </p>
            </Block>
          )}

          {w.instructor && (
            <Block title={t('workshops.detail.instructor')}>
              <div className="flex items-start gap-3">
                {w.instructor.profileImageUrl ? (
                  <img src={w.instructor.profileImageUrl} alt="" className="h-12 w-12 rounded-full object-cover" />
                ) : null}
                <div>
                  <p className="font-medium text-slate-900" dir="auto">{w.instructor.name}</p>
                  {w.instructor.title && w.instructor.company ? (
                    <p>
                      {rich(t('workshops.detail.titleAt', { title: w.instructor.title, company: w.instructor.company }), {
                        role: (chunk) => <bdi>{chunk}</bdi>,
                        org: (chunk) => <bdi>{chunk}</bdi>,
                      })}
                    </p>
                  ) : (
                    (w.instructor.title || w.instructor.company) && <p dir="auto">{w.instructor.title || w.instructor.company}</p>
                  )}
                  {w.instructor.expertise && <p dir="auto" className="text-xs text-slate-500">{w.instructor.expertise}</p>}
                  {w.instructor.email && <p className="text-xs"><a className="text-brand-700 underline" href={`mailto:${w.instructor.email}`}><bdi>{w.instructor.email}</bdi></a></p>}
                  {w.instructor.bio && <p className="mt-1" dir="auto">{truncate(w.instructor.bio, 150)}</p>}
                </div>
              </div>
            </Block>
          )}

          {w.prerequisites.length > 0 && <ListBlock title={t('workshops.detail.prerequisites')} items={w.prerequisites} />}
          {w.learningOutcomes.length > 0 && <ListBlock title={t('workshops.detail.outcomes')} items={w.learningOutcomes} />}
          {w.materials.length > 0 && (
            <Block title={t('workshops.detail.materials')}>
              <ul className="space-y-2">
                {w.materials.map((m) => {
                  const Icon = MATERIAL_ICONS[m.type];
                  return (
                    <li key={`${m.title}-${m.url}`} className="flex items-start gap-2">
                      <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                      <span>
                        <a href={m.url} target="_blank" rel="noopener noreferrer" dir="auto" className="font-medium text-brand-700 underline">{m.title}</a>
                        <span className="ms-1 text-xs text-slate-500">{t('workshops.detail.materialType', { type: m.type })}</span>
                        {m.description && <span dir="auto" className="block text-xs text-slate-600">{m.description}</span>}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </Block>
          )}
          {onCalendar && w.isRegistered && w.status === 'published' && (
            <Button variant="secondary" size="sm" onClick={() => onCalendar(w)}>
              <CalendarPlus aria-hidden="true" className="h-4 w-4" /> {t('workshops.tab.addToCalendar')}
            </Button>
          )}
        </div>
      )}
    </Dialog>
  );
}

function DetailFooter({ w, onRegister, registering, canRegister }: { w: WorkshopDto; onRegister?: (w: WorkshopDto) => void; registering?: boolean; onCalendar?: (w: WorkshopDto) => void; canRegister: boolean }) {
  const t = useT();
  const closedReason = useClosedReasonText();
  if (w.isRegistered) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <JoinLink workshop={w} />
        <Button disabled>{t('workshops.card.registered')}</Button>
      </div>
    );
  }
  // Never a silently disabled button: say why registration is closed (issue 29).
  const closed = closedReason(w);
  if (closed) return <p className="text-sm font-medium text-slate-800">{closed}</p>;
  if (!canRegister || !onRegister) return null;
  return (
    <Button onClick={() => onRegister(w)} disabled={registering}>
      {registering ? t('workshops.card.registering') : t('workshops.detail.registerNow')}
    </Button>
  );
}

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section>
      <h3 className="mb-1 font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

function ListBlock({ title, items }: { title: string; items: string[] }) {
  return (
    <Block title={title}>
      <ul className="list-disc space-y-0.5 ps-5">
        {items.map((item) => <li key={item} dir="auto">{item}</li>)}
      </ul>
    </Block>
  );
}
