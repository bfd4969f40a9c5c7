import { useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { MAX_GOALS, MEETING_FORMATS, type AgreementBody, type GoalDto, type MeetingDto, type RelationshipDetail, type RelationshipSummary } from '@app/shared/relationships';
import { dashboardPath } from '@app/shared/roles';
import { AppShell } from '../../app/app-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { Alert, NumberField, SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { useSession } from '../../lib/session.ts';
import { useMyRelationships, useRelationship, useRelationshipWrite } from './api.ts';
import { CadenceField, HealthBadge } from './health-bits.tsx';
import { MyProgrammeCertificates } from '../outcomes/my-certificates.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { FigureGrid } from '../../components/ui/figure-grid.tsx';

type T = ReturnType<typeof useT>;
type Write = ReturnType<typeof useRelationshipWrite>;

/** Students and mentors: their mentoring relationships; `?pair=<id>` opens one. */
export function RelationshipsPage() {
  const t = useT();
  useDocumentTitle(t('rel.title'));
  const session = useSession();
  const [params] = useSearchParams();
  const pair = params.get('pair');
  if (!session) return <Navigate to="/signin" replace />;
  if (session.role !== 'student' && session.role !== 'professional') return <Navigate to={dashboardPath(session.role)} replace />;
  return (
    <AppShell>
      <main id="main" className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
        {pair ? (
          <>
            <Link to="/relationships" className="text-sm font-medium text-brand-700 underline">
              {t('rel.backToList')}
            </Link>
            <RelationshipView id={pair} />
          </>
        ) : (
          <>
            <Link to={dashboardPath(session.role)} className="text-sm font-medium text-brand-700 underline">
              {t('rel.backToDashboard')}
            </Link>
            <h1 className="mt-2 text-2xl font-bold text-slate-900">{t('rel.title')}</h1>
            <p className="mt-1 mb-6 text-slate-600">{t('rel.intro')}</p>
            <div className="mb-6">
              <MyProgrammeCertificates />
            </div>
            <RelationshipList />
          </>
        )}
      </main>
    </AppShell>
  );
}

function agreementLabel(t: T, s: RelationshipSummary['agreementState']) {
  if (s === 'confirmed') return t('rel.agreement.stateConfirmed');
  if (s === 'waiting') return t('rel.agreement.stateWaiting');
  return t('rel.agreement.stateNone');
}

function RelationshipList() {
  const t = useT();
  const list = useMyRelationships();
  if (list.isPending) return <Spinner label={t('rel.loading')} />;
  if (list.isError) return <ErrorState message={errorMessage(list.error, t('rel.loadError'))} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) return <EmptyState title={t('rel.emptyTitle')}>{t('rel.emptyBody')}</EmptyState>;
  return (
    <ul className="space-y-3">
      {list.data.map((r) => (
        <li key={r.id} className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-lg font-semibold break-words text-slate-900">
              <Link to={`/relationships?pair=${r.id}`} className="text-brand-700 underline">
                {r.myRole === 'mentee' ? t('rel.withMentor', { name: r.partner.name }) : t('rel.withMentee', { name: r.partner.name })}
              </Link>
            </h2>
            {r.status === 'ended' && <span className="text-sm font-medium text-slate-700">{t('rel.endedBadge')}</span>}
          </div>
          <p className="text-sm text-slate-600">
            {r.programme ? t('rel.inProgramme', { name: r.programme.name }) : t('rel.bookedKind')} · {agreementLabel(t, r.agreementState)}
          </p>
        </li>
      ))}
    </ul>
  );
}

function RelationshipView({ id }: { id: string }) {
  const t = useT();
  const q = useRelationship(id);
  const write = useRelationshipWrite(id);
  if (q.isPending) return <Spinner label={t('rel.loading')} />;
  if (q.isError) return <ErrorState message={errorMessage(q.error, t('rel.loadError'))} onRetry={() => void q.refetch()} />;
  const d = q.data;
  const r = d.relationship;
  const ended = r.status === 'ended';
  return (
    <div className="mt-2 space-y-8">
      <section aria-labelledby="rel-heading">
        <h1 id="rel-heading" className="text-2xl font-bold break-words text-slate-900">
          {r.myRole === 'mentee' ? t('rel.withMentor', { name: r.partner.name }) : t('rel.withMentee', { name: r.partner.name })}
        </h1>
        <p className="text-sm text-slate-600">{r.programme ? t('rel.inProgramme', { name: r.programme.name }) : t('rel.bookedKind')}</p>
        {ended && (
          <div className="mt-2">
            <Alert kind="info">{t('rel.endedNotice', { reason: r.endedReason ?? '' })}</Alert>
          </div>
        )}
        <div className="mt-3">
          <HealthBadge health={d.health} />
        </div>
        <Totals d={d} />
      </section>
      <AgreementSection d={d} write={write} readOnly={ended} />
      <GoalsSection d={d} write={write} readOnly={ended} />
      <MeetingsSection d={d} write={write} readOnly={ended} />
    </div>
  );
}

