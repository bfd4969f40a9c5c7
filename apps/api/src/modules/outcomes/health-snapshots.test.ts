import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OutcomeReport } from '@app/shared/outcomes';
import type { HealthState, ProgrammePairsHealth } from '@app/shared/relationships';
import { useTestApp } from '../../../test/harness.ts';
import { body, okData } from '../../../test/factories.ts';
import { programmeHealthSnapshots } from '../../db/schema/outcomes.ts';
import { studentAffiliations } from '../../db/schema/organisations.ts';
import { relationships } from '../../db/schema/relationships.ts';
import { createClock } from '../../lib/clock.ts';
import { createJobRunner } from '../../lib/jobs.ts';
import { createScheduler } from '../../lib/scheduler.ts';
import { buildOrganisationMember } from '../organisations/test-helpers.ts';
import { caller, DAY, publishedProgramme, relationshipIdOf, sessionBetween } from '../relationships/test-helpers.ts';
import { HEALTH_SNAPSHOT_EVERY_MS, HEALTH_SNAPSHOT_TASK, healthCountsAt, snapshotRunningProgrammes } from './health-snapshots.ts';

/** Issue 26: pair health over time, stored daily (decision 1090). */
const t = useTestApp();
const call = caller(t);
const db = () => t.database.db;
const reportOf = (res: { statusCode: number; body: string }) => okData<OutcomeReport>(res);
const snapshotsOf = (programmeId: string) =>
  db().select().from(programmeHealthSnapshots).where(eq(programmeHealthSnapshots.programmeId, programmeId)).orderBy(programmeHealthSnapshots.day);

type Person = Awaited<ReturnType<typeof publishedProgramme>>['pairs'][number]['mentee'];
/** Both sides confirm an agreement (fortnightly meetings). */
async function agree(mentor: Person, mentee: Person) {
  const id = await relationshipIdOf(t, mentee, mentor.id);
  const terms = { cadenceDays: 14, format: 'video', durationMinutes: 45, aims: 'Internship', confidentiality: '' };
  expect((await call(mentee, 'PUT', `/api/relationships/${id}/agreement`, terms)).statusCode).toBe(200);
  expect((await call(mentor, 'POST', `/api/relationships/${id}/agreement/confirm`, { version: 1 })).statusCode).toBe(200);
}

/** The coordinator's pair list, counted by state. */
async function pairListCounts(admin: { auth: Record<string, string> }, programmeId: string) {
  const res = await call(admin, 'GET', `/api/admin/programmes/${programmeId}/relationships`);
  expect(res.statusCode, res.body).toBe(200);
  const counts: Record<HealthState, number> = { healthy: 0, attention: 0, 'at-risk': 0, ended: 0 };
  for (const p of body<{ data: ProgrammePairsHealth }>(res).data.pairs) counts[p.health.state]++;
  return { healthy: counts.healthy, attention: counts.attention, atRisk: counts['at-risk'], ended: counts.ended };
}

