import { useState, type FormEvent } from 'react';
import type { IdeaDto } from '@app/shared/ideas';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { TextArea } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { relativeTime } from '../../lib/format.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { useMyTimeZone } from '../profile/my-time-zone.ts';
import { useAddComment, useComments, useIdea, useLike } from './api.ts';
import { IdeaStatusBadge, IdeaStats, LikeButton, VisibilityBadge, useIdeaCategory } from './idea-bits.tsx';

/** Every field of the idea detail modal (spec 000 §2) plus the comments thread. */
export function IdeaDetailDialog({ id, onClose, onEdit }: { id: string | null; onClose: () => void; onEdit?: (idea: IdeaDto) => void }) {
  const t = useT();
  const format = useFormat();
  const zone = useMyTimeZone();
  const categoryName = useIdeaCategory();
  const day = (iso: string) => format.date(iso, { dateStyle: 'medium', timeZone: zone });
  const query = useIdea(id);
  const idea = query.data;
  const like = useLike();
  const toast = useToast();
  return (
    <Dialog open={Boolean(id)} onClose={onClose} size="lg" title={idea?.title ?? t('ideas.detail.fallbackTitle')}
      footer={idea && onEdit && idea.isOwn && idea.status === 'draft' ? <Button onClick={() => onEdit(idea)}>{t('ideas.detail.editDraft')}</Button> : undefined}
    >
      {query.isPending ? (
        <Spinner label={t('ideas.detail.loading')} />
      ) : query.isError ? (
        <ErrorState message={t('ideas.detail.loadFailed')} onRetry={() => void query.refetch()} />
      ) : idea ? (
        <div className="space-y-4 text-sm text-slate-700">
          <div className="flex flex-wrap items-center gap-2">
            <IdeaStatusBadge status={idea.status} />
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">{categoryName(idea.category)}</span>
            {idea.isPublic && <VisibilityBadge isPublic />}
            {idea.totalScore !== null && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">{t('ideas.detail.score', { score: format.number(idea.totalScore) })}</span>}
          </div>
          <p dir="auto" className="whitespace-pre-line">{idea.description}</p>
          {!idea.isOwn && idea.submittedBy && (
            <p>
              <span className="font-medium text-slate-900">{t('ideas.detail.submittedBy')}</span>{' '}
              <bdi>{`${idea.submittedBy.firstName} ${idea.submittedBy.lastName}`}</bdi>
              {idea.submittedBy.university && <>{', '}<bdi>{idea.submittedBy.university}</bdi></>}
              {idea.submittedBy.course && <>{' · '}<bdi>{idea.submittedBy.course}</bdi></>}
              {idea.submittedBy.year ? ` · ${t('ideas.detail.year', { year: idea.submittedBy.year })}` : ''}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <LikeButton
              idea={idea}
              busy={like.isPending}
              onToggle={idea.isPublic && idea.status !== 'draft' && idea.status !== 'rejected' ? (i) => like.mutate(i, { onError: () => toast.error(t('ideas.likeFailed')) }) : undefined}
            />
            <IdeaStats idea={idea} />
            <span className="text-xs text-slate-500">{day(idea.submittedDate)}</span>
          </div>
          {idea.tags.length > 0 && <div className="flex flex-wrap gap-1">{idea.tags.map((tag) => <bdi key={tag} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800">#{tag}</bdi>)}</div>}
          {idea.isOwn && (idea.feedback || idea.reviewNotes) && (
            <section className="rounded-lg bg-slate-50 p-3">
              <h3 className="mb-1 font-semibold text-slate-900">{t('ideas.detail.reviewFeedback')}</h3>
              {idea.feedback && <p dir="auto" className="whitespace-pre-line">{idea.feedback}</p>}
              {idea.reviewNotes && <p dir="auto" className="mt-1 text-xs text-slate-600">{idea.reviewNotes}</p>}
              {(idea.reviewedBy || idea.reviewedAt) && (
                <p className="mt-1 text-xs text-slate-500">
                  {idea.reviewedBy && idea.reviewedAt
                    ? t('ideas.detail.reviewedByOn', { name: idea.reviewedBy.name, date: day(idea.reviewedAt) })
                    : idea.reviewedBy
                      ? t('ideas.detail.reviewedBy', { name: idea.reviewedBy.name })
                      : t('ideas.detail.reviewedOn', { date: day(idea.reviewedAt ?? '') })}
                </p>
              )}
            </section>
          )}
          {idea.status === 'approved' && idea.implementationDetails && (
            <section className="rounded-lg bg-green-50 p-3">
              <h3 className="mb-2 font-semibold text-slate-900">{t('ideas.detail.implementation')}</h3>
              <dl className="grid grid-cols-3 gap-2 text-center">
                {(['feasibilityScore', 'impactScore', 'innovationScore'] as const).map((k) => (
                  <div key={k} className="rounded-lg bg-white p-2">
                    <dt className="text-xs text-slate-600">{t('ideas.detail.scoreName', { score: k.replace('Score', '') })}</dt>
                    <dd className="text-lg font-semibold">{t('ideas.scoreOutOf10', { score: idea.implementationDetails?.[k] == null ? '–' : format.number(idea.implementationDetails[k]) })}</dd>
                  </div>
                ))}
              </dl>
              {idea.implementationDetails.estimatedTimeToImplement && <p className="mt-2"><span className="font-medium">{t('ideas.detail.estimatedTime')}</span> <bdi>{idea.implementationDetails.estimatedTimeToImplement}</bdi></p>}
              {!!idea.implementationDetails.resourcesRequired?.length && <p><span className="font-medium">{t('ideas.detail.resources')}</span> <bdi>{format.list(idea.implementationDetails.resourcesRequired)}</bdi></p>}
              {!!idea.implementationDetails.potentialPartners?.length && <p><span className="font-medium">{t('ideas.detail.partners')}</span> <bdi>{format.list(idea.implementationDetails.potentialPartners)}</bdi></p>}
            </section>
          )}
          <Comments id={idea.id} />
        </div>
      ) : null}
    </Dialog>
  );
}

function Comments({ id }: { id: string }) {
  const t = useT();
  const comments = useComments(id);
  const add = useAddComment(id);
  const toast = useToast();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      setError(t('ideas.comments.required'));
      return;
    }
    add.mutate(text.trim(), {
      onSuccess: () => {
        setText('');
        setError(null);
        toast.success(t('ideas.comments.added'));
      },
      onError: (err) => setError(errorMessage(err, t('ideas.comments.addFailed'))),
    });
  };
  return (
    <section aria-labelledby={`comments-${id}`} className="border-t border-slate-200 pt-4">
      <h3 id={`comments-${id}`} className="mb-2 font-semibold text-slate-900">{t('ideas.comments.heading')}</h3>
      {comments.isPending ? (
        <Spinner label={t('ideas.comments.loading')} />
      ) : comments.isError ? (
        <ErrorState message={errorMessage(comments.error, t('ideas.comments.loadFailed'))} onRetry={() => void comments.refetch()} />
      ) : comments.data.comments.length === 0 ? (
        <p className="text-slate-500">{t('ideas.comments.none')}</p>
      ) : (
        <ul className="space-y-3">
          {comments.data.comments.map((c) => (
            <li key={c._id} className="rounded-lg bg-slate-50 p-3">
              <p className="text-xs text-slate-600"><bdi className="font-medium text-slate-900">{c.author.name}</bdi>{c.author.role === 'admin' ? ` · ${t('ideas.comments.admin')}` : ''} · {relativeTime(c.createdAt)}</p>
              <p dir="auto" className="mt-1 whitespace-pre-line">{c.body}</p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="mt-3 space-y-2">
        <TextArea label={t('ideas.comments.add')} dir="auto" rows={2} value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} error={error} />
        <Button type="submit" size="sm" disabled={add.isPending}>{add.isPending ? t('ideas.comments.posting') : t('ideas.comments.post')}</Button>
      </form>
    </section>
  );
}
