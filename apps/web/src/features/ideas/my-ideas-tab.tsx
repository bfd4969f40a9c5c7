import { useState } from 'react';
import { Lightbulb, Plus } from 'lucide-react';
import { IDEA_STATUSES, type IdeaDto } from '@app/shared/ideas';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { errorMessage } from '../../lib/api.ts';
import { truncate } from '../../lib/format.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { useMyTimeZone } from '../profile/my-time-zone.ts';
import { useMyIdeas } from './api.ts';
import { IdeaStats, IdeaStatusBadge, LikeButton, VisibilityBadge, useIdeaCategory } from './idea-bits.tsx';
import { IdeaDetailDialog } from './idea-detail-dialog.tsx';
import { IdeaFormDialog } from './idea-form-dialog.tsx';

/** The student's own ideas: status, feedback snippet, counts, score, visibility, Edit (drafts), details. */
export function MyIdeasTab({ focusId, onFocusDone }: { focusId?: string | null; onFocusDone?: () => void }) {
  const t = useT();
  const format = useFormat();
  const zone = useMyTimeZone();
  const categoryName = useIdeaCategory();
  const [status, setStatus] = useState('all');
  const [page, setPage] = useState(1);
  const list = useMyIdeas({ page, limit: 9, status });
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<IdeaDto | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const shown = selected ?? focusId ?? null;

  const openEdit = (idea: IdeaDto) => {
    setSelected(null);
    onFocusDone?.();
    setEditing(idea);
    setFormOpen(true);
  };

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="w-full sm:w-56">
          <SelectField label={t('ideas.mine.status')} value={status} onChange={(e) => { setStatus(e.target.value); setPage(1); }}>
            <option value="all">{t('ideas.mine.allStatuses')}</option>
            {IDEA_STATUSES.map((s) => <option key={s} value={s} className="capitalize">{t('ideas.status', { status: s })}</option>)}
          </SelectField>
        </div>
        <Button onClick={() => { setEditing(null); setFormOpen(true); }}>
          <Plus aria-hidden="true" className="h-4 w-4" /> {t('ideas.submitNew')}
        </Button>
      </div>
      {list.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{[0, 1, 2].map((i) => <Skeleton key={i} className="h-48" />)}</div>
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error, t('ideas.mine.loadFailed'))} onRetry={() => void list.refetch()} />
      ) : list.data.ideas.length === 0 ? (
        <EmptyState
          icon={<Lightbulb aria-hidden="true" className="h-6 w-6" />}
          title={status === 'all' ? t('ideas.mine.none') : t('ideas.mine.noneWithStatus', { status: t('ideas.status', { status }).toLocaleLowerCase(format.locale) })}
          action={status === 'all' ? <Button onClick={() => setFormOpen(true)}>{t('ideas.submitNew')}</Button> : <Button variant="secondary" onClick={() => setStatus('all')}>{t('ideas.mine.showAll')}</Button>}
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
                <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                  <span>{categoryName(idea.category)}</span>
                  <VisibilityBadge isPublic={idea.isPublic} />
                  <span>{format.date(idea.submittedDate, { dateStyle: 'medium', timeZone: zone })}</span>
                </div>
                <p dir="auto" className="mt-2 text-sm text-slate-700">{truncate(idea.description, 100)}</p>
                {idea.feedback && <p className="mt-2 rounded-lg bg-slate-50 p-2 text-xs text-slate-700"><span className="font-medium">{t('ideas.mine.feedback')}</span> <bdi>{truncate(idea.feedback, 60)}</bdi></p>}
                <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-3">
                  <div className="flex items-center gap-2">
                    <LikeButton idea={idea} />
                    <IdeaStats idea={idea} />
                  </div>
                  <div className="flex gap-2">
                    {idea.status === 'draft' && <Button size="sm" variant="ghost" onClick={() => openEdit(idea)} aria-label={t('ideas.mine.editLabel', { title: idea.title })}>{t('ideas.mine.edit')}</Button>}
                    <Button size="sm" variant="secondary" onClick={() => setSelected(idea.id)} aria-label={t('ideas.viewDetailsLabel', { title: idea.title })}>{t('ideas.viewDetails')}</Button>
                  </div>
                </div>
              </article>
            ))}
          </div>
          <Pagination page={page} pages={list.data.pagination.pages} onChange={setPage} label={t('ideas.mine.pages')} />
        </>
      )}
      <IdeaFormDialog open={formOpen} draft={editing} onClose={() => { setFormOpen(false); setEditing(null); }} />
      <IdeaDetailDialog id={shown} onClose={() => { setSelected(null); onFocusDone?.(); }} onEdit={openEdit} />
    </div>
  );
}
