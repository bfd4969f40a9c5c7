import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { type AdminIdeaDto } from '@app/shared/admin';
import { IDEA_REVIEW_MESSAGES, REVIEW_STATUSES, totalScoreOf } from '@app/shared/admin-constants';
import { IDEA_CATEGORIES, type IdeaStatus } from '@app/shared/ideas';
import { uniqueTrimmed } from '@app/shared/text';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../components/ui/dialog.tsx';
import { Alert, SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatDate, truncate } from '../../lib/format.ts';
import { useFormat, useT, type MessageKey } from '../../lib/i18n.tsx';
import { adminApi } from './api.ts';
import { useSpecText } from './messages.ts';
import { AdminFormButtons, Detail, ExportButton, FilterSelect, ListSection, NameCell, Pill, SearchBox, useListState } from './ui.tsx';

const KEY = 'admin-ideas';
const STATUS_TONE: Record<string, 'green' | 'slate' | 'red' | 'blue' | 'amber'> = {
  approved: 'green',
  implemented: 'green',
  rejected: 'red',
  shortlisted: 'blue',
  under_review: 'amber',
};

const STATUS_KEY: Record<IdeaStatus, MessageKey> = {
  draft: 'admin.ideas.status.draft',
  under_review: 'admin.ideas.status.underReview',
  approved: 'admin.ideas.status.approved',
  rejected: 'admin.ideas.status.rejected',
  shortlisted: 'admin.ideas.status.shortlisted',
  implemented: 'admin.ideas.status.implemented',
  revision_required: 'admin.ideas.status.revisionRequired',
};

/** An idea's status as people read it, in the page's language. */
function useStatusLabel() {
  const t = useT();
  return (status: string) => {
    const key = STATUS_KEY[status as IdeaStatus] as MessageKey | undefined;
    return key ? t(key) : status;
  };
}

