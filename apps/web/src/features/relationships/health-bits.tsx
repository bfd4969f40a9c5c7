import type { HealthDto, HealthReason } from '@app/shared/relationships';
import { NumberField } from '../../components/ui/field.tsx';
import { useT } from '../../lib/i18n.tsx';

type T = ReturnType<typeof useT>;

/** One health reason in the page's language ("no meeting for 21 days; cadence every 14 days"). */
export function reasonText(t: T, r: HealthReason): string {
  const days = r.days ?? 0;
  const cadence = r.cadence ?? 0;
  switch (r.code) {
    case 'noMeeting':
      return t('rel.health.noMeeting', { days, cadence });
    case 'noMeetingYet':
      return t('rel.health.noMeetingYet', { days, cadence });
    case 'lowRating':
      return t('rel.health.lowRating', { rating: r.rating ?? 0 });
    case 'unanswered':
      return t('rel.health.unanswered', { days });
    case 'noAgreement':
      return t('rel.health.noAgreement', { days });
    case 'ended':
      return t('rel.health.endedReason');
    case 'onTrack':
      return t('rel.health.onTrack');
  }
}

const STYLE: Record<HealthDto['state'], string> = {
  healthy: 'bg-emerald-50 text-emerald-800 border-emerald-700',
  attention: 'bg-amber-50 text-amber-900 border-amber-700',
  'at-risk': 'bg-red-50 text-red-800 border-red-700',
  ended: 'bg-slate-100 text-slate-700 border-slate-500',
};

export function healthLabel(t: T, state: HealthDto['state']): string {
  switch (state) {
    case 'healthy':
      return t('rel.health.healthy');
    case 'attention':
      return t('rel.health.attention');
    case 'at-risk':
      return t('rel.health.atRisk');
    case 'ended':
      return t('rel.health.ended');
  }
}

/** The state as a labelled badge, then why. */
export function HealthBadge({ health }: { health: HealthDto }) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="health">
      <span className={`inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold ${STYLE[health.state]}`} data-state={health.state}>
        {healthLabel(t, health.state)}
      </span>
      <span className="text-sm text-slate-700">{health.reasons.map((r) => reasonText(t, r)).join('; ')}</span>
    </div>
  );
}

/** How often a pair meets, in days (1 to 90, as the agreement and the coordinator's default allow). */
export function CadenceField({ label, name, value, onChange, required }: { label: string; name: string; value: number; onChange: (days: number) => void; required?: boolean }) {
  return <NumberField label={label} name={name} min={1} max={90} required={required} value={value} onChange={onChange} />;
}
