import { useState, type FormEvent } from 'react';
import { IDEA_MESSAGES, type IdeaDto } from '@app/shared/ideas';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { TextArea } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatDate, relativeTime } from '../../lib/format.ts';
import { useAddComment, useComments, useIdea, useLike } from './api.ts';
import { IdeaStatusBadge, IdeaStats, LikeButton, VisibilityBadge } from './idea-bits.tsx';

/** Every field of the idea detail modal (spec 000 §2) plus the comments thread. */
export function IdeaDetailDialog({ id, onClose, onEdit }: { id: string | null; onClose: () => void; onEdit?: (idea: IdeaDto) => void }) {
  const query = useIdea(id);
  const idea = query.data;
  const like = useLike();
  const toast = useToast();
  return (
    <Dialog open={Boolean(id)} onClose={onClose} size="lg" title={idea?.title ?? 'Idea'}
      footer={idea && onEdit && idea.isOwn && idea.status === 'draft' ? <Button onClick={() => onEdit(idea)}>Edit draft</Button> : undefined}
    >
      {query.isPending ? (
        <Spinner label="Loading idea…" />
      ) : query.isError ? (
        <ErrorState message={IDEA_MESSAGES.loadFailed} onRetry={() => void query.refetch()} />
      ) : idea ? (
        <div className="space-y-4 text-sm text-slate-700">
          <div className="flex flex-wrap items-center gap-2">
            <IdeaStatusBadge status={idea.status} />
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">{idea.category}</span>
            {idea.isPublic && <VisibilityBadge isPublic />}
            {idea.totalScore !== null && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Score {idea.totalScore}/10</span>}
          </div>
          <p className="whitespace-pre-line">{idea.description}</p>
          {!idea.isOwn && idea.submittedBy && (
            <p>
              <span className="font-medium text-slate-900">Submitted by </span>
              {idea.submittedBy.firstName} {idea.submittedBy.lastName}
              {idea.submittedBy.university ? `, ${idea.submittedBy.university}` : ''}
              {idea.submittedBy.course ? ` · ${idea.submittedBy.course}` : ''}
              {idea.submittedBy.year ? ` · Year ${idea.submittedBy.year}` : ''}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <LikeButton
              idea={idea}
              busy={like.isPending}
              onToggle={idea.isPublic && idea.status !== 'draft' && idea.status !== 'rejected' ? (i) => like.mutate(i, { onError: () => toast.error(IDEA_MESSAGES.likeFailed) }) : undefined}
            />
            <IdeaStats idea={idea} />
            <span className="text-xs text-slate-500">{formatDate(idea.submittedDate)}</span>
          </div>
          {idea.tags.length > 0 && <div className="flex flex-wrap gap-1">{idea.tags.map((t) => <span key={t} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800">#{t}</span>)}</div>}
          {idea.isOwn && (idea.feedback || idea.reviewNotes) && (
            <section className="rounded-lg bg-slate-50 p-3">
              <h3 className="mb-1 font-semibold text-slate-900">Review feedback</h3>
              {idea.feedback && <p className="whitespace-pre-line">{idea.feedback}</p>}
              {idea.reviewNotes && <p className="mt-1 text-xs text-slate-600">{idea.reviewNotes}</p>}
              {(idea.reviewedBy || idea.reviewedAt) && (
                <p className="mt-1 text-xs text-slate-500">Reviewed{idea.reviewedBy ? ` by ${idea.reviewedBy.name}` : ''}{idea.reviewedAt ? ` on ${formatDate(idea.reviewedAt)}` : ''}</p>
              )}
            </section>
          )}
          {idea.status === 'approved' && idea.implementationDetails && (
            <section className="rounded-lg bg-green-50 p-3">
              <h3 className="mb-2 font-semibold text-slate-900">Implementation assessment</h3>
              <dl className="grid grid-cols-3 gap-2 text-center">
                {(['feasibilityScore', 'impactScore', 'innovationScore'] as const).map((k) => (
                  <div key={k} className="rounded-lg bg-white p-2">
                    <dt className="text-xs text-slate-600">{k === 'feasibilityScore' ? 'Feasibility' : k === 'impactScore' ? 'Impact' : 'Innovation'}</dt>
                    <dd className="text-lg font-semibold">{idea.implementationDetails?.[k] ?? '–'}/10</dd>
                  </div>
                ))}
              </dl>
              {idea.implementationDetails.estimatedTimeToImplement && <p className="mt-2"><span className="font-medium">Estimated time: </span>{idea.implementationDetails.estimatedTimeToImplement}</p>}
              {!!idea.implementationDetails.resourcesRequired?.length && <p><span className="font-medium">Resources: </span>{idea.implementationDetails.resourcesRequired.join(', ')}</p>}
              {!!idea.implementationDetails.potentialPartners?.length && <p><span className="font-medium">Potential partners: </span>{idea.implementationDetails.potentialPartners.join(', ')}</p>}
            </section>
          )}
          <Comments id={idea.id} />
        </div>
      ) : null}
    </Dialog>
  );
}

function Comments({ id }: { id: string }) {
  const comments = useComments(id);
  const add = useAddComment(id);
  const toast = useToast();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      setError(IDEA_MESSAGES.commentRequired);
      return;
    }
    add.mutate(text.trim(), {
      onSuccess: () => {
        setText('');
        setError(null);
        toast.success(IDEA_MESSAGES.commentAdded);
      },
      onError: (err) => setError(errorMessage(err, 'Failed to add the comment. Please try again.')),
    });
  };
  return (
    <section aria-labelledby={`comments-${id}`} className="border-t border-slate-200 pt-4">
      <h3 id={`comments-${id}`} className="mb-2 font-semibold text-slate-900">Comments</h3>
      {comments.isPending ? (
        <Spinner label="Loading comments…" />
      ) : comments.isError ? (
        <ErrorState message={errorMessage(comments.error, 'Failed to load comments')} onRetry={() => void comments.refetch()} />
      ) : comments.data.comments.length === 0 ? (
        <p className="text-slate-500">No comments yet. Start the conversation.</p>
      ) : (
        <ul className="space-y-3">
          {comments.data.comments.map((c) => (
            <li key={c._id} className="rounded-lg bg-slate-50 p-3">
              <p className="text-xs text-slate-600"><span className="font-medium text-slate-900">{c.author.name}</span>{c.author.role === 'admin' ? ' · Admin' : ''} · {relativeTime(c.createdAt)}</p>
              <p className="mt-1 whitespace-pre-line">{c.body}</p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="mt-3 space-y-2">
        <TextArea label="Add a comment" rows={2} value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} error={error} />
        <Button type="submit" size="sm" disabled={add.isPending}>{add.isPending ? 'Posting…' : 'Post comment'}</Button>
      </form>
    </section>
  );
}
