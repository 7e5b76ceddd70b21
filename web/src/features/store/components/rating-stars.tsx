import { Star } from 'lucide-react';

// Spec §2: a fixed review count and five stars; there is no review data behind them.
const REVIEW_COUNT = 127;
const STARS = 5;

export function RatingStars() {
  return (
    <p className="flex items-center gap-1.5 text-sm text-slate-500">
      <span role="img" aria-label={`Rated ${STARS} out of 5 stars`} className="flex text-amber-400">
        {Array.from({ length: STARS }, (_, i) => (
          <Star key={i} className="size-4 fill-current" aria-hidden />
        ))}
      </span>
      <span>({REVIEW_COUNT} reviews)</span>
    </p>
  );
}
