import { useState } from 'react';
import { IDEA_CATEGORY_FILTERS, type IdeaDto } from '@app/shared/ideas';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/feedback.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { useMyTimeZone } from '../profile/my-time-zone.ts';
import { useDebounced } from '../../lib/hooks.ts';
import { useLike, usePublicIdeas } from './api.ts';
import { IdeaCard, IdeaGrid, LikeButton, useIdeaCategory } from './idea-bits.tsx';
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
      <IdeaGrid
        list={list}
        loadFailed={t('ideas.loadFailed')}
        page={page}
        onPage={setPage}
        pagesLabel={t('ideas.pages')}
        empty={
          <EmptyState
            title={debounced || category !== 'all' ? t('ideas.noneMatch') : t('ideas.nonePublic')}
            action={debounced || category !== 'all' ? <Button variant="secondary" onClick={() => { setSearch(''); setCategory('all'); setPage(1); }}>{t('public.resetFilters')}</Button> : null}
          />
        }
        card={(idea) => (
          <IdeaCard
            key={idea.id}
            idea={idea}
            length={120}
            meta={<p className="mt-1 text-xs text-slate-600">{categoryName(idea.category)} · <bdi>{idea.author}</bdi>{idea.university && <>{', '}<bdi>{idea.university}</bdi></>} · {format.date(idea.submittedDate, { dateStyle: 'medium', timeZone: zone })}</p>}
            like={<LikeButton idea={idea} onToggle={onLike} busy={like.isPending && like.variables?.id === idea.id} />}
            actions={<Button size="sm" variant="secondary" onClick={() => setSelected(idea.id)} aria-label={t('ideas.viewDetailsLabel', { title: idea.title })}>{t('ideas.viewDetails')}</Button>}
          />
        )}
      />
      <IdeaDetailDialog id={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
