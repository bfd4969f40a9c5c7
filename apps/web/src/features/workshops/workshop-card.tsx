import { Link } from 'react-router';
import { Calendar, MapPin, Users, Video } from 'lucide-react';
import type { WorkshopDto } from '@app/shared/workshops';
import { Button } from '../../components/ui/button.tsx';
import { truncate } from '../../lib/format.ts';
import { JoinLink, PhaseBadge, WorkshopBanner, WorkshopWhen, useClosedReasonText } from './workshop-bits.tsx';
import { useT } from '../../lib/i18n.tsx';

export function WorkshopCard({ workshop: w, onDetails, onRegister, registering, showRegister = true, headingLevel = 3, linked = false }: {
  workshop: WorkshopDto;
  /** The title links to the workshop's own address (the public list: readers without JavaScript and crawlers follow it). */
  linked?: boolean;
  /** The card's heading level: one below the section heading above the cards (WCAG 1.3.1). */
  headingLevel?: 2 | 3;
  onDetails: (w: WorkshopDto) => void;
  onRegister?: (w: WorkshopDto) => void;
  registering?: boolean;
  showRegister?: boolean;
}) {
  const mode = w.deliveryMode === 'offline' ? MapPin : Video;
  const ModeIcon = mode;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const t = useT();
  const closed = useClosedReasonText()(w);
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="relative">
        <WorkshopBanner workshop={w} />
        <div className="absolute top-2 inset-s-2 flex flex-wrap gap-1">
          {w.tags.slice(0, 2).map((tag) => (
            <span key={tag} className="rounded-full bg-white/90 px-2 py-0.5 text-xs font-medium text-slate-800">{tag}</span>
          ))}
        </div>
        {w.isRegistered && <span className="absolute top-2 inset-e-2 rounded-full bg-green-700 px-2 py-0.5 text-xs font-medium text-white">{t('workshops.card.registered')}</span>}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <Heading className="font-semibold text-slate-900" dir="auto">{linked ? <Link to={`/workshops/${w.id}`} className="rounded hover:underline">{w.title}</Link> : w.title}</Heading>
          <PhaseBadge workshop={w} />
        </div>
        {w.organisationId && <p className="text-xs font-medium text-violet-800">{t('workshops.card.ownStudents')}</p>}
        <p className="text-sm text-slate-600" dir="auto">{truncate(w.description, 100)}</p>
        <ul className="space-y-1 text-xs text-slate-600">
          <li className="flex items-start gap-1"><Calendar aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 shrink-0" /> <WorkshopWhen workshop={w} /></li>
          <li className="flex items-center gap-1"><ModeIcon aria-hidden="true" className="h-3.5 w-3.5" /> <span>{t('workshops.card.mode', { mode: w.deliveryMode })}</span>{w.instructor ? <> · <bdi>{w.instructor.name}</bdi></> : ''}</li>
          <li className="flex items-center gap-1"><Users aria-hidden="true" className="h-3.5 w-3.5" /> {w.status === 'completed' ? t('workshops.card.completed') : w.isFull ? t('workshops.card.full') : t('workshops.card.spotsLeft', { count: w.spotsRemaining })} · {t('workshops.card.category', { category: w.category.replace(/\s+/g, '') })} · {t('workshops.card.difficulty', { level: w.difficulty })}</li>
        </ul>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button variant="secondary" size="sm" onClick={() => onDetails(w)} aria-label={t('workshops.card.detailsLabel', { title: w.title })}>{t('workshops.card.details')}</Button>
          {w.isRegistered && <JoinLink workshop={w} />}
          {showRegister && onRegister && !w.isRegistered && !closed && (
            <Button size="sm" onClick={() => onRegister(w)} disabled={registering}>
              {registering ? t('workshops.card.registering') : t('workshops.card.register')}<span className="sr-only"> {t('workshops.card.registerFor', { title: w.title })}</span>
            </Button>
          )}
        </div>
        {showRegister && closed && <p className="text-xs font-medium text-slate-700">{closed}</p>}
      </div>
    </article>
  );
}
