import { useState } from 'react';
import { IDEA_CATEGORY_FILTERS, IDEA_MESSAGES, type IdeaDto } from '@app/shared/ideas';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatDate, truncate } from '../../lib/format.ts';
import { useDebounced } from '../../lib/hooks.ts';
import { useLike, usePublicIdeas } from './api.ts';
import { IdeaStatusBadge, IdeaStats, LikeButton } from './idea-bits.tsx';
import { IdeaDetailDialog } from './idea-detail-dialog.tsx';

/** Public ideas: search, category, like toggle, pagination, View Details. */
export function IdeasTab() {
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const debounced = useDebounced(search, 500);
  const list = usePublicIdeas({ page, limit: 9, search: debounced, category });
  const like = useLike();
  const onLike = (idea: IdeaDto) => like.mutate(idea, { onError: () => toast.error(IDEA_MESSAGES.likeFailed) });

  return (
    <div>
      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_16rem]">
        <TextField label="Search ideas" type="search" value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} />
        <SelectField label="Category" value={category} onChange={(e) => { setCategory(e.target.value); setPage(1); }}>
          {IDEA_CATEGORY_FILTERS.map((c) => <option key={c} value={c}>{c === 'all' ? 'All categories' : c}</option>)}
        </SelectField>
      </div>
      {list.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{[0, 1, 2].map((i) => <Skeleton key={i} className="h-48" />)}</div>
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error, 'Failed to load ideas')} onRetry={() => void list.refetch()} />
      ) : list.data.ideas.length === 0 ? (
        <EmptyState
          title={debounced || category !== 'all' ? 'No ideas match your search' : 'No public ideas yet'}
          action={debounced || category !== 'all' ? <Button variant="secondary" onClick={() => { setSearch(''); setCategory('all'); setPage(1); }}>Reset Filters</Button> : null}
        />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.data.ideas.map((idea) => (
              <article key={idea.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="font-semibold text-slate-900">{idea.title}</h3>
                  <IdeaStatusBadge status={idea.status} />
                </div>
                <p className="mt-1 text-xs text-slate-600">{idea.category} · {idea.author}{idea.university ? `, ${idea.university}` : ''} · {formatDate(idea.submittedDate)}</p>
                <p className="mt-2 text-sm text-slate-700">{truncate(idea.description, 120)}</p>
                <div className="mt-2 flex flex-wrap gap-1">{idea.tags.slice(0, 3).map((t) => <span key={t} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">#{t}</span>)}</div>
                <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-3">
                  <div className="flex items-center gap-2">
                    <LikeButton idea={idea} onToggle={onLike} busy={like.isPending && like.variables?.id === idea.id} />
                    <IdeaStats idea={idea} />
                  </div>
                  <Button size="sm" variant="secondary" onClick={() => setSelected(idea.id)} aria-label={`View details of ${idea.title}`}>View Details</Button>
                </div>
              </article>
            ))}
          </div>
          <Pagination page={page} pages={list.data.pagination.pages} onChange={setPage} label="Idea pages" />
        </>
      )}
      <IdeaDetailDialog id={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
