import { Briefcase, MapPin, Star } from 'lucide-react';
import type { ProfessionalCardDto } from '@app/shared/professionals';
import type { StudentRequest } from '@app/shared/mentoring';
import { Button } from '../../components/ui/button.tsx';
import { initials, truncate } from '../../lib/format.ts';
import { formatters } from '@app/shared/i18n/format';
import { useFormat, useT } from '../../lib/i18n.tsx';

export function Avatar({ url, name, size = 'h-14 w-14' }: { url: string | null; name: string; size?: string }) {
  return url ? (
    <img src={url} alt="" className={`${size} shrink-0 rounded-full object-cover`} />
  ) : (
    <span aria-hidden="true" className={`${size} flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800`}>{initials(name)}</span>
  );
}

/** The average of real ratings, or "New" for a professional nobody has rated yet. */
export function Rating({ average, count }: { average: number | null; count: number }) {
  const t = useT();
  if (average === null || count === 0)
    return <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">{t('professionals.rating.new')}</span>;
  return (
    <span className="inline-flex items-center gap-1 text-sm text-slate-700" aria-label={t('professionals.rating.label', { average: average.toFixed(1), count })}>
      <Star aria-hidden="true" className="h-4 w-4 fill-amber-400 text-amber-400" /> {average.toFixed(1)}
      <span className="text-xs text-slate-600">({count})</span>
    </span>
  );
}

/** A professional's hourly rate in the page's language ("₹1,500/hour"; Indian grouping for rupees in English). */
export function useHourlyRate(): (amount: number | null | undefined, currency?: string) => string {
  const t = useT();
  const { locale } = useFormat();
  return (amount, currency = 'INR') => {
    if (amount === null || amount === undefined) return t('professionals.contactForPricing');
    const tag = currency === 'INR' && locale.toLowerCase().startsWith('en') ? 'en-IN' : locale;
    let money: string;
    try {
      // The shared formatters keep one Intl.NumberFormat per locale and currency: a page of cards builds each once.
      money = formatters(tag).number(amount, { style: 'currency', currency, maximumFractionDigits: 2, minimumFractionDigits: 0 });
    } catch {
      money = `${amount.toLocaleString(tag)} ${currency}`;
    }
    return t('professionals.rate', { money });
  };
}

export function ProfessionalCard({
  professional: p,
  onView,
  request,
}: {
  professional: ProfessionalCardDto;
  onView: (id: string) => void;
  /** The viewing student's pending or accepted request to this professional, if any. */
  request?: StudentRequest;
}) {
  const t = useT();
  const hourlyRate = useHourlyRate();
  return (
    <article className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <Avatar url={p.displayImage} name={p.name} />
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-slate-900" dir="auto">{p.name}</h3>
          <p className="truncate text-sm text-slate-700">{p.title}</p>
          <p className="flex items-center gap-1 truncate text-xs text-slate-600"><Briefcase aria-hidden="true" className="h-3 w-3" /> {p.company}</p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-800">{p.expertise}</span>
        <span className="text-slate-600">{t('professionals.card.years', { years: p.experience })}</span>
        <Rating average={p.rating.average} count={p.rating.count} />
      </div>
      {p.bio && <p className="mt-2 text-sm text-slate-600">{truncate(p.bio, 120)}</p>}
      <div className="mt-2 flex flex-wrap gap-1">
        {p.specializations.slice(0, 3).map((s) => <span key={s} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{s}</span>)}
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-medium text-slate-900">{hourlyRate(p.pricing.hourlyRate, p.pricing.currency)}</span>
        {/* The student's own request first; otherwise what the professional has set, not a fixed "Available". */}
        {request?.status === 'pending' ? (
          <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-800"><span aria-hidden="true" className="h-2 w-2 rounded-full bg-amber-500" /> {t('professionals.card.pending')}</span>
        ) : request?.status === 'accepted' ? (
          <span className="inline-flex items-center gap-1 text-xs font-medium text-green-800"><span aria-hidden="true" className="h-2 w-2 rounded-full bg-green-600" /> {t('professionals.card.accepted')}</span>
        ) : p.acceptingRequests ? (
          <span className="inline-flex items-center gap-1 text-xs text-green-700"><span aria-hidden="true" className="h-2 w-2 rounded-full bg-green-600" /> {t('professionals.card.accepting')}</span>
        ) : (
          <span className="inline-flex items-center gap-1 text-xs text-slate-600"><span aria-hidden="true" className="h-2 w-2 rounded-full bg-slate-400" /> {t('professionals.card.paused')}</span>
        )}
      </div>
      {p.location && <p className="mt-1 flex items-center gap-1 text-xs text-slate-500"><MapPin aria-hidden="true" className="h-3 w-3" /> {p.location}</p>}
      <Button className="mt-4" variant="secondary" onClick={() => onView(p.id)} aria-label={t('professionals.card.viewLabel', { name: p.name })}>{t('professionals.card.view')}</Button>
    </article>
  );
}
