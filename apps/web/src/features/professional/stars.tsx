import { Star } from 'lucide-react';

/** 'New' before the first rating (never an invented number); otherwise 5 stars filled up to the floor. */
export function RatingStars({ rating }: { rating: number }) {
  if (!rating) return <span className="text-2xl font-bold text-slate-900">New</span>;
  const filled = Math.floor(rating);
  return (
    <span className="flex items-center gap-2">
      <span className="text-2xl font-bold text-slate-900">{rating.toFixed(1)}</span>
      <span className="flex" role="img" aria-label={`${rating.toFixed(1)} out of 5 stars`}>
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