function ReviewForm({
  idea,
  busy,
  onSubmit,
  onCancel,
}: {
  idea: AdminIdeaDto;
  busy: boolean;
  onSubmit: (body: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const format = useFormat();
  const spec = useSpecText();
  const statusLabel = useStatusLabel();
  const [status, setStatus] = useState('');
  const [feedback, setFeedback] = useState('');
  const [notes, setNotes] = useState('');
  const [scores, setScores] = useState({ feasibilityScore: '', impactScore: '', innovationScore: '' });
  const [time, setTime] = useState('');
  const [resources, setResources] = useState('');
  const [partners, setPartners] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A score outside 1–10 is reported on its own field (WCAG 3.3.1), not only in the form's alert.
  const [scoreErrors, setScoreErrors] = useState<Partial<Record<keyof typeof scores, string>>>({});
  const scored = status === 'approved' || status === 'shortlisted';
  const anyScore = Object.values(scores).some((v) => v !== '');
  const numbers = Object.fromEntries(
    Object.entries(scores)
      .filter(([, v]) => v !== '')
      .map(([k, v]) => [k, Number(v)]),
  );
  const total = scored ? totalScoreOf(numbers) : null;
  const SCORE_LABELS = {
    feasibilityScore: t('admin.ideas.feasibility'),
    impactScore: t('admin.ideas.impact'),
    innovationScore: t('admin.ideas.innovation'),
  } as const;
  const missing = scored ? (Object.keys(SCORE_LABELS) as (keyof typeof SCORE_LABELS)[]).filter((k) => scores[k] === '').map((k) => SCORE_LABELS[k]) : [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bad = (Object.keys(scores) as (keyof typeof scores)[]).filter((k) => {
      const n = numbers[k];
      return n !== undefined && (!Number.isInteger(n) || n < 1 || n > 10);
    });
    setScoreErrors(Object.fromEntries(bad.map((k) => [k, spec(IDEA_REVIEW_MESSAGES.score)])));
    if (bad.length > 0) {
      setError(spec(IDEA_REVIEW_MESSAGES.score));
      const form = event.currentTarget as HTMLFormElement;
      form.querySelector<HTMLInputElement>(`[name="${bad[0]}"]`)?.focus();
      return;
    }
    if (!status) return setError(spec(IDEA_REVIEW_MESSAGES.status));
    setError(null);
    onSubmit({
      status,
      feedback,
      reviewNotes: notes,
      implementationDetails: {
        ...(scored ? numbers : {}),
        ...(time.trim() ? { estimatedTimeToImplement: time } : {}),
        resourcesRequired: uniqueTrimmed(resources.split('\n')),
        potentialPartners: uniqueTrimmed(partners.split('\n')),
      },
    });
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {error && <Alert kind="error">{error}</Alert>}
      <p className="text-sm text-slate-700">{t('admin.ideas.reviewing', { title: idea.title, author: idea.author })}</p>
      {/* Scores come first: a reviewer can score while reading, then choose the status (issue 29). */}
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-1 text-sm font-semibold">{t('admin.ideas.scores')}</legend>
        {(Object.keys(SCORE_LABELS) as (keyof typeof SCORE_LABELS)[]).map((key) => (
          <TextField
            key={key}
            label={SCORE_LABELS[key]}
            name={key}
            type="number"
            min={1}
            max={10}
            inputMode="numeric"
            error={scoreErrors[key]}
            value={scores[key]}
            onChange={(e) => {
              setScores({ ...scores, [key]: e.target.value });
              setScoreErrors((errs) => ({ ...errs, [key]: undefined }));
            }}
          />
        ))}
        {scored && missing.length > 0 && (
          <p className="text-sm text-amber-900 sm:col-span-3" role="status">
            {missing.length === 3
              ? t('admin.ideas.noScores', { status })
              : t('admin.ideas.missingScores', { status, missing: format.list(missing, { type: 'unit', style: 'short' }) })}
          </p>
        )}
        {!scored && anyScore && (
          <p className="text-sm text-slate-700 sm:col-span-3">{t('admin.ideas.scoresKeptWhen')}</p>
        )}
        {total !== null && missing.length < 3 && <p className="text-sm sm:col-span-3">{t('admin.ideas.totalScore', { total: format.number(total) })}</p>}
      </fieldset>
      <SelectField label={t('admin.field.status')} required value={status} onChange={(e) => setStatus(e.target.value)}>
        <option value="">{t('admin.ideas.selectStatus')}</option>
        {REVIEW_STATUSES.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
      </SelectField>
      <TextArea
        label={t('admin.ideas.feedbackField')}
        rows={3}
        value={feedback}
        onChange={(e) => setFeedback(e.target.value)}
        maxLength={2000}
      />
      <TextArea
        label={t('admin.ideas.notes')}
        rows={2}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
        maxLength={2000}
      />
      <TextField label={t('admin.ideas.time')} value={time} onChange={(e) => setTime(e.target.value)} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextArea
          label={t('admin.ideas.resources')}
          hint={t('admin.ideas.onePerLine')}
          rows={2}
          value={resources}
          onChange={(e) => setResources(e.target.value)}
        />
        <TextArea
          label={t('admin.ideas.partners')}
          hint={t('admin.ideas.onePerLine')}
          rows={2}
          value={partners}
          onChange={(e) => setPartners(e.target.value)}
        />
      </div>
      <AdminFormButtons onCancel={onCancel} busy={busy} submitLabel={t('admin.ideas.submitReview')} />
    </form>
  );
}

export function IdeasTab() {
  const t = useT();
  const format = useFormat();
  const statusLabel = useStatusLabel();
  const toast = useToast();
  const qc = useQueryClient();
  const list = useListState({ status: 'all', category: 'all' });
  const query = useQuery({
    queryKey: [KEY, list.query],
    queryFn: () => adminApi.ideas(list.query),
    placeholderData: keepPreviousData,
  });
  const [viewing, setViewing] = useState<AdminIdeaDto | null>(null);
  const [reviewing, setReviewing] = useState<AdminIdeaDto | null>(null);
  const [rejecting, setRejecting] = useState<AdminIdeaDto | null>(null);
  const review = useMutation({
    mutationFn: ({ idea, body }: { idea: AdminIdeaDto; body: Record<string, unknown> }) => adminApi.reviewIdea(idea._id, body),
    onSuccess: (r) => {
      toast.success(t('admin.ideas.reviewed', { status: r.data.idea.status }));
      setReviewing(null);
      setRejecting(null);
      setViewing(null);
      void qc.invalidateQueries({ queryKey: [KEY] });
    },
    onError: (error) => toast.error(`${t('admin.ideas.reviewFailed')}: ${errorMessage(error, t('common.somethingWrong'))}`),
  });
  const scoreOf = (total: number) => t('admin.ideas.outOfTen', { score: format.number(total) });
  const reviewActions = (idea: AdminIdeaDto, before?: () => void) => (
    <>
      <Button
        size="sm"
        onClick={() => {
          before?.();
          setReviewing(idea);
        }}
      >
        {t('admin.ideas.review')}
      </Button>
      <Button
        size="sm"
        variant="danger"
        onClick={() => {
          before?.();
          setRejecting(idea);
        }}
      >
        {t('admin.ideas.quickReject')}
      </Button>
    </>
  );
  const quickFeedback = IDEA_REVIEW_MESSAGES.quickRejectFeedback;
  // An idea list failure shows an empty list with zeroed pagination (spec 001 §8).
  return (
    <ListSection
      id="ideas"
      title={t('admin.nav.ideas')}
      tableLabel={t('admin.ideas.tableLabel')}
      tools={
        <>
          <ExportButton kind="ideas" label={t('admin.ideas.exportLabel')} query={list.query} />
          <Button variant="secondary" onClick={() => void query.refetch()}>
            <RefreshCw aria-hidden="true" className="h-4 w-4" /> {t('admin.ideas.refresh')}
          </Button>
        </>
      }
      filters={
        <>
          <SearchBox label={t('admin.ideas.search')} value={list.search} onChange={list.setSearch} />
          <FilterSelect
            label={t('admin.field.status')}
            value={list.filters.status ?? 'all'}
            onChange={(v) => list.setFilter('status', v)}
            options={[
              { value: 'all', label: t('admin.status.all') },
              ...['under_review', 'shortlisted', 'approved', 'rejected', 'implemented'].map((s) => ({ value: s, label: statusLabel(s) })),
            ]}
          />
          <FilterSelect
            label={t('admin.workshops.category')}
            value={list.filters.category ?? 'all'}
            onChange={(v) => list.setFilter('category', v)}
            options={[{ value: 'all', label: t('admin.workshops.allCategories') }, ...IDEA_CATEGORIES.map((c) => ({ value: c, label: c }))]}
          />
        </>
      }
      query={{ ...query, isError: false }}
      rows={query.isError ? [] : (query.data?.data.ideas ?? [])}
      pagination={query.isError ? undefined : query.data?.data.pagination}
      onPage={list.setPage}
      table={{
        rowKey: (i) => i._id,
        onOpen: setViewing,
        columns: [
          {
            header: t('admin.ideas.col.idea'),
            cell: (i) => (
              <span className="block max-w-md">
                <NameCell name={i.title} detail={truncate(i.description, 100)} />
                <span className="mt-1 flex flex-wrap gap-1">
                  {i.tags.slice(0, 2).map((tag) => (
                    <bdi key={tag} className="rounded bg-slate-100 px-1.5 text-xs">
                      {tag}
                    </bdi>
                  ))}
                  {i.tags.length > 2 && (
                    <span className="text-xs text-slate-600">{t('admin.ideas.moreTags', { count: format.number(i.tags.length - 2) })}</span>
                  )}
                </span>
              </span>
            ),
          },
          { header: t('admin.ideas.col.submitter'), cell: (i) => <NameCell name={i.author} detail={i.submittedBy?.university ?? ''} /> },
          { header: t('admin.workshops.category'), cell: (i) => i.category },
          { header: t('admin.field.status'), cell: (i) => <Pill tone={STATUS_TONE[i.status] ?? 'slate'}>{statusLabel(i.status)}</Pill> },
          {
            header: t('admin.ideas.submitted'),
            cell: (i) => (
              <>
                {formatDate(i.submittedDate)}
                {i.totalScore !== null ? (
                  <span className="block text-xs text-slate-600">{t('admin.ideas.score', { score: scoreOf(i.totalScore) })}</span>
                ) : (
                  (i.status === 'approved' || i.status === 'shortlisted') && (
                    <span className="block text-xs text-amber-900">{t('admin.ideas.notScored')}</span>
                  )
                )}
              </>
            ),
          },
          {
            header: t('admin.ideas.col.engagement'),
            cell: (i) => t('admin.ideas.engagement', { likes: i.likesCount, comments: i.commentsCount }),
          },
        ],
        actions: (i) =>
          i.status === 'under_review' ? (
            <span className="inline-flex flex-wrap gap-1">{reviewActions(i)}</span>
          ) : (
            <Button size="sm" variant="secondary" onClick={() => setViewing(i)}>
              {t('admin.action.view')}
            </Button>
          ),
      }}
    >
      <Dialog
        open={viewing !== null}
        onClose={() => setViewing(null)}
        title={viewing?.title ?? ''}
        size="lg"
        footer={viewing?.status === 'under_review' ? reviewActions(viewing, () => setViewing(null)) : undefined}
      >
        {viewing && (
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail className="sm:col-span-2" label={t('admin.workshops.description')}>
              {viewing.description && <span dir="auto">{viewing.description}</span>}
            </Detail>
            <Detail label={t('admin.workshops.category')}>{viewing.category}</Detail>
            <Detail label={t('admin.field.status')}>{statusLabel(viewing.status)}</Detail>
            <Detail label={t('admin.ideas.submittedBy')}>
              <bdi>{viewing.author}</bdi>
              {viewing.submittedBy && (
                <>
                  {' ('}
                  <bdi>{viewing.submittedBy.email}</bdi>
                  {')'}
                </>
              )}
            </Detail>
            <Detail label={t('admin.field.university')}>
              {[
                viewing.submittedBy?.university,
                viewing.submittedBy?.course,
                viewing.submittedBy?.year ? t('admin.students.year', { year: viewing.submittedBy.year }) : '',
              ]
                .filter(Boolean)
                .join(' · ')}
            </Detail>
            <Detail label={t('admin.ideas.submitted')}>{formatDate(viewing.submittedDate)}</Detail>
            <Detail label={t('admin.workshops.tags')}>{viewing.tags.length > 0 && <bdi>{format.list(viewing.tags, { type: 'unit' })}</bdi>}</Detail>
            <Detail label={t('admin.ideas.totalScoreLabel')}>
              {viewing.totalScore === null
                ? viewing.status === 'approved' || viewing.status === 'shortlisted'
                  ? t('admin.ideas.notScored')
                  : ''
                : scoreOf(viewing.totalScore)}
            </Detail>
            <Detail label={t('admin.ideas.reviewedLabel')}>
              {viewing.reviewedBy ? t('admin.ideas.reviewedBy', { name: viewing.reviewedBy.name, date: formatDate(viewing.reviewedAt) }) : ''}
            </Detail>
            <Detail className="sm:col-span-2" label={t('admin.ideas.feedback')}>
              {viewing.feedback && <span dir="auto">{viewing.feedback}</span>}
            </Detail>
            <Detail className="sm:col-span-2" label={t('admin.ideas.notes')}>
              {viewing.reviewNotes && <span dir="auto">{viewing.reviewNotes}</span>}
            </Detail>
          </dl>
        )}
      </Dialog>
      <Dialog open={reviewing !== null} onClose={() => setReviewing(null)} title={t('admin.ideas.reviewTitle')} size="lg">
        {reviewing && (
          <ReviewForm
            idea={reviewing}
            busy={review.isPending}
            onCancel={() => setReviewing(null)}
            onSubmit={(body) => review.mutate({ idea: reviewing, body })}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={rejecting !== null}
        title={t('admin.ideas.quickReject')}
        message={t('admin.ideas.quickRejectMessage', { title: rejecting?.title ?? '', feedback: quickFeedback })}
        confirmLabel={t('admin.workshops.reject')}
        busy={review.isPending}
        onCancel={() => setRejecting(null)}
        onConfirm={() => rejecting && review.mutate({ idea: rejecting, body: { status: 'rejected', feedback: quickFeedback } })}
      />
    </ListSection>
  );
}