function Totals({ d }: { d: RelationshipDetail }) {
  const t = useT();
  const f = useFormat();
  const mine = d.relationship.myRole === 'mentor' ? d.totals.mentorHours : d.totals.menteeHours;
  const items: Array<[string, string]> = [
    [t('rel.totals.meetings'), f.number(d.totals.meetings)],
    [t('rel.totals.myHours'), f.number(mine)],
    [t('rel.totals.rating'), d.totals.averageRating === null ? '—' : f.number(d.totals.averageRating)],
    [t('rel.totals.goals'), t('rel.totals.goalsValue', { achieved: d.totals.goalsAchieved, total: d.totals.goals })],
  ];
  return (
    <FigureGrid items={items} className="mt-3" />
  );
}

function formatLabel(t: T, f: (typeof MEETING_FORMATS)[number]) {
  switch (f) {
    case 'video':
      return t('rel.agreement.formatVideo');
    case 'in-person':
      return t('rel.agreement.formatInPerson');
    case 'phone':
      return t('rel.agreement.formatPhone');
    case 'mixed':
      return t('rel.agreement.formatMixed');
  }
}

function AgreementSection({ d, write, readOnly }: { d: RelationshipDetail; write: Write; readOnly: boolean }) {
  const t = useT();
  const toast = useToast();
  const a = d.agreement;
  const [editing, setEditing] = useState(!a);
  const [form, setForm] = useState<AgreementBody>(() => ({
    cadenceDays: a?.cadenceDays ?? 14,
    format: a?.format ?? 'video',
    durationMinutes: a?.durationMinutes ?? 45,
    aims: a?.aims ?? '',
    confidentiality: a?.confidentiality ?? '',
  }));
  const [error, setError] = useState<string | null>(null);
  const meConfirmed = a ? (d.relationship.myRole === 'mentor' ? a.mentorConfirmed : a.menteeConfirmed) : false;
  const otherConfirmed = a ? (d.relationship.myRole === 'mentor' ? a.menteeConfirmed : a.mentorConfirmed) : false;

  const save = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    write.mutate(
      { path: '/agreement', method: 'PUT', body: form },
      {
        onSuccess: () => {
          toast.success(t('rel.agreement.saved'));
          setEditing(false);
        },
        onError: (err) => setError(errorMessage(err, t('rel.saveError'))),
      },
    );
  };
  const confirm = () =>
    a &&
    write.mutate(
      { path: '/agreement/confirm', method: 'POST', body: { version: a.version } },
      { onSuccess: () => toast.success(t('rel.agreement.confirmedToast')), onError: (err) => toast.error(errorMessage(err, t('rel.saveError'))) },
    );

  return (
    <Panel headingId="agreement-heading" title={t('rel.agreement.title')} intro={t('rel.agreement.intro')}>
      {a && !editing && (
        <div className="mt-3 space-y-2 text-sm text-slate-800">
          <p>
            {t('rel.agreement.summary', { cadence: a.cadenceDays, minutes: a.durationMinutes, format: formatLabel(t, a.format) })}
          </p>
          <p className="break-words whitespace-pre-line">
            <strong>{t('rel.agreement.aims')}:</strong> {a.aims}
          </p>
          {a.confidentiality && (
            <p className="break-words whitespace-pre-line">
              <strong>{t('rel.agreement.confidentiality')}:</strong> {a.confidentiality}
            </p>
          )}
          <p data-testid="agreement-state">
            {meConfirmed && otherConfirmed
              ? t('rel.agreement.bothConfirmed', { version: a.version })
              : meConfirmed
                ? t('rel.agreement.waitingOther', { version: a.version })
                : t('rel.agreement.waitingYou', { version: a.version })}
          </p>
          {!readOnly && (
            <div className="flex flex-wrap gap-2">
              {!meConfirmed && (
                <Button onClick={confirm} disabled={write.isPending}>
                  {t('rel.agreement.confirm')}
                </Button>
              )}
              <Button variant="secondary" onClick={() => setEditing(true)}>
                {t('rel.agreement.revise')}
              </Button>
            </div>
          )}
        </div>
      )}
      {!readOnly && editing && (
        <form onSubmit={save} className="mt-3 grid gap-3 sm:grid-cols-3" noValidate>
          <CadenceField label={t('rel.agreement.cadence')} name="cadenceDays" required value={form.cadenceDays} onChange={(cadenceDays) => setForm({ ...form, cadenceDays })} />
          <SelectField label={t('rel.agreement.format')} name="format" value={form.format} onChange={(e) => setForm({ ...form, format: e.target.value as AgreementBody['format'] })}>
            {MEETING_FORMATS.map((f) => (
              <option key={f} value={f}>
                {formatLabel(t, f)}
              </option>
            ))}
          </SelectField>
          <NumberField label={t('rel.agreement.duration')} name="durationMinutes" min={15} max={480} required value={form.durationMinutes} onChange={(durationMinutes) => setForm({ ...form, durationMinutes })} />
          <div className="sm:col-span-3">
            <TextArea label={t('rel.agreement.aims')} name="aims" required rows={3} value={form.aims} onChange={(e) => setForm({ ...form, aims: e.target.value })} />
          </div>
          <div className="sm:col-span-3">
            <TextArea
              label={t('rel.agreement.confidentiality')}
              name="confidentiality"
              rows={2}
              hint={t('rel.agreement.confidentialityHint')}
              value={form.confidentiality}
              onChange={(e) => setForm({ ...form, confidentiality: e.target.value })}
            />
          </div>
          {error && (
            <div className="sm:col-span-3">
              <Alert kind="error">{error}</Alert>
            </div>
          )}
          <div className="flex flex-wrap gap-2 sm:col-span-3">
            <Button type="submit" disabled={write.isPending}>
              {t('rel.agreement.save')}
            </Button>
            {a && (
              <Button variant="ghost" onClick={() => setEditing(false)}>
                {t('rel.cancel')}
              </Button>
            )}
          </div>
        </form>
      )}
    </Panel>
  );
}

