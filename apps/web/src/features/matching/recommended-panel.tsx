import { Sparkles, ThumbsDown } from 'lucide-react';
import { useId } from 'react';
import type { RecommendationItem, RecommendationKind } from '@app/shared/matching';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useDismiss, useRecommendations } from './api.ts';
import { useT } from '../../lib/i18n.tsx';

/**
 * "Recommended for you": the few best items for the signed-in student with the reasons in words, a
 * button to open each and a "Not interested" button that hides it for good.
 */
export function RecommendedPanel({
  kind,
  onOpen,
  limit,
  compact = false,
  title,
}: {
  kind: RecommendationKind;
  onOpen: (id: string) => void;
  limit?: number;
  compact?: boolean;
  title?: string;
}) {
  const t = useT();
  const headingId = useId();
  const list = useRecommendations(kind, limit);
  const which = kind.replace('-', '');
  return (
    <section aria-labelledby={headingId} className="mb-8 rounded-2xl border border-indigo-100 bg-indigo-50/50 p-4 sm:p-5" data-testid={`recommended-${kind}`}>
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Sparkles aria-hidden="true" className="h-5 w-5 text-indigo-600" /> {title ?? t('matching.recommended.title')}
      </h2>
      {!compact && <p className="mt-1 text-sm text-slate-600">{t('matching.recommended.intro')}</p>}
      <div className="mt-4">
        {list.isPending ? (
          <div role="status" aria-label={t('matching.recommended.loading', { kind: which })} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-36" />
            ))}
          </div>
        ) : list.isError ? (
          <ErrorState message={errorMessage(list.error, t('matching.recommended.loadFailed', { kind: which }))} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">{t('matching.recommended.empty', { kind: which })}</p>
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
  const t = useT();
  const dismiss = useDismiss(item.kind);
  const toast = useToast();
  const titleId = useId();
  const onDismiss = () =>
    dismiss.mutate(
      { itemId: item.id },
      {
        onSuccess: () => toast.show(t('matching.recommended.dismissed', { title: item.title }), 'success'),
        onError: (e) => toast.show(errorMessage(e, t('matching.recommended.dismissFailed')), 'error'),
      },
    );
  return (
    <li className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id={titleId} dir="auto" className="font-semibold break-words text-slate-900">
        {item.title}
      </h3>
      <p dir="auto" className="text-sm break-words text-slate-600">{item.subtitle}</p>
      <p className="mt-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('matching.recommended.why')}</p>
      <ul className="mt-1 flex-1 list-disc space-y-0.5 ps-5 text-sm text-slate-700" aria-label={t('matching.recommended.whyLabel', { title: item.title })}>
        {item.reasons.slice(0, 4).map((r) => (
          <li key={r} dir="auto" className="break-words">
            {r}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={() => onOpen(item.id)} aria-label={t('matching.recommended.viewLabel', { title: item.title })}>
          {t('matching.recommended.view')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onDismiss} disabled={dismiss.isPending} aria-label={t('matching.recommended.notInterestedLabel', { title: item.title })}>
          <ThumbsDown aria-hidden="true" className="me-1 inline h-4 w-4" /> {t('matching.recommended.notInterested')}
        </Button>
      </div>
    </li>
  );
}
