import { CalendarPlus, ExternalLink, FileText, Link as LinkIcon, MapPin, Presentation, Repeat, Users, Video } from 'lucide-react';
import type { WorkshopDto } from '@app/shared/workshops';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { truncate } from '../../lib/format.ts';
import { JoinLink, PhaseBadge, StatusBadge, WorkshopBanner, WorkshopWhen, useClosedReasonText } from './workshop-bits.tsx';
import { WORKSHOP_MESSAGES } from '@app/shared/workshop-constants';

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
}: {
  workshop: WorkshopDto | null;
  onClose: () => void;
  onRegister?: (w: WorkshopDto) => void;
  registering?: boolean;
  onCalendar?: (w: WorkshopDto) => void;
  /** false on the public page for visitors: the button invites them to sign in instead. */
  canRegister?: boolean;
}) {
  const w = workshop;
  return (
    <Dialog
      open={Boolean(w)}
      onClose={onClose}
      size="lg"
      title={w?.title ?? ''}
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
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">{w.category}</span>
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">{w.difficulty}</span>
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs capitalize">{w.deliveryMode}</span>
            {w.organisationId && (
              <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs text-violet-800">
                Only for students of {w.organisationName ?? 'your university'}
              </span>
            )}
            {w.tags.map((tag) => (
              <span key={tag} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800">#{tag}</span>
            ))}
          </div>
          <p className="whitespace-pre-line" dir="auto">{w.description}</p>

          <Block title="Schedule">
            <p><WorkshopWhen workshop={w} /></p>
            <p className="mt-1 flex items-center gap-1"><Users aria-hidden="true" className="h-4 w-4" /> {w.spotsRemaining} of {w.capacity.maxParticipants} spots remaining</p>
            {w.isRecurring && (
              <p className="mt-2 flex items-center gap-1 rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
                <Repeat aria-hidden="true" className="h-4 w-4" /> Recurring workshop
                {w.recurringPattern?.frequency ? `: ${w.recurringPattern.frequency}` : ''}
                {w.recurringPattern?.endDate ? ` until ${w.recurringPattern.endDate}` : ''}
              </p>
            )}
          </Block>

          {(w.deliveryMode === 'online' || w.deliveryMode === 'hybrid') && w.meetingDetails && (
            <Block title="Online details">
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="font-medium">Platform</dt>
                <dd>{w.meetingDetails.platform ?? 'Online'}</dd>
                {w.meetingDetails.meetingId && (
                  <>
                    <dt className="font-medium">Meeting ID</dt>
                    <dd className="break-all">{w.meetingDetails.meetingId}</dd>
                  </>
                )}
                <dt className="font-medium">Link</dt>
                <dd className="min-w-0 [overflow-wrap:anywhere]">
                  {w.meetingDetails.link ? (
                    <a href={w.meetingDetails.link} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-brand-700 underline">
                      {w.meetingDetails.link} <ExternalLink aria-hidden="true" className="h-3 w-3" />
                    </a>
                  ) : (
                    <span className="text-slate-600">{w.isRegistered ? WORKSHOP_MESSAGES.joinOpens : 'Shared with registered participants'}</span>
                  )}
                </dd>
              </dl>
            </Block>
          )}

          {(w.deliveryMode === 'offline' || w.deliveryMode === 'hybrid') && w.location && (
            <Block title="Venue">
              <p className="flex items-start gap-1">
                <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                <span>{[w.location.venue, w.location.address, w.location.city, w.location.state].filter(Boolean).join(', ') || 'To be announced'}</span>
              </p>
            </Block>
          )}

          {w.instructor && (
            <Block title="Instructor">
              <div className="flex items-start gap-3">
                {w.instructor.profileImageUrl ? (
                  <img src={w.instructor.profileImageUrl} alt="" className="h-12 w-12 rounded-full object-cover" />
                ) : null}
                <div>
                  <p className="font-medium text-slate-900" dir="auto">{w.instructor.name}</p>
                  <p>{[w.instructor.title, w.instructor.company].filter(Boolean).join(' at ')}</p>
                  {w.instructor.expertise && <p className="text-xs text-slate-500">{w.instructor.expertise}</p>}
                  {w.instructor.email && <p className="text-xs"><a className="text-brand-700 underline" href={`mailto:${w.instructor.email}`}>{w.instructor.email}</a></p>}
                  {w.instructor.bio && <p className="mt-1" dir="auto">{truncate(w.instructor.bio, 150)}</p>}
                </div>
              </div>
            </Block>
          )}

          {w.prerequisites.length > 0 && <ListBlock title="Prerequisites" items={w.prerequisites} />}
          {w.learningOutcomes.length > 0 && <ListBlock title="Learning outcomes" items={w.learningOutcomes} />}
          {w.materials.length > 0 && (
            <Block title="Materials">
              <ul className="space-y-2">
                {w.materials.map((m) => {
                  const Icon = MATERIAL_ICONS[m.type];
                  return (
                    <li key={`${m.title}-${m.url}`} className="flex items-start gap-2">
                      <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                      <span>
                        <a href={m.url} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline">{m.title}</a>
                        <span className="ms-1 text-xs uppercase text-slate-500">{m.type}</span>
                        {m.description && <span className="block text-xs text-slate-600">{m.description}</span>}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </Block>
          )}
          {onCalendar && w.isRegistered && w.status === 'published' && (
            <Button variant="secondary" size="sm" onClick={() => onCalendar(w)}>
              <CalendarPlus aria-hidden="true" className="h-4 w-4" /> Add to calendar
            </Button>
          )}
        </div>
      )}
    </Dialog>
  );
}

function DetailFooter({ w, onRegister, registering, canRegister }: { w: WorkshopDto; onRegister?: (w: WorkshopDto) => void; registering?: boolean; onCalendar?: (w: WorkshopDto) => void; canRegister: boolean }) {
  const closedReason = useClosedReasonText();
  if (w.isRegistered) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <JoinLink workshop={w} />
        <Button disabled>Registered</Button>
      </div>
    );
  }
  // Never a silently disabled button: say why registration is closed (issue 29).
  const closed = closedReason(w);
  if (closed) return <p className="text-sm font-medium text-slate-800">{closed}</p>;
  if (!canRegister || !onRegister) return null;
  return (
    <Button onClick={() => onRegister(w)} disabled={registering}>
      {registering ? 'Registering…' : 'Register Now'}
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
        {items.map((item) => <li key={item}>{item}</li>)}
      </ul>
    </Block>
  );
}