function GoalsSection({ d, write, readOnly }: { d: RelationshipDetail; write: Write; readOnly: boolean }) {
  const t = useT();
  const toast = useToast();
  const isStudent = d.relationship.myRole === 'mentee';
  const [title, setTitle] = useState('');
  const [dueOn, setDueOn] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = d.goals.filter((g) => g.status === 'open').length;
  const add = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    write.mutate(
      { path: '/goals', method: 'POST', body: { title, dueOn: dueOn || null } },
      {
        onSuccess: () => {
          toast.success(t('rel.goals.saved'));
          setTitle('');
          setDueOn('');
        },
        onError: (err) => setError(errorMessage(err, t('rel.saveError'))),
      },
    );
  };
  return (
    <Panel headingId="goals-heading" title={t('rel.goals.title')} intro={isStudent ? t('rel.goals.introStudent', { max: MAX_GOALS }) : t('rel.goals.introMentor')}>
      {d.goals.length === 0 && <p className="mt-3 text-sm text-slate-700">{t('rel.goals.none')}</p>}
      <ul className="mt-3 space-y-4">
        {d.goals.map((g) => (
          <GoalItem key={g.id} goal={g} write={write} isStudent={isStudent} readOnly={readOnly} />
        ))}
      </ul>
      {isStudent && !readOnly && open < MAX_GOALS && (
        <form onSubmit={add} className="mt-4 grid gap-3 sm:grid-cols-3" noValidate>
          <div className="sm:col-span-2">
            <TextField label={t('rel.goals.newTitle')} name="title" required value={title} onChange={(e) => setTitle(e.target.value)} />
          </div>
          <TextField label={t('rel.goals.dueOn')} name="dueOn" type="date" value={dueOn} onChange={(e) => setDueOn(e.target.value)} />
          {error && (
            <div className="sm:col-span-3">
              <Alert kind="error">{error}</Alert>
            </div>
          )}
          <div className="sm:col-span-3">
            <Button type="submit" disabled={write.isPending}>
              {t('rel.goals.add')}
            </Button>
          </div>
        </form>
      )}
    </Panel>
  );
}

