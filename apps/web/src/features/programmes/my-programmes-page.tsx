import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { PROGRAMME_MAX_RANKED, PROGRAMME_MESSAGES } from '@app/shared/programme-constants';
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
import { useT } from '../../lib/i18n.tsx';

const ORDINAL = ['1st', '2nd', '3rd', '4th', '5th'];

/** Students and professionals: programme invitations, preferences, and the published match. */
export function MyProgrammesPage() {
  useDocumentTitle('Mentoring programmes');
  const session = useSession();
  if (!session) return <Navigate to="/signin" replace />;
  if (session.role !== 'student' && session.role !== 'professional') return <Navigate to={dashboardPath(session.role)} replace />;
  return (
    <AppShell>
      <main id="main" className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
        <Link to={dashboardPath(session.role)} className="text-sm font-medium text-brand-700 underline">
          Back to your dashboard
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">Mentoring programmes</h1>
        <p className="mt-1 mb-6 text-slate-600">Programmes you are invited to. Tell the organisers your topics and whom you would like to work with.</p>
        <RelationshipsLink />
        <ProgrammeList />
      </main>
    </AppShell>
  );
}

function ProgrammeList() {
  const list = useMyProgrammes();
  if (list.isPending) return <Spinner label="Loading programmes…" />;
  if (list.isError) return <ErrorState message={errorMessage(list.error, 'Could not load your programmes')} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) return <EmptyState title="No programme invitations yet">When an administrator invites you to a mentoring programme, it appears here.</EmptyState>;
  return (
    <div className="space-y-6">
      {list.data.map((p) => (
        <ProgrammeCard key={p.programme.id} item={p} />
      ))}
    </div>
  );
}

function ProgrammeCard({ item }: { item: MyProgramme }) {
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
        onSuccess: () => toast.success(PROGRAMME_MESSAGES.participationSaved),
        onError: (e) => setError(errorMessage(e, 'Could not save your answer')),
      },
    );
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save('joined');
  };

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold break-words text-slate-900">
        {programme.name}
      </h2>
      <p className="text-sm text-slate-600">
        {programme.startsOn} to {programme.endsOn} · you are invited as a {participation.role} · your answer:{' '}
        <strong>{participation.status === 'invited' ? 'not given yet' : participation.status}</strong>
      </p>
      {programme.description && <p className="mt-2 text-sm text-slate-700">{programme.description}</p>}
      {published ? (
        <div className="mt-4">
          {partners.length === 0 ? (
            <p className="text-sm text-slate-700">Matching is published; you were not matched this time.</p>
          ) : (
            <p className="text-sm text-slate-800" data-testid="programme-partners">
              Your {isMentor ? 'mentees' : 'mentor'}: <strong>{partners.map((x) => x.name).join(', ')}</strong>. You are connected: message them or book a session from your dashboard.
            </p>
          )}
        </div>
      ) : (
        <form className="mt-4 space-y-3" onSubmit={onSubmit} noValidate>
          {error && <Alert kind="error">{error}</Alert>}
          <TextField label="Topics" hint="Comma-separated, e.g. Machine Learning, Career Growth. Empty: we use your profile." value={topics} onChange={(e) => setTopics(e.target.value)} />
          <TextArea label="Goals" rows={2} value={goals} onChange={(e) => setGoals(e.target.value)} maxLength={2000} />
          {isMentor && (
            <TextField
              label="Mentees you can take"
              type="number"
              min={1}
              max={50}
              hint={`Empty: the programme's default (${programme.mentorCapacityDefault}).`}
              value={capacity}
              onChange={(e) => setCapacity(e.target.value)}
            />
          )}
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{isMentor ? 'Mentees you would like (optional, most wanted first)' : 'Mentors you would like (optional, most wanted first)'}</legend>
            {options.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">Nobody to choose from yet.</p>
            ) : (
              <div className="mt-1 grid gap-2 sm:grid-cols-2">
                {ranked.map((value, i) => (
                  <SelectField
                    key={i}
                    label={`${ORDINAL[i]} choice`}
                    value={value}
                    onChange={(e) => setRanked((r) => r.map((x, j) => (j === i ? e.target.value : x === e.target.value ? '' : x)))}
                  >
                    <option value="">No preference</option>
                    {options.map((o) => (
                      <option key={o.userId} value={o.userId}>
                        {o.name}
                        {o.topics.length ? ` (${o.topics.slice(0, 3).join(', ')})` : ''}
                      </option>
                    ))}
                  </SelectField>
                ))}
              </div>
            )}
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={answer.isPending}>
              {participation.status === 'joined' ? 'Save preferences' : 'Join programme'}
            </Button>
            {participation.status !== 'declined' && (
              <Button variant="secondary" onClick={() => save('declined')} disabled={answer.isPending}>
                Decline
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
