import type { WorkshopDto } from '@app/shared/workshops';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { useT } from '../../lib/i18n.tsx';

/** Share of a workshop's seats taken, as a rounded percentage (spec 002 §9). */
export function seatsPercent(w: Pick<WorkshopDto, 'registeredCount' | 'capacity'>): number {
  return Math.min(100, Math.round((w.registeredCount / Math.max(1, w.capacity.maxParticipants)) * 100));
}

export function SeatsBar({ workshop, className }: { workshop: Pick<WorkshopDto, 'registeredCount' | 'capacity'>; className?: string }) {
  const t = useT();
  return <ProgressBar value={seatsPercent(workshop)} label={t('workshops.seatsTaken')} className={className} />;
}
