import { Sparkles, ThumbsDown } from 'lucide-react';
import { useId } from 'react';
import { MATCHING_MESSAGES, type RecommendationItem, type RecommendationKind } from '@app/shared/matching';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useDismiss, useRecommendations } from './api.ts';

const NOUN: Record<RecommendationKind, { many: string; empty: string }> = {
  professional: {
    many: 'mentors',
    empty: 'No mentor with free time matches your profile right now. Add interests to your profile, or browse everyone below.',
  },
  workshop: { many: 'workshops', empty: 'No open upcoming workshop matches your interests right now. Browse all workshops below.' },
  'rd-project': { many: 'R&D projects', empty: 'No open R&D project matches your interests right now. Browse all projects below.' },
};

/**
 * "Recommended for you": the few best items for the signed-in student with the reasons in words, a
 * button to open each and a "Not interested" button that hides it for good.
 */
export function RecommendedPanel({
  kind,
  onOpen,
  limit,
  compact = false,
  title = 'Recommended for you',
}: {
  kind: RecommendationKind;
  onOpen: (id: string) => void;
  limit?: number;
  compact?: boolean;
  title?: string;
}) {
  const headingId = useId();
  const list = useRecommendations(kind, limit);
  const noun = NOUN[kind];
  return (
    <section aria-labelledby={headingId} className="mb-8 rounded-2xl border border-indigo-100 bg-indigo-50/50 p-4 sm:p-5" data-testid={`recommended-${kind}`}>
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Sparkles aria-hidden="true" className="h-5 w-5 text-indigo-600" /> {title}
      </h2>
      {!compact && <p className="mt-1 text-sm text-slate-600">Picked from your interests, course and what students like you chose. Each says why.</p>}
      <div className="mt-4">
        {list.isPending ? (
          <div role="status" aria-label={`Loading recommended ${noun.many}`} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-36" />
            ))}
          </div>
        ) : list.isError ? (
          <ErrorState message={errorMessage(list.error, `Could not load recommended ${noun.many}`)} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">{noun.empty}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {list.data.items.map((item) => (
              <RecommendationCard key={item.id} item={item} onOpen={onOpen} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function RecommendationCard({ item, onOpen }: { item: RecommendationItem; onOpen: (id: string) => void }) {
  const dismiss = useDismiss(item.kind);
  const toast = useToast();
  const titleId = useId();
  const onDismiss = () =>
    dismiss.mutate(
      { itemId: item.id },
      {
        onSuccess: () => toast.show(`${MATCHING_MESSAGES.dismissed}: ${item.title}`, 'success'),
        onError: (e) => toast.show(errorMessage(e, 'Could not hide this recommendation'), 'error'),
      },
    );
  return (
    <li className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id={titleId} className="font-semibold break-words text-slate-900">
        {item.title}
      </h3>
      <p className="text-sm break-words text-slate-600">{item.subtitle}</p>
      <p className="mt-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">Why</p>
      <ul className="mt-1 flex-1 list-disc space-y-0.5 ps-5 text-sm text-slate-700" aria-label={`Why ${item.title} is recommended`}>
        {item.reasons.slice(0, 4).map((r) => (
          <li key={r} className="break-words">
            {r}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={() => onOpen(item.id)} aria-label={`View ${item.title}`}>
          View
        </Button>
        <Button size="sm" variant="secondary" onClick={onDismiss} disabled={dismiss.isPending} aria-label={`Not interested in ${item.title}`}>
          <ThumbsDown aria-hidden="true" className="me-1 inline h-4 w-4" /> Not interested
        </Button>
      </div>
    </li>
  );
}
