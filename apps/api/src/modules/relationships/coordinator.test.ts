import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StudentRequest } from '@app/shared/mentoring';
import { RELATIONSHIP_MESSAGES as M, type ProgrammePairsHealth } from '@app/shared/relationships';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildProfessional, buildStudent } from '../../../test/factories.ts';
import { notifications } from '../../db/schema/platform.ts';
import { programmePairs } from '../../db/schema/matching.ts';
import { relationshipNudges, relationships } from '../../db/schema/relationships.ts';
import { buildOrganisationMember } from '../organisations/test-helpers.ts';
import { autoNudgeQuietPairs } from './coordinator.service.ts';
import { createClock } from '../../lib/clock.ts';
import { createJobRunner } from '../../lib/jobs.ts';
import { createScheduler } from '../../lib/scheduler.ts';
import { AUTO_NUDGE_EVERY_MS, AUTO_NUDGE_TASK } from './relationships.routes.ts';
import { caller, DAY, publishedProgramme, relationshipIdOf, sessionBetween } from './test-helpers.ts';

const t = useTestApp();
const call = caller(t);
const db = () => t.database.db;
const agreement = { cadenceDays: 14, format: 'video', durationMinutes: 45, aims: 'AIMS-TEXT internship', confidentiality: '' };
const pairsOf = (res: { body: string }) => body<{ data: ProgrammePairsHealth }>(res).data;

