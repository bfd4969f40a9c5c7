import { useState, type FormEvent } from 'react';
import { ArrowLeft } from 'lucide-react';
import { PROGRAMME_MESSAGES } from '@app/shared/programme-constants';
import type { PairDto, ProgrammeDetail, ProgrammeSummary } from '@app/shared/programmes';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog, FormDialog } from '../../components/ui/dialog.tsx';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { Alert, SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { rich, useFormat, useT, type MessageKey } from '../../lib/i18n.tsx';
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

const STATUS_LABEL: Record<ProgrammeSummary['status'], MessageKey> = {
  open: 'programmes.status.open',
  matched: 'programmes.status.matched',
  published: 'programmes.status.published',
};
const ROLE_LABEL: Record<'mentor' | 'mentee', MessageKey> = { mentor: 'programmes.role.mentor', mentee: 'programmes.role.mentee' };
const PARTICIPANT_LABEL: Record<'invited' | 'joined' | 'declined', MessageKey> = {
  invited: 'programmes.participant.invited',
  joined: 'programmes.participant.joined',
  declined: 'programmes.participant.declined',
};
/** The spec's short confirmations (PROGRAMME_MESSAGES) in the page's language. */
const DONE: Record<string, MessageKey> = {
  [PROGRAMME_MESSAGES.created]: 'programmes.done.created',
  [PROGRAMME_MESSAGES.invited]: 'programmes.done.invited',
  [PROGRAMME_MESSAGES.published]: 'programmes.done.published',
  [PROGRAMME_MESSAGES.matched]: 'programmes.done.matched',
  [PROGRAMME_MESSAGES.pairSaved]: 'programmes.done.pairSaved',
  [PROGRAMME_MESSAGES.swapped]: 'programmes.done.swapped',
};
/** A programme's dates ("1 Jan 2027 to 30 Jun 2027") in the page's language. */
const dates = (startsOn: string, endsOn: string) => ({ start: formatDate(`${startsOn}T00:00:00`), end: formatDate(`${endsOn}T00:00:00`) });
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
  const t = useT();
  const organiser = useProgrammeOrganiser();
  const list = useProgrammes();
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">{t('programmes.list.title')}</h2>
          <p className="text-sm text-slate-600">
            {organiser === 'university' ? t('programmes.list.introUniversity') : t('programmes.list.introAdmin')}
          </p>
        </div>
        <Button onClick={() => setCreating(true)}>{t('programmes.list.new')}</Button>
      </div>
      {list.isPending ? (
        <Spinner label={t('programmes.list.loading')} />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error, t('programmes.list.loadFailed'))} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title={t('programmes.list.emptyTitle')} action={<Button onClick={() => setCreating(true)}>{t('programmes.list.new')}</Button>}>
          {t('programmes.list.emptyText')}
        </EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {list.data.map((p) => (
            <li key={p.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <h3 dir="auto" className="font-semibold break-words text-slate-900">
                {p.name}
              </h3>
              <p className="text-sm text-slate-600">
                {t('programmes.dates', dates(p.startsOn, p.endsOn))} · {t(STATUS_LABEL[p.status])}
              </p>
              <p className="mt-1 text-sm text-slate-700">
                {t('programmes.list.counts', { mentors: p.counts.mentors, mentees: p.counts.mentees, invited: p.counts.invited, pairs: p.counts.pairs })}
              </p>
              <Button size="sm" className="mt-3" onClick={() => onOpen(p.id)} aria-label={t('programmes.list.openNamed', { name: p.name })}>
                {t('programmes.list.open')}
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
  const t = useT();
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
          toast.success(t('programmes.done.created'));
          onClose();
          onCreated(res.data.programme.id);
        },
        onError: (err) => setError(errorMessage(err, t('programmes.create.failed'))),
      },
    );
  };
  return (
    <FormDialog
      formId="programme-form"
      title={t('programmes.create.title')}
      onClose={onClose}
      onSubmit={submit}
      formClassName="space-y-3"
      cancelLabel={t('admin.form.cancel')}
      submitLabel={t('programmes.create.submit')}
      pendingLabel={t('programmes.create.creating')}
      pending={create.isPending}
    >
      {error && <Alert kind="error">{error}</Alert>}
      <TextField label={t('admin.field.name')} required value={form.name} onChange={set('name')} maxLength={200} />
      <TextArea label={t('admin.workshops.description')} value={form.description} onChange={set('description')} rows={2} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t('programmes.create.startsOn')} type="date" required value={form.startsOn} onChange={set('startsOn')} />
        <TextField label={t('programmes.create.endsOn')} type="date" required value={form.endsOn} onChange={set('endsOn')} />
      </div>
      {organiser === 'admin' && (
        <TextField label={t('programmes.create.universities')} hint={t('programmes.create.universitiesHint')} value={form.universities} onChange={set('universities')} />
      )}
      <TextField label={t('programmes.create.courses')} hint={t('programmes.create.coursesHint')} value={form.courses} onChange={set('courses')} />
      <TextField label={t('programmes.create.capacity')} type="number" min={1} max={50} required value={form.capacity} onChange={set('capacity')} />
    </FormDialog>
  );
}

