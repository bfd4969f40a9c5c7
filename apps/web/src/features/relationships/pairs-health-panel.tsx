import { useState, type FormEvent } from 'react';
import type { OutcomeSettings, PairHealthDto } from '@app/shared/relationships';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { Alert, SelectField, TextArea } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { useNudge, usePairsHealth, useRematch, useRematchProposals, useSaveOutcomeSettings } from './api.ts';
import { CadenceField, HealthBadge } from './health-bits.tsx';
import { Panel } from '../../components/ui/panel.tsx';

/**
 * The coordinator's view of a published programme's pairs (issue 26): worst health first with the
 * reason, nudge, rematch, and the programme's outcome settings. `base` is the organiser's route prefix
 * (/admin/programmes or /organisations/me/programmes).
 */
export function PairsHealthPanel({ base, programmeId }: { base: string; programmeId: string }) {
  const t = useT();
  const q = usePairsHealth(base, programmeId);
  const [rematching, setRematching] = useState<string | null>(null);
  if (q.isPending) return <Spinner label={t('rel.coord.loading')} />;
  if (q.isError) return <ErrorState message={errorMessage(q.error, t('rel.coord.loadError'))} onRetry={() => void q.refetch()} />;
  const { pairs, settings } = q.data;
  return (
    <Panel headingId="pair-health-heading" level={3} className="space-y-4" title={t('rel.coord.title')} intro={t('rel.coord.intro')}>
      <SettingsForm base={base} programmeId={programmeId} settings={settings} />
      {pairs.length === 0 ? (
        <EmptyState title={t('rel.coord.empty')} />
      ) : (
        <ul className="space-y-3" data-testid="pair-health-list">
          {pairs.map((p) => (
            <PairRow key={p.relationshipId} p={p} base={base} programmeId={programmeId} rematching={rematching === p.relationshipId} onRematch={(on) => setRematching(on ? p.relationshipId : null)} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

function SettingsForm({ base, programmeId, settings }: { base: string; programmeId: string; settings: OutcomeSettings }) {
  const t = useT();
  const toast = useToast();
  const save = useSaveOutcomeSettings(base, programmeId);
  const [form, setForm] = useState(settings);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate(form, { onSuccess: () => toast.success(t('rel.coord.settingsSaved')), onError: (err) => setError(errorMessage(err, t('rel.saveError'))) });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-3" noValidate>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className="h-4 w-4" checked={form.agreementVisibleToCoordinator} onChange={(e) => setForm({ ...form, agreementVisibleToCoordinator: e.target.checked })} />
        {t('rel.coord.agreementVisible')}
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className="h-4 w-4" checked={form.autoNudge} onChange={(e) => setForm({ ...form, autoNudge: e.target.checked })} />
        {t('rel.coord.autoNudge')}
      </label>
      <div className="w-40">
        <CadenceField label={t('rel.coord.cadence')} name="defaultCadenceDays" value={form.defaultCadenceDays} onChange={(defaultCadenceDays) => setForm({ ...form, defaultCadenceDays })} />
      </div>
      <Button type="submit" variant="secondary" disabled={save.isPending}>
        {t('rel.coord.saveSettings')}
      </Button>
      {error && (
        <div className="w-full">
          <Alert kind="error">{error}</Alert>
        </div>
      )}
    </form>
  );
}

function PairRow({ p, base, programmeId, rematching, onRematch }: { p: PairHealthDto; base: string; programmeId: string; rematching: boolean; onRematch: (on: boolean) => void }) {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const nudge = useNudge(base, programmeId);
  const headingId = `pair-${p.relationshipId}`;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3" aria-labelledby={headingId} data-testid="pair-health-row">
      <h4 id={headingId} className="font-semibold break-words text-slate-900">
        {t('rel.coord.pairName', { mentee: p.mentee.name, mentor: p.mentor.name })}
      </h4>
      <div className="mt-1">
        <HealthBadge health={p.health} />
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {t('rel.coord.facts', { meetings: p.totals.meetings, hours: f.number(p.totals.mentorHours + p.totals.menteeHours) })} ·{' '}
        {p.hasAgreement ? t('rel.coord.hasAgreement') : t('rel.coord.noAgreement')}
        {p.lastNudgedAt ? ` · ${t('rel.coord.lastNudged', { date: f.date(p.lastNudgedAt) })}` : ''}
      </p>
      {p.agreement && <p className="mt-1 text-sm break-words text-slate-700">{t('rel.coord.aims', { aims: p.agreement.aims })}</p>}
      {p.status === 'ended' && p.endedReason && <p className="mt-1 text-sm break-words text-slate-700">{t('rel.coord.endedBecause', { reason: p.endedReason })}</p>}
      {p.status === 'active' && (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            disabled={nudge.isPending}
            onClick={() => nudge.mutate(p.relationshipId, { onSuccess: () => toast.success(t('rel.coord.nudged')), onError: (e) => toast.error(errorMessage(e, t('rel.saveError'))) })}
          >
            {t('rel.coord.nudge')}
          </Button>
          <Button size="sm" variant="secondary" aria-expanded={rematching} onClick={() => onRematch(!rematching)}>
            {t('rel.coord.rematch')}
          </Button>
        </div>
      )}
      {rematching && <RematchForm p={p} base={base} programmeId={programmeId} onDone={() => onRematch(false)} />}
    </li>
  );
}

function RematchForm({ p, base, programmeId, onDone }: { p: PairHealthDto; base: string; programmeId: string; onDone: () => void }) {
  const t = useT();
  const toast = useToast();
  const proposals = useRematchProposals(base, programmeId, p.relationshipId);
  const rematch = useRematch(base, programmeId);
  const [mentorId, setMentorId] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (proposals.isPending) return <Spinner label={t('rel.coord.loadingProposals')} />;
  if (proposals.isError) return <ErrorState message={errorMessage(proposals.error, t('rel.coord.loadError'))} onRetry={() => void proposals.refetch()} />;
  if (proposals.data.length === 0) return <p className="mt-2 text-sm text-slate-700">{t('rel.coord.noProposals')}</p>;
  const chosen = mentorId || proposals.data[0]?.mentorId || '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    rematch.mutate(
      { relationshipId: p.relationshipId, body: { reason, mentorId: chosen } },
      {
        onSuccess: () => {
          toast.success(t('rel.coord.rematched'));
          onDone();
        },
        onError: (err) => setError(errorMessage(err, t('rel.saveError'))),
      },
    );
  };
  return (
    <form onSubmit={submit} className="mt-3 space-y-3 rounded-lg bg-slate-50 p-3" noValidate>
      <SelectField label={t('rel.coord.newMentor')} name="mentorId" value={chosen} onChange={(e) => setMentorId(e.target.value)}>
        {proposals.data.map((m) => (
          <option key={m.mentorId} value={m.mentorId}>
            {t('rel.coord.proposal', { name: m.name, places: m.freePlaces })}
          </option>
        ))}
      </SelectField>
      <TextArea label={t('rel.coord.reason')} hint={t('rel.coord.reasonHint')} name="reason" required rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
      {error && <Alert kind="error" field="reason">{error}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={rematch.isPending}>
          {t('rel.coord.confirmRematch')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('rel.cancel')}
        </Button>
      </div>
    </form>
  );
}