describe('coordinator: pair health, nudges and rematch', () => {
  it('health moves from healthy to needs attention to at risk as the facts change, with the reason', async () => {
    t.app.ctx.clock.set(new Date('2031-01-01T09:00:00Z'));
    try {
      const { programmeId, admin, pairs } = await publishedProgramme(t);
      const [{ mentor, mentee }] = pairs as [(typeof pairs)[number]];
      const id = await relationshipIdOf(t, mentee, mentor.id);
      await call(mentee, 'PUT', `/api/relationships/${id}/agreement`, agreement);
      await call(mentor, 'POST', `/api/relationships/${id}/agreement/confirm`, { version: 1 });
      await sessionBetween(t, mentor, mentee, DAY);
      const url = `/api/admin/programmes/${programmeId}/relationships`;

      t.app.ctx.clock.advance(2 * DAY);
      let p = pairsOf(await call(admin, 'GET', url)).pairs[0];
      expect(p?.health).toMatchObject({ state: 'healthy', daysSinceLastMeeting: 1 });
      // The coordinator sees that an agreement exists, not its text (the programme did not say so).
      expect(p).toMatchObject({ hasAgreement: true, agreement: null });
      expect(JSON.stringify(p)).not.toContain('AIMS-TEXT');

      t.app.ctx.clock.advance(20 * DAY);
      p = pairsOf(await call(admin, 'GET', url)).pairs[0];
      expect(p?.health.state).toBe('attention');
      expect(p?.health.reason).toBe('no meeting for 21 days; cadence every 14 days');

      t.app.ctx.clock.advance(10 * DAY);
      p = pairsOf(await call(admin, 'GET', url)).pairs[0];
      expect(p?.health.state).toBe('at-risk');
      expect(p?.health.reasons[0]).toMatchObject({ code: 'noMeeting', days: 31, cadence: 14 });

      // A new meeting with a low rating: quiet no more, but the rating keeps it at risk.
      const s = await sessionBetween(t, mentor, mentee, -3_600_000);
      await call(mentee, 'PUT', `/api/relationships/${id}/meetings/${s}/check-in`, { minutes: 60, rating: 1 });
      await call(mentor, 'PUT', `/api/relationships/${id}/meetings/${s}/check-in`, { minutes: 60, rating: 2 });
      p = pairsOf(await call(admin, 'GET', url)).pairs[0];
      expect(p?.health).toMatchObject({ state: 'at-risk', reasons: [{ code: 'lowRating', rating: 1.5 }] });
      expect(p?.totals).toMatchObject({ meetings: 2, mentorHours: 1, menteeHours: 1 });

      // When the programme lets coordinators read agreements, the text appears; bad settings change nothing.
      const settings = `/api/admin/programmes/${programmeId}/outcome-settings`;
      expect((await call(admin, 'PUT', settings, { agreementVisibleToCoordinator: 'yes', autoNudge: true, defaultCadenceDays: 14 })).statusCode).toBe(400);
      expect(pairsOf(await call(admin, 'GET', url)).pairs[0]?.agreement).toBeNull();
      const visible = await call(admin, 'PUT', settings, { agreementVisibleToCoordinator: true, autoNudge: true, defaultCadenceDays: 14 });
      expect(visible.statusCode, visible.body).toBe(200);
      expect(pairsOf(visible).pairs[0]?.agreement?.aims).toBe(agreement.aims);
    } finally {
      t.app.ctx.clock.set(null);
    }
  });

  it('nudge at most once a week; the automatic nudge reaches quiet pairs exactly once however many runs', async () => {
    t.app.ctx.clock.set(new Date('2032-01-01T09:00:00Z'));
    try {
      const { programmeId, admin, pairs } = await publishedProgramme(t, { pairs: 2 });
      const [quiet, busy] = pairs as [(typeof pairs)[number], (typeof pairs)[number]];
      const quietId = await relationshipIdOf(t, quiet.mentee, quiet.mentor.id);
      await relationshipIdOf(t, busy.mentee, busy.mentor.id);
      const nudgeUrl = `/api/admin/programmes/${programmeId}/relationships/${quietId}/nudge`;
      const ok = await call(admin, 'POST', nudgeUrl);
      expect(ok.statusCode, ok.body).toBe(200);
      const again = await call(admin, 'POST', nudgeUrl);
      expect(again.statusCode).toBe(409);
      expect(again.body).toContain(M.nudgedRecently);
      const told = await db().select().from(notifications).where(eq(notifications.userId, quiet.mentee.id));
      expect(told.filter((n) => n.subType === 'nudge')).toHaveLength(1);

      // 20 days on: the quiet pair (no meeting yet) is nudged automatically; the busy one is not.
      await sessionBetween(t, busy.mentor, busy.mentee, 19 * DAY);
      t.app.ctx.clock.advance(20 * DAY);
      // Two runs at once (two processes): the quiet pair gets one automatic nudge (other files' pairs may be nudged too).
      await Promise.all([autoNudgeQuietPairs(db(), t.app.ctx.clock.now()), autoNudgeQuietPairs(db(), t.app.ctx.clock.now())]);
      expect(await db().select().from(relationshipNudges).where(eq(relationshipNudges.relationshipId, quietId))).toHaveLength(2);
      // Through the scheduler, twice in the same slot: nothing more.
      await t.app.ctx.scheduler.runDue();
      await t.app.ctx.scheduler.runDue();
      const nudges = await db().select().from(relationshipNudges).where(eq(relationshipNudges.relationshipId, quietId));
      expect(nudges.map((n) => n.automatic).sort()).toEqual([false, true]);
      const busyRel = await db().select().from(relationships).where(eq(relationships.menteeId, busy.mentee.id));
      expect(await db().select().from(relationshipNudges).where(eq(relationshipNudges.relationshipId, busyRel[0]?.id as string))).toHaveLength(0);
      expect(t.app.ctx.scheduler.tasks().some((x) => x.name === AUTO_NUDGE_TASK)).toBe(true);
      // A week later, still quiet: one more.
      t.app.ctx.clock.advance(8 * DAY);
      await t.app.ctx.scheduler.runDue();
      expect(await db().select().from(relationshipNudges).where(eq(relationshipNudges.relationshipId, quietId))).toHaveLength(3);
    } finally {
      t.app.ctx.clock.set(null);
    }
  });

  it('the automatic nudge runs once per slot with several processes (two schedulers on one database)', async () => {
    const clock = createClock();
    clock.set(new Date('2033-06-01T09:00:00Z'));
    t.app.ctx.clock.set(clock.now());
    try {
      const { pairs } = await publishedProgramme(t);
      const [{ mentor, mentee }] = pairs as [(typeof pairs)[number]];
      const id = await relationshipIdOf(t, mentee, mentor.id);
      clock.advance(30 * DAY);
      const processes = [0, 1].map(() => {
        const jobs = createJobRunner(db(), t.app.log, { clock });
        const scheduler = createScheduler(db(), jobs, clock, t.app.log);
        scheduler.every(AUTO_NUDGE_TASK, AUTO_NUDGE_EVERY_MS, (now) => autoNudgeQuietPairs(db(), now));
        return scheduler;
      });
      await Promise.all(processes.map((p) => p.runDue()));
      await Promise.all(processes.map((p) => p.runDue()));
      const rows = await db().select().from(relationshipNudges).where(eq(relationshipNudges.relationshipId, id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.automatic).toBe(true);
      const told = await db().select().from(notifications).where(eq(notifications.userId, mentee.id));
      expect(told.filter((n) => n.subType === 'nudge')).toHaveLength(1);
    } finally {
      t.app.ctx.clock.set(null);
    }
  });

  it('rematch: ends the pair kindly with a reason, proposes mentors from the matching engine, keeps history', async () => {
    const { programmeId, admin, pairs, spare } = await publishedProgramme(t, { spareMentors: 1 });
    const [{ mentor, mentee, pairId }] = pairs as [(typeof pairs)[number]];
    const newMentor = spare[0];
    if (!newMentor) throw new Error('no spare');
    const oldId = await relationshipIdOf(t, mentee, mentor.id);
    const base = `/api/admin/programmes/${programmeId}/relationships/${oldId}/rematch`;
    const proposals = body<{ data: { proposals: Array<{ mentorId: string; freePlaces: number }> } }>(await call(admin, 'GET', base)).data.proposals;
    expect(proposals).toMatchObject([{ mentorId: newMentor.id, freePlaces: 2 }]);

    const noReason = await call(admin, 'POST', base, { reason: ' ', mentorId: newMentor.id });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain(M.reasonRequired);
    const outsider = await buildProfessional(t);
    expect((await call(admin, 'POST', base, { reason: 'Schedules never matched', mentorId: outsider.id })).body).toContain(M.mentorNotAvailable);
    expect((await db().select().from(relationships).where(eq(relationships.id, oldId)))[0]?.status).toBe('active');

    const done = await call(admin, 'POST', base, { reason: 'Schedules never matched', mentorId: newMentor.id });
    expect(done.statusCode, done.body).toBe(200);
    const list = body<{ data: { relationshipId: string; pairs: ProgrammePairsHealth } }>(done).data;
    expect(list.pairs.pairs.map((p) => [p.mentor.id, p.status]).sort()).toEqual(
      [
        [mentor.id, 'ended'],
        [newMentor.id, 'active'],
      ].sort(),
    );
    expect(list.pairs.pairs.find((p) => p.status === 'ended')).toMatchObject({ endedReason: 'Schedules never matched', health: { state: 'ended' } });
    expect((await db().select().from(programmePairs).where(eq(programmePairs.id, pairId)))[0]?.mentorId).toBe(newMentor.id);
    // The new connection says which programme made it (read in each person's language), no stored English (decision 1261).
    const requests = body<{ data: { requests: StudentRequest[] } }>(await call(mentee, 'GET', '/api/connection-requests/my')).data.requests;
    expect(requests.find((r) => r.professional._id === newMentor.id)).toMatchObject({ message: null, responseMessage: null, matchedIn: { programmeId, name: 'Outcomes cohort' } });
    // The old mentor still reads the ended relationship (history), and cannot change it.
    const old = await call(mentor, 'GET', `/api/relationships/${oldId}`);
    expect(old.statusCode).toBe(200);
    expect((await call(mentor, 'PUT', `/api/relationships/${oldId}/agreement`, agreement)).body).toContain(M.ended);
    // The student sees the new one; listing again does not recreate the old pair.
    expect(await relationshipIdOf(t, mentee, newMentor.id)).toBe(list.relationshipId);
    expect(await db().select().from(relationships).where(eq(relationships.menteeId, mentee.id))).toHaveLength(2);
    expect((await call(admin, 'POST', base, { reason: 'again', mentorId: newMentor.id })).statusCode).toBe(409);
  });

  it('organisation boundary: a university coordinates its own programmes only; pairs, students, mentors and companies read nothing', async () => {
    const uni = await buildOrganisationMember(t);
    const other = await buildOrganisationMember(t);
    const company = await buildOrganisationMember(t, { type: 'company' });
    const { programmeId, pairs } = await publishedProgramme(t, { organisationId: uni.organisationId, spareMentors: 1 });
    const [{ mentor, mentee }] = pairs as [(typeof pairs)[number]];
    const rel = await relationshipIdOf(t, mentee, mentor.id);
    await call(mentee, 'PUT', `/api/relationships/${rel}/agreement`, agreement);
    const url = `/api/organisations/me/programmes/${programmeId}/relationships`;
    const own = await call(uni, 'GET', url);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.body).not.toContain('AIMS-TEXT');
    expect((await call(other, 'GET', url)).statusCode).toBe(404);
    expect((await call(other, 'POST', `${url}/${rel}/nudge`)).statusCode).toBe(404);
    expect((await call(other, 'GET', `${url}/${rel}/rematch`)).statusCode).toBe(404);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    for (const who of [company, mentor, mentee, await buildStudent(t)]) {
      expect((await call(who, 'GET', url)).statusCode).toBe(403);
      expect((await call(who, 'GET', `/api/admin/programmes/${programmeId}/relationships`)).statusCode).toBe(403);
    }
    // A pair id from another programme through this one: 404.
    const elsewhere = await publishedProgramme(t, { organisationId: uni.organisationId });
    const e = elsewhere.pairs[0] as (typeof pairs)[number];
    const eRel = await relationshipIdOf(t, e.mentee, e.mentor.id);
    expect((await call(uni, 'POST', `${url}/${eRel}/nudge`)).statusCode).toBe(404);
    expect((await call(uni, 'POST', `${url}/${rel}/nudge`)).statusCode).toBe(200);
  });
});
