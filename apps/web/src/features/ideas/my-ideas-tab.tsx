import { useState } from 'react';
import { Lightbulb, Plus } from 'lucide-react';
import { IDEA_STATUSES, type IdeaDto } from '@app/shared/ideas';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/feedback.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { truncate } from '../../lib/format.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { useMyTimeZone } from '../profile/my-time-zone.ts';
import { useMyIdeas } from './api.ts';
import { IdeaCard, IdeaGrid, LikeButton, VisibilityBadge, useIdeaCategory } from './idea-bits.tsx';
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
      <IdeaGrid
        list={list}
        loadFailed={t('ideas.mine.loadFailed')}
        page={page}
        onPage={setPage}
        pagesLabel={t('ideas.mine.pages')}
        empty={
          <EmptyState
            icon={<Lightbulb aria-hidden="true" className="h-6 w-6" />}
            title={status === 'all' ? t('ideas.mine.none') : t('ideas.mine.noneWithStatus', { status: t('ideas.status', { status }).toLocaleLowerCase(format.locale) })}
            action={status === 'all' ? <Button onClick={() => setFormOpen(true)}>{t('ideas.submitNew')}</Button> : <Button variant="secondary" onClick={() => setStatus('all')}>{t('ideas.mine.showAll')}</Button>}
          />
        }
        card={(idea) => (
          <IdeaCard
            key={idea.id}
            idea={idea}
            length={100}
            meta={
              <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                <span>{categoryName(idea.category)}</span>
                <VisibilityBadge isPublic={idea.isPublic} />
                <span>{format.date(idea.submittedDate, { dateStyle: 'medium', timeZone: zone })}</span>
              </div>
            }
            like={<LikeButton idea={idea} />}
            actions={
              <div className="flex gap-2">
                {idea.status === 'draft' && <Button size="sm" variant="ghost" onClick={() => openEdit(idea)} aria-label={t('ideas.mine.editLabel', { title: idea.title })}>{t('ideas.mine.edit')}</Button>}
                <Button size="sm" variant="secondary" onClick={() => setSelected(idea.id)} aria-label={t('ideas.viewDetailsLabel', { title: idea.title })}>{t('ideas.viewDetails')}</Button>
              </div>
            }
          >
            {idea.feedback && <p className="mt-2 rounded-lg bg-slate-50 p-2 text-xs text-slate-700"><span className="font-medium">{t('ideas.mine.feedback')}</span> <bdi>{truncate(idea.feedback, 60)}</bdi></p>}
          </IdeaCard>
        )}
      />
      <IdeaFormDialog open={formOpen} draft={editing} onClose={() => { setFormOpen(false); setEditing(null); }} />
      <IdeaDetailDialog id={shown} onClose={() => { setSelected(null); onFocusDone?.(); }} onEdit={openEdit} />
    </div>
  );
}
