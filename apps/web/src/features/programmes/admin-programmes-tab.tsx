import { useState, type FormEvent } from 'react';
import { ArrowLeft } from 'lucide-react';
import { PROGRAMME_MESSAGES } from '@app/shared/programme-constants';
import type { PairDto, ProgrammeDetail, ProgrammeSummary } from '@app/shared/programmes';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../components/ui/dialog.tsx';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { Alert, SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { PairsHealthPanel } from '../relationships/pairs-health-panel.tsx';
import { SurveysPanel } from '../surveys/surveys-panel.tsx';
import { OutcomeReportPanel } from '../outcomes/outcome-report-panel.tsx';
import {
  ProgrammeOrganiserContext,
  useCreateProgramme,
  useInvite,
  useProgrammeAction,
  useProgrammeDetail,
  useProgrammeOrganiser,
  useProgrammes,
  type ProgrammeOrganiser,
} from './api.ts';

const STATUS_LABEL: Record<ProgrammeSummary['status'], string> = { open: 'Collecting preferences', matched: 'Matched (draft)', published: 'Published' };
const splitList = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Cohort programmes: list, create, then one programme's invitations, matching and dashboard. The admin
 * console shows every programme; a university's dashboard (organiser="university") the same screens
 * for its own programmes and students only (decision 622).
 */
export function AdminProgrammesTab({ organiser = 'admin' }: { organiser?: ProgrammeOrganiser }) {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <ProgrammeOrganiserContext.Provider value={organiser}>
      {openId ? <ProgrammeView id={openId} onBack={() => setOpenId(null)} /> : <ProgrammeList onOpen={setOpenId} />}
    </ProgrammeOrganiserContext.Provider>
  );
}

function ProgrammeList({ onOpen }: { onOpen: (id: string) => void }) {
  const organiser = useProgrammeOrganiser();
  const list = useProgrammes();
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Mentoring programmes</h2>
          <p className="text-sm text-slate-600">
            {organiser === 'university'
              ? 'Pair your university’s students with verified mentors, within each mentor’s capacity. Only students affiliated with your university can take part.'
              : 'Pair a whole cohort of students with mentors, within each mentor’s capacity.'}
          </p>
        </div>
        <Button onClick={() => setCreating(true)}>New programme</Button>
      </div>
      {list.isPending ? (
        <Spinner label="Loading programmes…" />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error, 'Could not load programmes')} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title="No programmes yet" action={<Button onClick={() => setCreating(true)}>New programme</Button>}>
          Create one, invite mentors and students, then run matching.
        </EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {list.data.map((p) => (
            <li key={p.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <h3 className="font-semibold break-words text-slate-900">{p.name}</h3>
              <p className="text-sm text-slate-600">
                {p.startsOn} to {p.endsOn} · {STATUS_LABEL[p.status]}
              </p>
              <p className="mt-1 text-sm text-slate-700">
                {p.counts.mentors} mentors, {p.counts.mentees} mentees joined · {p.counts.invited} invited · {p.counts.pairs} pairs
              </p>
              <Button size="sm" className="mt-3" onClick={() => onOpen(p.id)} aria-label={`Open ${p.name}`}>
                Open
              </Button>
            </li>
          ))}
        </ul>
      )}
      {creating && <CreateDialog onClose={() => setCreating(false)} onCreated={onOpen} />}
    </div>
  );
}

function CreateDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: string) => void }) {
  const create = useCreateProgramme();
  const organiser = useProgrammeOrganiser();
  const toast = useToast();
  const [form, setForm] = useState({ name: '', description: '', startsOn: '', endsOn: '', universities: '', courses: '', capacity: '3' });
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    create.mutate(
      {
        name: form.name,
        description: form.description,
        startsOn: form.startsOn,
        endsOn: form.endsOn,
        eligibleUniversities: splitList(form.universities),
        eligibleCourses: splitList(form.courses),
        mentorCapacityDefault: Number(form.capacity),
      },
      {
        onSuccess: (res) => {
          toast.success(PROGRAMME_MESSAGES.created);
          onClose();
          onCreated(res.data.programme.id);
        },
        onError: (err) => setError(errorMessage(err, 'Could not create the programme')),
      },
    );
  };
  return (
    <Dialog
      open
      title="New mentoring programme"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="programme-form" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create programme'}
          </Button>
        </>
      }
    >
      <form id="programme-form" className="space-y-3" onSubmit={submit} noValidate>
        {error && <Alert kind="error">{error}</Alert>}
        <TextField label="Name" required value={form.name} onChange={set('name')} maxLength={200} />
        <TextArea label="Description" value={form.description} onChange={set('description')} rows={2} />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Starts on" type="date" required value={form.startsOn} onChange={set('startsOn')} />
          <TextField label="Ends on" type="date" required value={form.endsOn} onChange={set('endsOn')} />
        </div>
        {organiser === 'admin' && (
          <TextField label="Eligible universities" hint="Comma-separated; empty means every university." value={form.universities} onChange={set('universities')} />
        )}
        <TextField label="Eligible courses" hint="Comma-separated; empty means every course." value={form.courses} onChange={set('courses')} />
        <TextField label="Mentor capacity (mentees per mentor)" type="number" min={1} max={50} required value={form.capacity} onChange={set('capacity')} />
      </form>
    </Dialog>
  );
}

