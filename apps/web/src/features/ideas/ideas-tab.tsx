import { useState } from 'react';
import { IDEA_CATEGORY_FILTERS, type IdeaDto } from '@app/shared/ideas';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { truncate } from '../../lib/format.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { useMyTimeZone } from '../profile/my-time-zone.ts';
import { useDebounced } from '../../lib/hooks.ts';
import { useLike, usePublicIdeas } from './api.ts';
import { IdeaStatusBadge, IdeaStats, LikeButton, useIdeaCategory } from './idea-bits.tsx';
import { IdeaDetailDialog } from './idea-detail-dialog.tsx';

/** Public ideas: search, category, like toggle, pagination, View Details. */
export function IdeasTab() {
  const t = useT();
  const format = useFormat();
  const zone = useMyTimeZone();
  const categoryName = useIdeaCategory();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const debounced = useDebounced(search, 500);
  const list = usePublicIdeas({ page, limit: 9, search: debounced, category });
  const like = useLike();
  const onLike = (idea: IdeaDto) => like.mutate(idea, { onError: () => toast.error(t('ideas.likeFailed')) });

  return (
    <div>
      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_16rem]">
        <TextField label={t('ideas.search')} type="search" value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} />
        <SelectField label={t('ideas.category')} value={category} onChange={(e) => { setCategory(e.target.value); setPage(1); }}>
          {IDEA_CATEGORY_FILTERS.map((c) => <option key={c} value={c}>{c === 'all' ? t('ideas.allCategories') : categoryName(c)}</option>)}
        </SelectField>
      </div>
      {list.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{[0, 1, 2].map((i) => <Skeleton key={i} className="h-48" />)}</div>
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error, t('ideas.loadFailed'))} onRetry={() => void list.refetch()} />
      ) : list.data.ideas.length === 0 ? (
        <EmptyState
          title={debounced || category !== 'all' ? t('ideas.noneMatch') : t('ideas.nonePublic')}
          action={debounced || category !== 'all' ? <Button variant="secondary" onClick={() => { setSearch(''); setCategory('all'); setPage(1); }}>{t('public.resetFilters')}</Button> : null}
        />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.data.ideas.map((idea) => (
              <article key={idea.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex items-start justify-between gap-2">
                  <h3 dir="auto" className="font-semibold break-words text-slate-900">{idea.title}</h3>
                  <IdeaStatusBadge status={idea.status} />
                </div>
                <p className="mt-1 text-xs text-slate-600">{categoryName(idea.category)} · <bdi>{idea.author}</bdi>{idea.university && <>{', '}<bdi>{idea.university}</bdi></>} · {format.date(idea.submittedDate, { dateStyle: 'medium', timeZone: zone })}</p>
                <p dir="auto" className="mt-2 text-sm text-slate-700">{truncate(idea.description, 120)}</p>
                <div className="mt-2 flex flex-wrap gap-1">{idea.tags.slice(0, 3).map((tag) => <bdi key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">#{tag}</bdi>)}</div>
                <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-3">
                  <div className="flex items-center gap-2">
                    <LikeButton idea={idea} onToggle={onLike} busy={like.isPending && like.variables?.id === idea.id} />
                    <IdeaStats idea={idea} />
                  </div>
                  <Button size="sm" variant="secondary" onClick={() => setSelected(idea.id)} aria-label={t('ideas.viewDetailsLabel', { title: idea.title })}>{t('ideas.viewDetails')}</Button>
                </div>
              </article>
            ))}
          </div>
          <Pagination page={page} pages={list.data.pagination.pages} onChange={setPage} label={t('ideas.pages')} />
        </>
      )}
      <IdeaDetailDialog id={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
