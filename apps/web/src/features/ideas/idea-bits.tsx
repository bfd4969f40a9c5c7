import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Heart, Lock, MessageCircle, Star, Unlock } from 'lucide-react';
import type { IdeaDto } from '@app/shared/ideas';
import { ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { errorMessage } from '../../lib/api.ts';
import { truncate } from '../../lib/format.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';

const STATUS_STYLES: Record<string, string> = {
  approved: 'bg-green-100 text-green-800',
  implemented: 'bg-emerald-100 text-emerald-800',
  shortlisted: 'bg-purple-100 text-purple-800',
  under_review: 'bg-blue-100 text-blue-800',
  revision_required: 'bg-amber-100 text-amber-900',
  rejected: 'bg-red-100 text-red-800',
  draft: 'bg-slate-200 text-slate-800',
};

/** The select key of an idea category in `ideas.categoryName`: "Business & Management" → "Business_Management". */
export const categoryKey = (category: string) => category.replace(/[^A-Za-z0-9]+/g, '_');

/** An idea category in the reader's language (categories are a fixed list). */
export function useIdeaCategory() {
  const t = useT();
  return (category: string) => t('ideas.categoryName', { category: categoryKey(category) });
}

export function IdeaStatusBadge({ status }: { status: string }) {
  const t = useT();
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium capitalize ${STATUS_STYLES[status] ?? 'bg-slate-100 text-slate-700'}`}>{t('ideas.status', { status })}</span>;
}

export function VisibilityBadge({ isPublic }: { isPublic: boolean }) {
  const t = useT();
  return isPublic ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-800"><Unlock aria-hidden="true" className="h-3 w-3" /> {t('ideas.visibility.public')}</span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"><Lock aria-hidden="true" className="h-3 w-3" /> {t('ideas.visibility.private')}</span>
  );
}

export function LikeButton({ idea, onToggle, busy }: { idea: IdeaDto; onToggle?: (idea: IdeaDto) => void; busy?: boolean }) {
  const t = useT();
  const format = useFormat();
  if (!onToggle) {
    return <span className="inline-flex items-center gap-1 text-sm text-slate-600"><Heart aria-hidden="true" className="h-4 w-4" /> {format.number(idea.likesCount)}</span>;
  }
  return (
    <button
      type="button"
      onClick={() => onToggle(idea)}
      disabled={busy}
      aria-pressed={idea.isLiked}
      aria-label={t('ideas.like.label', { liked: idea.isLiked ? 'yes' : 'no', title: idea.title, count: idea.likesCount })}
      className={`inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm ${idea.isLiked ? 'text-rose-700' : 'text-slate-600'} hover:bg-rose-50 disabled:opacity-60`}
    >
      <Heart aria-hidden="true" className={`h-4 w-4 ${idea.isLiked ? 'fill-rose-600 text-rose-600' : ''}`} /> {format.number(idea.likesCount)}
    </button>
  );
}

export function IdeaStats({ idea }: { idea: IdeaDto }) {
  const t = useT();
  const format = useFormat();
  return (
    <>
      <span className="inline-flex items-center gap-1 text-sm text-slate-600"><MessageCircle aria-hidden="true" className="h-4 w-4" /> {format.number(idea.commentsCount)}</span>
      {idea.totalScore !== null && (
        <span className="inline-flex items-center gap-1 text-sm text-slate-600"><Star aria-hidden="true" className="h-4 w-4" /> {t('ideas.scoreOutOf10', { score: format.number(idea.totalScore) })}</span>
      )}
    </>
  );
}

/**
 * A page of ideas as a grid of cards: skeletons while it loads, the error with a retry, `empty` when there
 * are none, else a card per idea (`card`) and the pages.
 */
export function IdeaGrid({ list, loadFailed, empty, page, onPage, pagesLabel, card }: {
  list: UseQueryResult<{ ideas: IdeaDto[]; pagination: { pages: number } }>;
  loadFailed: string;
  empty: ReactNode;
  page: number;
  onPage: (page: number) => void;
  pagesLabel: string;
  card: (idea: IdeaDto) => ReactNode;
}) {
  if (list.isPending) {
    return <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{[0, 1, 2].map((i) => <Skeleton key={i} className="h-48" />)}</div>;
  }
  if (list.isError) return <ErrorState message={errorMessage(list.error, loadFailed)} onRetry={() => void list.refetch()} />;
  if (list.data.ideas.length === 0) return empty;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{list.data.ideas.map(card)}</div>
      <Pagination page={page} pages={list.data.pagination.pages} onChange={onPage} label={pagesLabel} />
    </>
  );
}

/** One idea's card: title and status, `meta` under them, the description cut to `length`, its likes and stats, `actions`. */
export function IdeaCard({ idea, meta, length, like, children, actions }: {
  idea: IdeaDto;
  meta: ReactNode;
  length: number;
  like: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
}) {
  return (
    <article className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <h3 dir="auto" className="font-semibold break-words text-slate-900">{idea.title}</h3>
        <IdeaStatusBadge status={idea.status} />
      </div>
      {meta}
      <p dir="auto" className="mt-2 text-sm text-slate-700">{truncate(idea.description, length)}</p>
      {children}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-3">
        <div className="flex items-center gap-2">
          {like}
          <IdeaStats idea={idea} />
        </div>
        {actions}
      </div>
    </article>
  );
}