function ProgrammeView({ id, onBack }: { id: string; onBack: () => void }) {
  const detail = useProgrammeDetail(id);
  return (
    <div>
      <Button variant="ghost" size="sm" onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" /> All programmes
      </Button>
      {detail.isPending ? (
        <Spinner label="Loading programme…" />
      ) : detail.isError ? (
        <ErrorState message={errorMessage(detail.error, 'Could not load the programme')} onRetry={() => void detail.refetch()} />
      ) : (
        <ProgrammeBody data={detail.data} />
      )}
    </div>
  );
}

function ProgrammeBody({ data }: { data: ProgrammeDetail }) {
  const p = data.programme;
  const organiser = useProgrammeOrganiser();
  const toast = useToast();
  const action = useProgrammeAction(p.id);
  const invite = useInvite(p.id);
  const [confirmPublish, setConfirmPublish] = useState(false);
  const [swapFirst, setSwapFirst] = useState<string | null>(null);
  const published = p.status === 'published';
  const run = (path: string, method: 'POST' | 'PUT', body: unknown, done: string) =>
    action.mutate({ path, method, body }, { onSuccess: () => toast.success(done), onError: (e) => toast.error(errorMessage(e, 'That did not work')) });
  const doInvite = (role: 'mentor' | 'mentee') =>
    invite.mutate(
      { role, allEligible: true },
      {
        onSuccess: (res) => toast.success(`${PROGRAMME_MESSAGES.invited}: ${res.data.invited} new, ${res.data.alreadyInvited} already invited`),
        onError: (e) => toast.error(errorMessage(e, 'Could not send invitations')),
      },
    );
  const mentors = data.participants.filter((x) => x.role === 'mentor' && x.status === 'joined');
  const onSwap = (pair: PairDto) => {
    if (!swapFirst) return setSwapFirst(pair.id);
    if (swapFirst === pair.id) return setSwapFirst(null);
    run('/swap', 'POST', { pairA: swapFirst, pairB: pair.id }, PROGRAMME_MESSAGES.swapped);
    setSwapFirst(null);
  };

  return (
    <div className="mt-2 space-y-8">
      <section aria-labelledby="programme-heading">
        <h2 id="programme-heading" className="text-xl font-semibold break-words text-slate-900">
          {p.name}
        </h2>
        <p className="text-sm text-slate-600">
          {p.startsOn} to {p.endsOn} · {STATUS_LABEL[p.status]} · {p.mentorCapacityDefault} mentees per mentor by default
        </p>
        {(p.eligibleUniversities.length > 0 || p.eligibleCourses.length > 0) && (
          <p className="text-sm text-slate-600">
            Open to {p.eligibleUniversities.length ? p.eligibleUniversities.join(', ') : 'every university'} ·{' '}
            {p.eligibleCourses.length ? p.eligibleCourses.join(', ') : 'every course'}
          </p>
        )}
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[
            ['Mentors joined', p.counts.mentors],
            ['Mentees joined', p.counts.mentees],
            ['Invited, no answer yet', p.counts.invited],
            ['Pairs', p.counts.pairs],
          ].map(([label, n]) => (
            <div key={label} className="rounded-lg border border-slate-200 bg-white p-3">
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="text-xl font-semibold text-slate-900">{n}</dd>
            </div>
          ))}
        </dl>
        {!published && (
          <div className="mt-4 flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => doInvite('mentee')} disabled={invite.isPending}>
              Invite eligible students
            </Button>
            <Button variant="secondary" onClick={() => doInvite('mentor')} disabled={invite.isPending}>
              Invite verified mentors
            </Button>
            <Button onClick={() => run('/match', 'POST', {}, PROGRAMME_MESSAGES.matched)} disabled={action.isPending}>
              {p.status === 'open' ? 'Run matching' : 'Run matching again'}
            </Button>
            <Button onClick={() => setConfirmPublish(true)} disabled={action.isPending || data.pairs.length === 0}>
              Publish pairs
            </Button>
          </div>
        )}
      </section>

      {published && (
        <section aria-labelledby="dashboard-heading">
          <h3 id="dashboard-heading" className="text-lg font-semibold text-slate-900">
            Who has met
          </h3>
          <p className="text-sm text-slate-700" data-testid="programme-dashboard">
            {data.dashboard.met} of {data.dashboard.pairs} pairs have met · {data.dashboard.sessions} sessions booked since publishing ·{' '}
            {data.dashboard.notMet} not yet
          </p>
        </section>
      )}

      {published && <PairsHealthPanel base={organiser === 'admin' ? '/admin/programmes' : '/organisations/me/programmes'} programmeId={p.id} />}
      {published && <OutcomeReportPanel base={organiser === 'admin' ? '/admin/programmes' : '/organisations/me/programmes'} programmeId={p.id} />}

      {published && <SurveysPanel base={organiser === 'admin' ? '/admin/programmes' : '/organisations/me/programmes'} programmeId={p.id} />}

      <section aria-labelledby="pairs-heading">
        <h3 id="pairs-heading" className="text-lg font-semibold text-slate-900">
          {published ? 'Pairs' : 'Proposed pairs'}
        </h3>
        {!published && data.pairs.length > 1 && (
          <p className="text-sm text-slate-600">To swap two mentees&rsquo; mentors, press &ldquo;Swap&rdquo; on one pair, then on the other.</p>
        )}
        {data.pairs.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No pairs yet. Invite people, wait for them to join, then run matching.</p>
        ) : (
          <ul className="mt-3 grid gap-3 md:grid-cols-2">
            {data.pairs.map((pair) => (
              <li key={pair.id} className={`rounded-xl border bg-white p-4 ${swapFirst === pair.id ? 'border-brand-600 ring-2 ring-brand-500/40' : 'border-slate-200'}`}>
                <p className="font-semibold break-words text-slate-900">
                  {pair.menteeName} <span className="font-normal text-slate-600">with</span> {pair.mentorName}
                </p>
                <p className="text-sm text-slate-600">
                  Score {pair.score}
                  {pair.pinned ? ' · pinned' : ''}
                  {published ? ` · ${pair.sessions} sessions, ${pair.completedSessions} held${pair.lastSessionAt ? `, last ${pair.lastSessionAt.slice(0, 10)}` : ''}` : ''}
                </p>
                {pair.reasons.length > 0 && (
                  <ul className="mt-1 list-disc ps-5 text-sm text-slate-700">
                    {pair.reasons.map((r) => (
                      <li key={r}>{r}</li>
                    ))}
                  </ul>
                )}
                {published && pair.completedSessions === 0 && <p className="mt-1 text-sm font-medium text-amber-800">Not met yet</p>}
                {!published && (
                  <div className="mt-3 flex flex-wrap items-end gap-2">
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => run('/pairs', 'PUT', { menteeId: pair.menteeId, mentorId: pair.mentorId, pinned: !pair.pinned }, PROGRAMME_MESSAGES.pairSaved)}
                      aria-label={`${pair.pinned ? 'Unpin' : 'Pin'} ${pair.menteeName} with ${pair.mentorName}`}
                    >
                      {pair.pinned ? 'Unpin' : 'Pin'}
                    </Button>
                    <Button size="sm" variant="secondary" onClick={() => onSwap(pair)} aria-pressed={swapFirst === pair.id} aria-label={`Swap ${pair.menteeName}’s mentor`}>
                      Swap
                    </Button>
                    <div className="min-w-[10rem] flex-1">
                      <SelectField
                        label={`Mentor for ${pair.menteeName}`}
                        value={pair.mentorId}
                        onChange={(e) => run('/pairs', 'PUT', { menteeId: pair.menteeId, mentorId: e.target.value, pinned: true }, PROGRAMME_MESSAGES.pairSaved)}
                      >
                        {mentors.map((m) => (
                          <option key={m.userId} value={m.userId}>
                            {m.name}
                          </option>
                        ))}
                      </SelectField>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {data.unmatched.length > 0 && (
        <section aria-labelledby="unmatched-heading">
          <h3 id="unmatched-heading" className="text-lg font-semibold text-slate-900">
            Not matched, and why
          </h3>
          <ul className="mt-2 space-y-1 text-sm text-slate-700">
            {data.unmatched.map((u) => (
              <li key={u.userId}>
                <span className="font-medium">{u.name}</span> ({u.role}): {u.detail}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="participants-heading">
        <h3 id="participants-heading" className="text-lg font-semibold text-slate-900">
          Participants
        </h3>
        {data.participants.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nobody invited yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {data.participants.map((x) => (
              <li key={x.userId} className="px-4 py-2 text-sm">
                <span className="font-medium text-slate-900">{x.name}</span> · {x.role} · {x.status}
                {x.topics.length > 0 && <span className="text-slate-600"> · {x.topics.join(', ')}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={confirmPublish}
        title="Publish pairs?"
        message={`Each of the ${data.pairs.length} pairs becomes a mentoring connection and both people are notified. Pairs cannot change afterwards.`}
        confirmLabel="Publish"
        busy={action.isPending}
        onCancel={() => setConfirmPublish(false)}
        onConfirm={() => {
          setConfirmPublish(false);
          run('/publish', 'POST', {}, PROGRAMME_MESSAGES.published);
        }}
      />
    </div>
  );
}