function ProgrammeView({ id, onBack }: { id: string; onBack: () => void }) {
  const t = useT();
  const detail = useProgrammeDetail(id);
  return (
    <div>
      <Button variant="ghost" size="sm" onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" /> {t('programmes.view.all')}
      </Button>
      {detail.isPending ? (
        <Spinner label={t('programmes.view.loading')} />
      ) : detail.isError ? (
        <ErrorState message={errorMessage(detail.error, t('programmes.view.loadFailed'))} onRetry={() => void detail.refetch()} />
      ) : (
        <ProgrammeBody data={detail.data} />
      )}
    </div>
  );
}

function ProgrammeBody({ data }: { data: ProgrammeDetail }) {
  const t = useT();
  const format = useFormat();
  const p = data.programme;
  const organiser = useProgrammeOrganiser();
  const toast = useToast();
  const action = useProgrammeAction(p.id);
  const invite = useInvite(p.id);
  const [confirmPublish, setConfirmPublish] = useState(false);
  const [swapFirst, setSwapFirst] = useState<string | null>(null);
  const published = p.status === 'published';
  const run = (path: string, method: 'POST' | 'PUT', body: unknown, done: string) =>
    action.mutate(
      { path, method, body },
      {
        onSuccess: () => toast.success(DONE[done] ? t(DONE[done]) : done),
        onError: (e) => toast.error(errorMessage(e, t('programmes.view.actionFailed'))),
      },
    );
  const doInvite = (role: 'mentor' | 'mentee') =>
    invite.mutate(
      { role, allEligible: true },
      {
        onSuccess: (res) =>
          toast.success(
            `${t('programmes.done.invited')}: ${t('programmes.view.invitedCounts', { invited: res.data.invited, already: res.data.alreadyInvited })}`,
          ),
        onError: (e) => toast.error(errorMessage(e, t('programmes.view.inviteFailed'))),
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
        <h2 id="programme-heading" dir="auto" className="text-xl font-semibold break-words text-slate-900">
          {p.name}
        </h2>
        <p className="text-sm text-slate-600">
          {t('programmes.dates', dates(p.startsOn, p.endsOn))} · {t(STATUS_LABEL[p.status])} ·{' '}
          {t('programmes.view.capacity', { count: p.mentorCapacityDefault })}
        </p>
        {(p.eligibleUniversities.length > 0 || p.eligibleCourses.length > 0) && (
          <p className="text-sm text-slate-600">
            {t('programmes.view.openTo', {
              universities: p.eligibleUniversities.length ? format.list(p.eligibleUniversities, { type: 'unit' }) : t('programmes.view.everyUniversity'),
              courses: p.eligibleCourses.length ? format.list(p.eligibleCourses, { type: 'unit' }) : t('programmes.view.everyCourse'),
            })}
          </p>
        )}
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[
            [t('programmes.view.mentorsJoined'), p.counts.mentors],
            [t('programmes.view.menteesJoined'), p.counts.mentees],
            [t('programmes.view.invitedNoAnswer'), p.counts.invited],
            [t('programmes.view.pairs'), p.counts.pairs],
          ].map(([label, n]) => (
            <div key={label} className="rounded-lg border border-slate-200 bg-white p-3">
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="text-xl font-semibold text-slate-900">{format.number(Number(n))}</dd>
            </div>
          ))}
        </dl>
        {!published && (
          <div className="mt-4 flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => doInvite('mentee')} disabled={invite.isPending}>
              {t('programmes.view.inviteStudents')}
            </Button>
            <Button variant="secondary" onClick={() => doInvite('mentor')} disabled={invite.isPending}>
              {t('programmes.view.inviteMentors')}
            </Button>
            <Button onClick={() => run('/match', 'POST', {}, PROGRAMME_MESSAGES.matched)} disabled={action.isPending}>
              {p.status === 'open' ? t('programmes.view.runMatching') : t('programmes.view.runAgain')}
            </Button>
            <Button onClick={() => setConfirmPublish(true)} disabled={action.isPending || data.pairs.length === 0}>
              {t('programmes.view.publishPairs')}
            </Button>
          </div>
        )}
      </section>

      {published && (
        <section aria-labelledby="dashboard-heading">
          <h3 id="dashboard-heading" className="text-lg font-semibold text-slate-900">
            {t('programmes.view.whoHasMet')}
          </h3>
          <p className="text-sm text-slate-700" data-testid="programme-dashboard">
            {t('programmes.view.dashboard', {
              met: data.dashboard.met,
              pairs: data.dashboard.pairs,
              sessions: data.dashboard.sessions,
              notMet: data.dashboard.notMet,
            })}
          </p>
        </section>
      )}

      {published && <PairsHealthPanel base={organiser === 'admin' ? '/admin/programmes' : '/organisations/me/programmes'} programmeId={p.id} />}
      {published && <OutcomeReportPanel base={organiser === 'admin' ? '/admin/programmes' : '/organisations/me/programmes'} programmeId={p.id} />}

      {published && <SurveysPanel base={organiser === 'admin' ? '/admin/programmes' : '/organisations/me/programmes'} programmeId={p.id} />}

      <section aria-labelledby="pairs-heading">
        <h3 id="pairs-heading" className="text-lg font-semibold text-slate-900">
          {published ? t('programmes.view.pairs') : t('programmes.view.proposedPairs')}
        </h3>
        {!published && data.pairs.length > 1 && (
          <p className="text-sm text-slate-600">{t('programmes.view.swapHint')}</p>
        )}
        {data.pairs.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t('programmes.view.noPairs')}</p>
        ) : (
          <ul className="mt-3 grid gap-3 md:grid-cols-2">
            {data.pairs.map((pair) => (
              <li key={pair.id} className={`rounded-xl border bg-white p-4 ${swapFirst === pair.id ? 'border-brand-600 ring-2 ring-brand-500/40' : 'border-slate-200'}`}>
                <p className="font-semibold break-words text-slate-900">
                  {rich(t('programmes.view.pair', { mentee: pair.menteeName, mentor: pair.mentorName }), {
                    with: (chunk) => <span className="font-normal text-slate-600">{chunk}</span>,
                  })}
                </p>
                <p className="text-sm text-slate-600">
                  {t('programmes.view.score', { score: format.number(pair.score) })}
                  {pair.pinned ? ` · ${t('programmes.view.pinned')}` : ''}
                  {published
                    ? ` · ${t('programmes.view.sessions', { sessions: pair.sessions, held: pair.completedSessions })}${
                        pair.lastSessionAt ? t('programmes.view.last', { date: formatDate(pair.lastSessionAt) }) : ''
                      }`
                    : ''}
                </p>
                {pair.reasons.length > 0 && (
                  <ul className="mt-1 list-disc ps-5 text-sm text-slate-700">
                    {pair.reasons.map((r) => (
                      <li key={r} dir="auto">
                        {r}
                      </li>
                    ))}
                  </ul>
                )}
                {published && pair.completedSessions === 0 && <p className="mt-1 text-sm font-medium text-amber-800">{t('programmes.view.notMet')}</p>}
                {!published && (
                  <div className="mt-3 flex flex-wrap items-end gap-2">
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => run('/pairs', 'PUT', { menteeId: pair.menteeId, mentorId: pair.mentorId, pinned: !pair.pinned }, PROGRAMME_MESSAGES.pairSaved)}
                      aria-label={
                        pair.pinned
                          ? t('programmes.view.unpinLabel', { mentee: pair.menteeName, mentor: pair.mentorName })
                          : t('programmes.view.pinLabel', { mentee: pair.menteeName, mentor: pair.mentorName })
                      }
                    >
                      {pair.pinned ? t('programmes.view.unpin') : t('programmes.view.pin')}
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => onSwap(pair)}
                      aria-pressed={swapFirst === pair.id}
                      aria-label={t('programmes.view.swapLabel', { mentee: pair.menteeName })}
                    >
                      {t('programmes.view.swap')}
                    </Button>
                    <div className="min-w-[10rem] flex-1">
                      <SelectField
                        label={t('programmes.view.mentorFor', { mentee: pair.menteeName })}
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
            {t('programmes.view.unmatched')}
          </h3>
          <ul className="mt-2 space-y-1 text-sm text-slate-700">
            {data.unmatched.map((u) => (
              <li key={u.userId}>
                {t('programmes.view.unmatchedRow', { name: u.name, role: u.role, detail: u.detail })}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="participants-heading">
        <h3 id="participants-heading" className="text-lg font-semibold text-slate-900">
          {t('programmes.view.participants')}
        </h3>
        {data.participants.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t('programmes.view.nobody')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {data.participants.map((x) => (
              <li key={x.userId} className="px-4 py-2 text-sm">
                <bdi className="font-medium text-slate-900">{x.name}</bdi> · {t(ROLE_LABEL[x.role])} · {t(PARTICIPANT_LABEL[x.status])}
                {x.topics.length > 0 && (
                  <span className="text-slate-600">
                    {' · '}
                    <bdi>{format.list(x.topics, { type: 'unit' })}</bdi>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={confirmPublish}
        title={t('programmes.view.publishTitle')}
        message={t('programmes.view.publishMessage', { count: data.pairs.length })}
        confirmLabel={t('admin.workshops.publish')}
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
