import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { IDEA_REVIEW_MESSAGES, REVIEW_STATUSES, totalScoreOf, type AdminIdeaDto } from '@app/shared/admin';
import { IDEA_CATEGORIES, ideaStatusLabel } from '@app/shared/ideas';
import { uniqueTrimmed } from '@app/shared/text';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../components/ui/dialog.tsx';
import { Alert, SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatDate, truncate } from '../../lib/format.ts';
import { adminApi } from './api.ts';
import { DataTable, Detail, ExportButton, FilterSelect, ListState, Pill, SearchBox, useListState } from './ui.tsx';

const KEY = 'admin-ideas';
const STATUS_TONE: Record<string, 'green' | 'slate' | 'red' | 'blue' | 'amber'> = {
  approved: 'green',
  implemented: 'green',
  rejected: 'red',
  shortlisted: 'blue',
  under_review: 'amber',
};

const IDEA_REVIEW_COPY = {
  scoresKeptWhen: 'Scores are saved when the idea is approved or shortlisted; choose one of those statuses to keep them.',
} as const;

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
  const SCORE_LABELS = { feasibilityScore: 'Feasibility', impactScore: 'Impact', innovationScore: 'Innovation' } as const;
  const missing = scored ? (Object.keys(SCORE_LABELS) as (keyof typeof SCORE_LABELS)[]).filter((k) => scores[k] === '').map((k) => SCORE_LABELS[k]) : [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bad = (Object.keys(scores) as (keyof typeof scores)[]).filter((k) => {
      const n = numbers[k];
      return n !== undefined && (!Number.isInteger(n) || n < 1 || n > 10);
    });
    setScoreErrors(Object.fromEntries(bad.map((k) => [k, IDEA_REVIEW_MESSAGES.score])));
    if (bad.length > 0) {
      setError(IDEA_REVIEW_MESSAGES.score);
      const form = event.currentTarget as HTMLFormElement;
      form.querySelector<HTMLInputElement>(`[name="${bad[0]}"]`)?.focus();
      return;
    }
    if (!status) return setError(IDEA_REVIEW_MESSAGES.status);
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
      <p className="text-sm text-slate-700">
        Reviewing “{idea.title}” by {idea.author}.
      </p>
      {/* Scores come first: a reviewer can score while reading, then choose the status (issue 29). */}
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-1 text-sm font-semibold">Scores (1–10)</legend>
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
            {missing.length === 3 ? 'No scores yet' : `Missing: ${missing.join(', ')}`}: the idea will be {ideaStatusLabel(status).toLowerCase()}{' '}
            {missing.length === 3 ? 'without a score' : 'with a total from the scores given'}.
          </p>
        )}
        {!scored && anyScore && (
          <p className="text-sm text-slate-700 sm:col-span-3">{IDEA_REVIEW_COPY.scoresKeptWhen}</p>
        )}
        {total !== null && missing.length < 3 && <p className="text-sm sm:col-span-3">Total score: {total}/10</p>}
      </fieldset>
      <SelectField label="Status" required value={status} onChange={(e) => setStatus(e.target.value)}>
        <option value="">Select a status</option>
        {REVIEW_STATUSES.map((s) => (
          <option key={s} value={s}>
            {ideaStatusLabel(s)}
          </option>
        ))}
      </SelectField>
      <TextArea
        label="Feedback (visible to the student)"
        rows={3}
        value={feedback}
        onChange={(e) => setFeedback(e.target.value)}
        maxLength={2000}
      />
      <TextArea
        label="Review notes (internal)"
        rows={2}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
        maxLength={2000}
      />
      <TextField label="Estimated time to implement" value={time} onChange={(e) => setTime(e.target.value)} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextArea
          label="Resources required"
          hint="One per line"
          rows={2}
          value={resources}
          onChange={(e) => setResources(e.target.value)}
        />
        <TextArea
          label="Potential partners"
          hint="One per line"
          rows={2}
          value={partners}
          onChange={(e) => setPartners(e.target.value)}
        />
      </div>
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Submit Review'}
        </Button>
      </div>
    </form>
  );
}