function statusLabel(t: T, s: GoalDto['status']) {
  if (s === 'achieved') return t('rel.goals.achieved');
  if (s === 'dropped') return t('rel.goals.dropped');
  return t('rel.goals.open');
}

function GoalItem({ goal, write, isStudent, readOnly }: { goal: GoalDto; write: Write; isStudent: boolean; readOnly: boolean }) {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const [milestone, setMilestone] = useState('');
  const [comment, setComment] = useState('');
  const base = `/goals/${goal.id}`;
  const fail = (err: unknown) => toast.error(errorMessage(err, t('rel.saveError')));
  const headingId = `goal-${goal.id}`;
  return (
    <li className="rounded-lg border border-slate-200 p-3" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-semibold break-words text-slate-900">
          {goal.title}
        </h3>
        <span className="text-sm text-slate-700">
          {statusLabel(t, goal.status)}
          {goal.dueOn ? ` · ${t('rel.goals.due', { date: f.date(`${goal.dueOn}T00:00:00`) })}` : ''}
        </span>
      </div>
      <div className="mt-2 flex items-center gap-2">
        <div
          role="progressbar"
          aria-label={t('rel.goals.progressLabel', { title: goal.title })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={goal.progress}
          className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full bg-brand-700" style={{ width: `${goal.progress}%` }} />
        </div>
        <span className="text-sm text-slate-800">{f.number(goal.progress / 100, { style: 'percent' })}</span>
      </div>
      {goal.milestones.length > 0 && (
        <ul className="mt-2 space-y-1">
          {goal.milestones.map((m) => (
            <li key={m.id} className="flex items-center gap-2 text-sm">
              <input
                id={`ms-${m.id}`}
                type="checkbox"
                className="h-4 w-4"
                checked={m.done}
                disabled={!isStudent || readOnly || write.isPending}
                onChange={(e) => write.mutate({ path: `${base}/milestones/${m.id}`, method: 'PATCH', body: { done: e.target.checked } }, { onError: fail })}
              />
              <label htmlFor={`ms-${m.id}`} className="break-words text-slate-800">
                {m.title}
              </label>
            </li>
          ))}
        </ul>
      )}
      {isStudent && !readOnly && (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <TextField label={t('rel.goals.newMilestone')} value={milestone} onChange={(e) => setMilestone(e.target.value)} />
          </div>
          <Button
            variant="secondary"
            disabled={write.isPending || !milestone.trim()}
            onClick={() => write.mutate({ path: `${base}/milestones`, method: 'POST', body: { title: milestone } }, { onSuccess: () => setMilestone(''), onError: fail })}
          >
            {t('rel.goals.addMilestone')}
          </Button>
          {goal.status === 'open' && (
            <Button variant="ghost" disabled={write.isPending} onClick={() => write.mutate({ path: base, method: 'PATCH', body: { status: 'achieved' } }, { onError: fail })}>
              {t('rel.goals.markAchieved')}
            </Button>
          )}
        </div>
      )}
      {goal.comments.length > 0 && (
        <ul className="mt-3 space-y-1 border-s-2 border-slate-200 ps-3">
          {goal.comments.map((c) => (
            <li key={c.id} className="text-sm break-words text-slate-800">
              <strong>{c.authorName}:</strong> {c.body}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <TextField label={t('rel.goals.comment')} value={comment} onChange={(e) => setComment(e.target.value)} />
          </div>
          <Button
            variant="secondary"
            disabled={write.isPending || !comment.trim()}
            onClick={() => write.mutate({ path: `${base}/comments`, method: 'POST', body: { body: comment } }, { onSuccess: () => setComment(''), onError: fail })}
          >
            {t('rel.goals.addComment')}
          </Button>
        </div>
      )}
    </li>
  );
}

function MeetingsSection({ d, write, readOnly }: { d: RelationshipDetail; write: Write; readOnly: boolean }) {
  const t = useT();
  return (
    <Panel headingId="meetings-heading" title={t('rel.meetings.title')} intro={t('rel.meetings.intro')}>
      {d.meetings.length === 0 && <p className="mt-3 text-sm text-slate-700">{t('rel.meetings.none')}</p>}
      <ul className="mt-3 space-y-4">
        {d.meetings.map((m) => (
          <MeetingItem key={m.sessionId} meeting={m} d={d} write={write} readOnly={readOnly} />
        ))}
      </ul>
    </Panel>
  );
}

function MeetingItem({ meeting, d, write, readOnly }: { meeting: MeetingDto; d: RelationshipDetail; write: Write; readOnly: boolean }) {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const now = Date.now();
  const started = now >= Date.parse(meeting.startsAt);
  const over = now >= Date.parse(meeting.endsAt);
  const [agenda, setAgenda] = useState(meeting.agenda);
  const [notes, setNotes] = useState(meeting.notes);
  const [items, setItems] = useState(meeting.actionItems.map((i) => ({ id: i.id as string | undefined, text: i.text, done: i.done })));
  const [newItem, setNewItem] = useState('');
  const [privateNote, setPrivateNote] = useState(meeting.myPrivateNote);
  const [minutes, setMinutes] = useState(String(meeting.myCheckIn?.minutes ?? d.agreement?.durationMinutes ?? 60));
  const [goalFor, setGoalFor] = useState<Record<string, string>>({});
  const base = `/meetings/${meeting.sessionId}`;
  const fail = (err: unknown) => toast.error(errorMessage(err, t('rel.saveError')));
  const isStudent = d.relationship.myRole === 'mentee';
  const openGoals = d.goals.filter((g) => g.status === 'open');
  const headingId = `meeting-${meeting.sessionId}`;
  const ratings = [
    [1, t('rel.checkIn.rating1')],
    [2, t('rel.checkIn.rating2')],
    [3, t('rel.checkIn.rating3')],
    [4, t('rel.checkIn.rating4')],
    [5, t('rel.checkIn.rating5')],
  ] as const;

  return (
    <li className="rounded-lg border border-slate-200 p-3" aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold break-words text-slate-900">
        {f.dateTime(meeting.startsAt, { dateStyle: 'medium', timeStyle: 'short' })} · {meeting.topic}
      </h3>
      <div className="mt-2 space-y-4">
        {!over && !readOnly ? (
          <div>
            <TextArea label={t('rel.meetings.agenda')} rows={2} value={agenda} onChange={(e) => setAgenda(e.target.value)} />
            <Button className="mt-2" variant="secondary" disabled={write.isPending} onClick={() => write.mutate({ path: `${base}/agenda`, method: 'PUT', body: { agenda } }, { onSuccess: () => toast.success(t('rel.meetings.agendaSaved')), onError: fail })}>
              {t('rel.meetings.saveAgenda')}
            </Button>
          </div>
        ) : (
          meeting.agenda && (
            <p className="text-sm break-words whitespace-pre-line text-slate-800">
              <strong>{t('rel.meetings.agenda')}:</strong> {meeting.agenda}
            </p>
          )
        )}
        {started && (
          <div className="space-y-2">
            {readOnly ? (
              <p className="text-sm break-words whitespace-pre-line text-slate-800">
                <strong>{t('rel.meetings.notes')}:</strong> {meeting.notes}
              </p>
            ) : (
              <TextArea label={t('rel.meetings.notes')} rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />
            )}
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">{t('rel.meetings.actionItems')}</legend>
              <ul className="mt-1 space-y-2">
                {items.map((item, i) => {
                  const saved = meeting.actionItems.find((x) => x.id === item.id);
                  return (
                    <li key={item.id ?? `new-${i}`} className="flex flex-wrap items-center gap-2 text-sm">
                      <input
                        id={`ai-${meeting.sessionId}-${i}`}
                        type="checkbox"
                        className="h-4 w-4"
                        checked={item.done}
                        disabled={readOnly}
                        onChange={(e) => setItems(items.map((x, j) => (j === i ? { ...x, done: e.target.checked } : x)))}
                      />
                      <label htmlFor={`ai-${meeting.sessionId}-${i}`} className="break-words text-slate-800">
                        {item.text}
                      </label>
                      {saved?.milestoneId && <span className="text-xs text-emerald-800">{t('rel.meetings.isMilestone')}</span>}
                      {saved && !saved.milestoneId && isStudent && !readOnly && openGoals.length > 0 && (
                        <span className="flex flex-wrap items-center gap-1">
                          <label htmlFor={`ai-goal-${saved.id}`} className="sr-only">
                            {t('rel.meetings.goalFor', { item: item.text })}
                          </label>
                          <select
                            id={`ai-goal-${saved.id}`}
                            className="rounded border border-slate-500 px-1 py-0.5 text-xs"
                            value={goalFor[saved.id] ?? openGoals[0]?.id ?? ''}
                            onChange={(e) => setGoalFor({ ...goalFor, [saved.id]: e.target.value })}
                          >
                            {openGoals.map((g) => (
                              <option key={g.id} value={g.id}>
                                {g.title}
                              </option>
                            ))}
                          </select>
                          <Button
                            size="sm"
                            variant="ghost"
                            disabled={write.isPending}
                            onClick={() =>
                              write.mutate(
                                { path: `${base}/action-items/${saved.id}/milestone`, method: 'POST', body: { goalId: goalFor[saved.id] ?? openGoals[0]?.id } },
                                { onSuccess: () => toast.success(t('rel.meetings.promoted')), onError: fail },
                              )
                            }
                          >
                            {t('rel.meetings.makeMilestone')}
                          </Button>
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
              {!readOnly && (
                <div className="mt-2 flex flex-wrap items-end gap-2">
                  <div className="min-w-0 flex-1">
                    <TextField label={t('rel.meetings.newActionItem')} value={newItem} onChange={(e) => setNewItem(e.target.value)} />
                  </div>
                  <Button
                    variant="ghost"
                    disabled={!newItem.trim()}
                    onClick={() => {
                      setItems([...items, { id: undefined, text: newItem.trim(), done: false }]);
                      setNewItem('');
                    }}
                  >
                    {t('rel.meetings.addActionItem')}
                  </Button>
                </div>
              )}
            </fieldset>
            {!readOnly && (
              <Button
                disabled={write.isPending}
                onClick={() =>
                  write.mutate(
                    { path: `${base}/notes`, method: 'PUT', body: { notes, actionItems: items.map((x) => (x.id ? x : { text: x.text, done: x.done })) } },
                    {
                      onSuccess: (res) => {
                        const m = res.data.meetings.find((x) => x.sessionId === meeting.sessionId);
                        if (m) setItems(m.actionItems.map((i) => ({ id: i.id as string | undefined, text: i.text, done: i.done })));
                        toast.success(t('rel.meetings.notesSaved'));
                      },
                      onError: fail,
                    },
                  )
                }
              >
                {t('rel.meetings.saveNotes')}
              </Button>
            )}
          </div>
        )}
        <div className="rounded-lg bg-slate-50 p-3">
          <TextArea label={t('rel.meetings.privateNote')} hint={t('rel.meetings.privateHint')} rows={2} value={privateNote} onChange={(e) => setPrivateNote(e.target.value)} />
          <Button className="mt-2" variant="secondary" disabled={write.isPending} onClick={() => write.mutate({ path: `${base}/private-note`, method: 'PUT', body: { body: privateNote } }, { onSuccess: () => toast.success(t('rel.meetings.privateSaved')), onError: fail })}>
            {t('rel.meetings.savePrivate')}
          </Button>
        </div>
        {started && !readOnly && (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">{t('rel.checkIn.title')}</legend>
            <div className="max-w-48">
              <TextField label={t('rel.checkIn.minutes')} type="number" min={5} max={600} value={minutes} onChange={(e) => setMinutes(e.target.value)} />
            </div>
            <p className="text-sm text-slate-700">{t('rel.checkIn.howGoing')}</p>
            <div className="flex flex-wrap gap-2">
              {ratings.map(([n, label]) => (
                <Button
                  key={n}
                  size="sm"
                  variant={meeting.myCheckIn?.rating === n ? 'primary' : 'secondary'}
                  aria-pressed={meeting.myCheckIn?.rating === n}
                  disabled={write.isPending}
                  onClick={() =>
                    write.mutate(
                      { path: `${base}/check-in`, method: 'PUT', body: { minutes: Number(minutes), rating: n } },
                      { onSuccess: () => toast.success(t('rel.checkIn.saved')), onError: fail },
                    )
                  }
                >
                  {label}
                </Button>
              ))}
            </div>
            {meeting.myCheckIn && <p className="text-sm text-slate-700" data-testid="my-check-in">{t('rel.checkIn.done', { minutes: meeting.myCheckIn.minutes })}</p>}
            {meeting.otherCheckedIn && <p className="text-sm text-slate-700">{t('rel.checkIn.otherDone')}</p>}
          </fieldset>
        )}
      </div>
    </li>
  );
}