describe('pair health over time (decision 1090)', () => {
  it('is stored once a day across processes, matches the pair list, and reaches the report and its exports', async () => {
    const clock = createClock();
    clock.set(new Date('2034-03-01T09:00:00Z'));
    t.app.ctx.clock.set(clock.now());
    try {
      expect(t.app.ctx.scheduler.tasks().some((x) => x.name === HEALTH_SNAPSHOT_TASK)).toBe(true);
      const { programmeId, admin, pairs } = await publishedProgramme(t, { pairs: 2 });
      const [a] = pairs as [(typeof pairs)[number]];
      await agree(a.mentor, a.mentee);
      await sessionBetween(t, a.mentor, a.mentee, DAY);
      // Two processes, each with its own scheduler and job runner on the one database.
      const processes = [0, 1].map(() => {
        const jobs = createJobRunner(db(), t.app.log, { clock });
        const scheduler = createScheduler(db(), jobs, clock, t.app.log);
        scheduler.every(HEALTH_SNAPSHOT_TASK, HEALTH_SNAPSHOT_EVERY_MS, (now) => snapshotRunningProgrammes(db(), now));
        return scheduler;
      });
      const move = (ms: number) => {
        clock.advance(ms);
        t.app.ctx.clock.set(clock.now());
      };

      move(2 * DAY);
      await Promise.all(processes.map((p) => p.runDue()));
      await Promise.all(processes.map((p) => p.runDue()));
      // Two runs of the task itself racing (a slot claimed twice): still one row.
      await Promise.all([snapshotRunningProgrammes(db(), clock.now()), snapshotRunningProgrammes(db(), clock.now())]);
      let rows = await snapshotsOf(programmeId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ day: '2034-03-03', healthy: 2, attention: 0, atRisk: 0, ended: 0, affiliatedHealthy: null });
      const first = await pairListCounts(admin, programmeId);
      expect(first).toEqual({ healthy: 2, attention: 0, atRisk: 0, ended: 0 });

      // Later the same day: the day keeps its first snapshot.
      move(6 * 3_600_000);
      await Promise.all(processes.map((p) => p.runDue()));
      expect(await snapshotsOf(programmeId)).toHaveLength(1);

      // 20 days on: pair a met yesterday (healthy), pair b never met nor agreed (22 days, cadence 14: needs attention).
      move(20 * DAY);
      await sessionBetween(t, a.mentor, a.mentee, -DAY);
      await Promise.all(processes.map((p) => p.runDue()));
      await Promise.all(processes.map((p) => p.runDue()));
      rows = await snapshotsOf(programmeId);
      expect(rows.map((r) => r.day)).toEqual(['2034-03-03', '2034-03-23']);
      const second = await pairListCounts(admin, programmeId);
      expect(second).toEqual({ healthy: 1, attention: 1, atRisk: 0, ended: 0 });
      expect(rows[1]).toMatchObject(second);

      // The report's series, oldest first; a filter does not narrow stored counts, and the answer says so.
      const url = `/api/admin/programmes/${programmeId}/report`;
      const report = reportOf(await call(admin, 'GET', url));
      expect(report.healthOverTime).toEqual({
        filtersIgnored: false,
        days: [
          { day: '2034-03-03', ...first },
          { day: '2034-03-23', ...second },
        ],
      });
      const filtered = reportOf(await call(admin, 'GET', `${url}?cohort=1`));
      expect(filtered.healthOverTime.filtersIgnored).toBe(true);
      expect(filtered.healthOverTime.days).toEqual(report.healthOverTime.days);
      const csv = await call(admin, 'GET', `${url}/export?format=csv`);
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain('Health over time,2034-03-23 needs attention,1');
      const xlsx = await call(admin, 'GET', `${url}/export?format=xlsx`);
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.rawPayload.length).toBeGreaterThan(0);
    } finally {
      t.app.ctx.clock.set(null);
    }
  });

  it('counts the pairs as they stood on a past day: a pair ended later was still active', async () => {
    t.app.ctx.clock.set(new Date('2035-05-01T09:00:00Z'));
    try {
      const { programmeId, admin, pairs } = await publishedProgramme(t, { pairs: 1 });
      const [a] = pairs as [(typeof pairs)[number]];
      await sessionBetween(t, a.mentor, a.mentee, DAY);
      await pairListCounts(admin, programmeId); // creates the relationship
      t.app.ctx.clock.advance(10 * DAY);
      await db().update(relationships).set({ status: 'ended', endedAt: t.app.ctx.clock.now(), endedReason: 'Moved abroad' }).where(eq(relationships.menteeId, a.mentee.id));
      const before = await healthCountsAt(db(), programmeId, null, new Date('2035-05-05T09:00:00Z'));
      expect(before.all).toEqual({ healthy: 1, attention: 0, 'at-risk': 0, ended: 0 });
      const after = await healthCountsAt(db(), programmeId, null, t.app.ctx.clock.now());
      expect(after.all).toEqual({ healthy: 0, attention: 0, 'at-risk': 0, ended: 1 });
      // Before the programme's start nothing existed.
      expect((await healthCountsAt(db(), programmeId, null, new Date('2035-04-01T00:00:00Z'))).all).toEqual({ healthy: 0, attention: 0, 'at-risk': 0, ended: 0 });
    } finally {
      t.app.ctx.clock.set(null);
    }
  });

  it('a university reads the counts of its own affiliated students only; another university reads nothing', async () => {
    t.app.ctx.clock.set(new Date('2036-01-01T09:00:00Z'));
    try {
      const uni = await buildOrganisationMember(t);
      const { programmeId, admin, pairs } = await publishedProgramme(t, { pairs: 2, organisationId: uni.organisationId });
      const [own] = pairs as [(typeof pairs)[number]];
      await db()
        .insert(studentAffiliations)
        .values({ studentId: own.mentee.id, organisationId: uni.organisationId, email: `${own.mentee.id}@uni.test`, confirmedAt: t.app.ctx.clock.now() });
      // The outsider's pair never meets: at risk after 30 days; the university's own pair agreed and meets.
      await agree(own.mentor, own.mentee);
      await sessionBetween(t, own.mentor, own.mentee, 29 * DAY);
      t.app.ctx.clock.advance(30 * DAY);
      expect(await snapshotRunningProgrammes(db(), t.app.ctx.clock.now())).toBeGreaterThanOrEqual(1);
      const [row] = await snapshotsOf(programmeId);
      expect(row).toMatchObject({ healthy: 1, atRisk: 1, affiliatedHealthy: 1, affiliatedAtRisk: 0, affiliatedAttention: 0, affiliatedEnded: 0 });

      const base = `/api/organisations/me/programmes/${programmeId}/report`;
      const mine = reportOf(await call(uni, 'GET', base));
      expect(mine.healthOverTime.days).toEqual([{ day: '2036-01-31', healthy: 1, attention: 0, atRisk: 0, ended: 0 }]);
      const csv = await call(uni, 'GET', `${base}/export?format=csv`);
      expect(csv.body).toContain('Health over time,2036-01-31 at risk,0');
      const all = reportOf(await call(admin, 'GET', `/api/admin/programmes/${programmeId}/report`));
      expect(all.healthOverTime.days).toEqual([{ day: '2036-01-31', healthy: 1, attention: 0, atRisk: 1, ended: 0 }]);
      const other = await buildOrganisationMember(t);
      expect((await call(other, 'GET', base)).statusCode).toBe(404);
    } finally {
      t.app.ctx.clock.set(null);
    }
  });
});