export function IdeasTab() {
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
      toast.success(`Idea ${r.data.idea.status} successfully!`);
      setReviewing(null);
      setRejecting(null);
      setViewing(null);
      void qc.invalidateQueries({ queryKey: [KEY] });
    },
    onError: (error, { body }) =>
      toast.error(`Failed to ${String(body.status)} idea: ${errorMessage(error, 'API request failed')}`),
  });
  // An idea list failure shows an empty list with zeroed pagination (spec 001 §8).
  const rows = query.isError ? [] : (query.data?.data.ideas ?? []);
  const pagination = query.isError ? undefined : query.data?.data.pagination;
  return (
    <section aria-labelledby="ideas-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="ideas-heading" className="text-xl font-semibold">
          Student Ideas
        </h2>
        <div className="flex flex-wrap gap-2">
          <ExportButton kind="ideas" label="Ideas" query={list.query} />
          <Button variant="secondary" onClick={() => void query.refetch()}>
            <RefreshCw aria-hidden="true" className="h-4 w-4" /> Refresh
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <SearchBox label="Search ideas" value={list.search} onChange={list.setSearch} />
        <FilterSelect
          label="Status"
          value={list.filters.status ?? 'all'}
          onChange={(v) => list.setFilter('status', v)}
          options={[
            { value: 'all', label: 'All statuses' },
            ...['under_review', 'shortlisted', 'approved', 'rejected', 'implemented'].map((s) => ({
              value: s,
              label: ideaStatusLabel(s),
            })),
          ]}
        />
        <FilterSelect
          label="Category"
          value={list.filters.category ?? 'all'}
          onChange={(v) => list.setFilter('category', v)}
          options={[{ value: 'all', label: 'All categories' }, ...IDEA_CATEGORIES.map((c) => ({ value: c, label: c }))]}
        />
      </div>
      <ListState query={{ ...query, isError: false }} empty={rows.length === 0}>
        <DataTable
          label="Student ideas"
          rows={rows}
          rowKey={(i) => i._id}
          onOpen={setViewing}
          columns={[
            {
              header: 'Idea',
              cell: (i) => (
                <span className="block max-w-md">
                  <span className="font-medium">{i.title}</span>
                  <span className="block text-xs text-slate-600">{truncate(i.description, 100)}</span>
                  <span className="mt-1 flex flex-wrap gap-1">
                    {i.tags.slice(0, 2).map((t) => (
                      <span key={t} className="rounded bg-slate-100 px-1.5 text-xs">
                        {t}
                      </span>
                    ))}
                    {i.tags.length > 2 && <span className="text-xs text-slate-600">+{i.tags.length - 2}</span>}
                  </span>
                </span>
              ),
            },
            {
              header: 'Submitter',
              cell: (i) => (
                <>
                  {i.author}
                  <span className="block text-xs text-slate-600">{i.submittedBy?.university ?? ''}</span>
                </>
              ),
            },
            { header: 'Category', cell: (i) => i.category },
            { header: 'Status', cell: (i) => <Pill tone={STATUS_TONE[i.status] ?? 'slate'}>{ideaStatusLabel(i.status)}</Pill> },
            {
              header: 'Submitted',
              cell: (i) => (
                <>
                  {formatDate(i.submittedDate)}
                  {i.totalScore !== null ? (
                    <span className="block text-xs text-slate-600">Score {i.totalScore}/10</span>
                  ) : (
                    (i.status === 'approved' || i.status === 'shortlisted') && <span className="block text-xs text-amber-900">Not scored</span>
                  )}
                </>
              ),
            },
            { header: 'Engagement', cell: (i) => `${i.likesCount} likes · ${i.commentsCount} comments` },
          ]}
          actions={(i) =>
            i.status === 'under_review' ? (
              <span className="inline-flex flex-wrap gap-1">
                <Button size="sm" onClick={() => setReviewing(i)}>
                  Review
                </Button>
                <Button size="sm" variant="danger" onClick={() => setRejecting(i)}>
                  Quick Reject
                </Button>
              </span>
            ) : (
              <Button size="sm" variant="secondary" onClick={() => setViewing(i)}>
                View
              </Button>
            )
          }
        />
        {pagination && <Pagination page={pagination.page} pages={pagination.pages} onChange={list.setPage} label="Ideas pages" />}
      </ListState>
      <Dialog
        open={viewing !== null}
        onClose={() => setViewing(null)}
        title={viewing?.title ?? ''}
        size="lg"
        footer={
          viewing?.status === 'under_review' ? (
            <>
              <Button
                onClick={() => {
                  setReviewing(viewing);
                  setViewing(null);
                }}
              >
                Review
              </Button>
              <Button
                variant="danger"
                onClick={() => {
                  setRejecting(viewing);
                  setViewing(null);
                }}
              >
                Quick Reject
              </Button>
            </>
          ) : undefined
        }
      >
        {viewing && (
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail className="sm:col-span-2" label="Description">{viewing.description}</Detail>
            <Detail label="Category">{viewing.category}</Detail>
            <Detail label="Status">{ideaStatusLabel(viewing.status)}</Detail>
            <Detail label="Submitted by">
              {viewing.submittedBy ? `${viewing.author} (${viewing.submittedBy.email})` : viewing.author}
            </Detail>
            <Detail label="University">
              {[
                viewing.submittedBy?.university,
                viewing.submittedBy?.course,
                viewing.submittedBy?.year ? `Year ${viewing.submittedBy.year}` : '',
              ]
                .filter(Boolean)
                .join(' · ')}
            </Detail>
            <Detail label="Submitted">{formatDate(viewing.submittedDate)}</Detail>
            <Detail label="Tags">{viewing.tags.join(', ')}</Detail>
            <Detail label="Total score">{viewing.totalScore === null ? (viewing.status === 'approved' || viewing.status === 'shortlisted' ? 'Not scored' : '') : `${viewing.totalScore}/10`}</Detail>
            <Detail label="Reviewed">
              {viewing.reviewedBy ? `${viewing.reviewedBy.name}, ${formatDate(viewing.reviewedAt)}` : ''}
            </Detail>
            <Detail className="sm:col-span-2" label="Feedback">{viewing.feedback}</Detail>
            <Detail className="sm:col-span-2" label="Review notes (internal)">{viewing.reviewNotes}</Detail>
          </dl>
        )}
      </Dialog>
      <Dialog open={reviewing !== null} onClose={() => setReviewing(null)} title="Review Idea" size="lg">
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
        title="Quick Reject"
        message={`Reject "${rejecting?.title ?? ''}" with the feedback “${IDEA_REVIEW_MESSAGES.quickRejectFeedback}”?`}
        confirmLabel="Reject"
        busy={review.isPending}
        onCancel={() => setRejecting(null)}
        onConfirm={() =>
          rejecting &&
          review.mutate({ idea: rejecting, body: { status: 'rejected', feedback: IDEA_REVIEW_MESSAGES.quickRejectFeedback } })
        }
      />
    </section>
  );
}
