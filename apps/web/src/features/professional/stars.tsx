import { Star } from 'lucide-react';
import { useFormat, useT } from '../../lib/i18n.tsx';

/** 'New' before the first rating (never an invented number); otherwise 5 stars filled up to the floor. */
export function RatingStars({ rating }: { rating: number }) {
  const t = useT();
  const format = useFormat();
  if (!rating) return <span className="text-2xl font-bold text-slate-900">{t('pro.stars.new')}</span>;
  const value = format.number(rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const filled = Math.floor(rating);
  return (
    <span className="flex items-center gap-2">
      <span className="text-2xl font-bold text-slate-900">{value}</span>
      <span className="flex" role="img" aria-label={t('pro.stars.label', { rating: value })}>
        {[1, 2, 3, 4, 5].map((i) => (
          <Star
            key={i}
            aria-hidden="true"
            className={`h-5 w-5 ${i <= filled ? 'text-amber-500' : 'text-slate-300'}`}
            fill={i <= filled ? 'currentColor' : 'none'}
          />
        ))}
      </span>
    </span>
  );
}
