import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { PROGRAMME_MAX_RANKED } from '@app/shared/programme-constants';
import type { MyProgramme } from '@app/shared/programmes';
import { dashboardPath } from '@app/shared/roles';
import { AppShell } from '../../app/app-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { Alert, SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { useSession } from '../../lib/session.ts';
import { useAnswer, useMyProgrammes } from './api.ts';
import { formatDate } from '../../lib/format.ts';
import { rich, useFormat, useT } from '../../lib/i18n.tsx';

/** Students and professionals: programme invitations, preferences, and the published match. */
export function MyProgrammesPage() {
  const t = useT();
  useDocumentTitle(t('programmes.list.title'));
  const session = useSession();
  if (!session) return <Navigate to="/signin" replace />;
  if (session.role !== 'student' && session.role !== 'professional') return <Navigate to={dashboardPath(session.role)} replace />;
  return (
    <AppShell>
      <main id="main" className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
        <Link to={dashboardPath(session.role)} className="text-sm font-medium text-brand-700 underline">
          {t('rel.backToDashboard')}
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">{t('programmes.list.title')}</h1>
        <p className="mt-1 mb-6 text-slate-600">{t('programmes.mine.intro')}</p>
        <RelationshipsLink />
        <ProgrammeList />
      </main>
    </AppShell>
  );
}

function ProgrammeList() {
  const t = useT();
  const list = useMyProgrammes();
  if (list.isPending) return <Spinner label={t('programmes.list.loading')} />;
  if (list.isError) return <ErrorState message={errorMessage(list.error, t('programmes.mine.loadFailed'))} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) return <EmptyState title={t('programmes.mine.emptyTitle')}>{t('programmes.mine.emptyText')}</EmptyState>;
  return (
    <div className="space-y-6">
      {list.data.map((p) => (
        <ProgrammeCard key={p.programme.id} item={p} />
      ))}
    </div>
  );
}

function ProgrammeCard({ item }: { item: MyProgramme }) {
  const t = useT();
  const format = useFormat();
  const { programme, participation, options, partners } = item;
  const answer = useAnswer(programme.id);
  const toast = useToast();
  const isMentor = participation.role === 'mentor';
  const published = programme.status === 'published';
  const [topics, setTopics] = useState(participation.topics.join(', '));
  const [goals, setGoals] = useState(participation.goals);
  const [ranked, setRanked] = useState<string[]>(() => Array.from({ length: PROGRAMME_MAX_RANKED }, (_, i) => participation.preferences[i] ?? ''));
  const [capacity, setCapacity] = useState(participation.capacity ? String(participation.capacity) : '');
  const [error, setError] = useState<string | null>(null);
  const headingId = `programme-${programme.id}`;

  const save = (status: 'joined' | 'declined') => {
    setError(null);
    answer.mutate(
      {
        status,
        topics: topics
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
        goals,
        preferences: ranked.filter(Boolean),
        ...(isMentor ? { capacity: capacity ? Number(capacity) : null } : {}),
      },
      {
        onSuccess: () => toast.success(t('programmes.mine.saved')),
        onError: (e) => setError(errorMessage(e, t('programmes.mine.saveFailed'))),
      },
    );
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save('joined');
  };

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={headingId} dir="auto" className="text-lg font-semibold break-words text-slate-900">
        {programme.name}
      </h2>
      <p className="text-sm text-slate-600">
        {t('programmes.dates', { start: formatDate(`${programme.startsOn}T00:00:00`), end: formatDate(`${programme.endsOn}T00:00:00`) })} ·{' '}
        {t('programmes.mine.invitedAs', { role: participation.role })} · {t('programmes.mine.yourAnswer')}{' '}
        <strong>
          {participation.status === 'invited'
            ? t('programmes.mine.notGiven')
            : participation.status === 'joined'
              ? t('programmes.participant.joined')
              : t('programmes.participant.declined')}
        </strong>
      </p>
      {programme.description && (
        <p dir="auto" className="mt-2 text-sm text-slate-700">
          {programme.description}
        </p>
      )}
      {published ? (
        <div className="mt-4">
          {partners.length === 0 ? (
            <p className="text-sm text-slate-700">{t('programmes.mine.notMatched')}</p>
          ) : (
            <p className="text-sm text-slate-800" data-testid="programme-partners">
              {rich(t('programmes.mine.partners', { role: isMentor ? 'mentor' : 'mentee', names: format.list(partners.map((x) => x.name)) }), {
                names: (chunk) => <strong>{chunk}</strong>,
              })}
            </p>
          )}
        </div>
      ) : (
        <form className="mt-4 space-y-3" onSubmit={onSubmit} noValidate>
          {error && <Alert kind="error">{error}</Alert>}
          <TextField label={t('programmes.mine.topics')} hint={t('programmes.mine.topicsHint')} value={topics} onChange={(e) => setTopics(e.target.value)} />
          <TextArea label={t('programmes.mine.goals')} rows={2} value={goals} onChange={(e) => setGoals(e.target.value)} maxLength={2000} />
          {isMentor && (
            <TextField
              label={t('programmes.mine.capacity')}
              type="number"
              min={1}
              max={50}
              hint={t('programmes.mine.capacityHint', { count: programme.mentorCapacityDefault })}
              value={capacity}
              onChange={(e) => setCapacity(e.target.value)}
            />
          )}
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{isMentor ? t('programmes.mine.wantMentees') : t('programmes.mine.wantMentors')}</legend>
            {options.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">{t('programmes.mine.nobody')}</p>
            ) : (
              <div className="mt-1 grid gap-2 sm:grid-cols-2">
                {ranked.map((value, i) => (
                  <SelectField
                    key={i}
                    label={t('programmes.mine.choice', { rank: i + 1 })}
                    value={value}
                    onChange={(e) => setRanked((r) => r.map((x, j) => (j === i ? e.target.value : x === e.target.value ? '' : x)))}
                  >
                    <option value="">{t('programmes.mine.noPreference')}</option>
                    {options.map((o) => (
                      <option key={o.userId} value={o.userId}>
                        {o.topics.length ? t('programmes.mine.option', { name: o.name, topics: format.list(o.topics.slice(0, 3), { type: 'unit' }) }) : o.name}
                      </option>
                    ))}
                  </SelectField>
                ))}
              </div>
            )}
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={answer.isPending}>
              {participation.status === 'joined' ? t('programmes.mine.savePreferences') : t('programmes.mine.join')}
            </Button>
            {participation.status !== 'declined' && (
              <Button variant="secondary" onClick={() => save('declined')} disabled={answer.isPending}>
                {t('programmes.mine.decline')}
              </Button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}

/** Issue 26: the agreement, goals, meetings and check-ins of each pair live on the relationships page. */
function RelationshipsLink() {
  const t = useT();
  return (
    <p className="mb-6">
      <Link to="/relationships" className="font-medium text-brand-700 underline">
        {t('rel.openFromProgrammes')}
      </Link>
    </p>
  );
}
