import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, or, sql, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ConnectionRequest, StudentRequest } from '@app/shared/mentoring';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildProfessional, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { programmeConnections, programmePairs, programmeParticipants, programmes } from '../../db/schema/matching.ts';
import { connectionRequests } from '../../db/schema/mentoring.ts';

/**
 * Issue 25 (decision 1261): a connection a programme makes stores no English "Matched in <programme>";
 * it is linked to the programme, and both people get the programme to read the sentence in their language.
 */
const t = useTestApp();
const db = () => t.database.db;

async function matchedProgramme(name: string, pairs: Array<[BuiltUser, BuiltUser]>) {
  const admin = await buildAdmin(t);
  const [p] = await db()
    .insert(programmes)
    .values({ name, startsOn: '2030-01-01', endsOn: '2030-12-31', status: 'matched', matchedAt: new Date(), createdBy: admin.id })
    .returning();
  if (!p) throw new Error('programme insert failed');
  for (const [mentor, mentee] of pairs) {
    await db()
      .insert(programmeParticipants)
      .values([
        { programmeId: p.id, userId: mentor.id, role: 'mentor', status: 'joined', topics: ['Optics'] },
        { programmeId: p.id, userId: mentee.id, role: 'mentee', status: 'joined', topics: ['Optics'] },
      ])
      .onConflictDoNothing(); // a mentor with two mentees joined once
    await db().insert(programmePairs).values({ programmeId: p.id, mentorId: mentor.id, menteeId: mentee.id, score: 1 });
  }
  return { admin, id: p.id };
}

const mine = async (student: BuiltUser) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/connection-requests/my', headers: { ...student.auth, 'accept-language': 'ar' } });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: { requests: StudentRequest[] } }>(res).data.requests;
};
const received = async (professional: BuiltUser) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/professionals/connection-requests', headers: professional.auth });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: { requests: ConnectionRequest[] } }>(res).data.requests;
};

describe('"Matched in <programme>" from the link, not stored English', () => {
  it('publishing stores no sentence and gives both people the programme; other connections have none', async () => {
    const [m1, m2, m3] = [await buildProfessional(t), await buildProfessional(t), await buildProfessional(t)];
    const [s1, s2, s3] = [await buildStudent(t), await buildStudent(t), await buildStudent(t)];
    // s2 had asked m2 already (that request becomes the connection, its message kept); s3 and m3 were connected before.
    const asked = await t.app.inject({ method: 'POST', url: `/api/professionals/${m2.id}/connect`, headers: s2.auth, payload: { message: 'Could you help with optics?' } });
    expect(asked.statusCode, asked.body).toBe(201);
    await db().insert(connectionRequests).values({ studentId: s3.id, professionalId: m3.id, status: 'accepted', message: 'Hello', respondedAt: new Date() });

    const name = 'برنامج الربيع Spring cohort';
    const { admin, id } = await matchedProgramme(name, [
      [m1, s1],
      [m2, s2],
      [m3, s3],
    ]);
    const pub = await t.app.inject({ method: 'POST', url: `/api/admin/programmes/${id}/publish`, headers: admin.auth });
    expect(pub.statusCode, pub.body).toBe(200);

    const english = await db()
      .select({ id: connectionRequests.id })
      .from(connectionRequests)
      .where(or(like(connectionRequests.message, 'Matched in%'), like(connectionRequests.responseMessage, 'Matched in%')));
    expect(english).toEqual([]);

    const [made] = await mine(s1);
    expect(made).toMatchObject({ status: 'accepted', message: null, responseMessage: null, matchedIn: { programmeId: id, name } });
    const [forMentor] = await received(m1);
    expect(forMentor).toMatchObject({ status: 'accepted', message: null, responseMessage: null, matchedIn: { programmeId: id, name } });
    const [accepted] = await mine(s2);
    expect(accepted).toMatchObject({ status: 'accepted', message: 'Could you help with optics?', responseMessage: null, matchedIn: { programmeId: id, name } });
    // An existing connection is reused as it was: the programme did not make it.
    const [before] = await mine(s3);
    expect(before).toMatchObject({ status: 'accepted', message: 'Hello', matchedIn: null });
    expect(await db().select().from(programmeConnections).where(eq(programmeConnections.programmeId, id))).toHaveLength(2);
  });

  it('migration 0037 links the connections made before and clears their English sentence, and nothing else', async () => {
    const [mentor, other] = [await buildProfessional(t), await buildProfessional(t)];
    const [made, asked, stranger] = [await buildStudent(t), await buildStudent(t), await buildStudent(t)];
    const { id } = await matchedProgramme('Legacy cohort', [
      [mentor, made],
      [mentor, asked],
    ]);
    const legacy = 'Matched in Legacy cohort';
    const rows = await db()
      .insert(connectionRequests)
      .values([
        { studentId: made.id, professionalId: mentor.id, status: 'accepted', message: legacy, responseMessage: legacy },
        { studentId: asked.id, professionalId: mentor.id, status: 'accepted', message: 'My own words', responseMessage: legacy },
        // Someone's own reply that happens to start the same way, between people no programme paired.
        { studentId: stranger.id, professionalId: other.id, status: 'accepted', message: 'Hi', responseMessage: 'Matched in spirit, happy to help' },
      ])
      .returning({ id: connectionRequests.id });

    const migration = readFileSync(path.resolve(import.meta.dirname, '../../../drizzle/0037_matched_in_programme.sql'), 'utf8');
    const data = migration.split('--> statement-breakpoint').filter((s) => /^\s*(--[^\n]*\n\s*)*(INSERT|UPDATE)/.test(s));
    expect(data).toHaveLength(2);
    for (const statement of data) await db().execute(sql.raw(statement));

    const after = new Map((await db().select().from(connectionRequests)).map((r) => [r.id, r]));
    expect(after.get(rows[0]?.id ?? '')).toMatchObject({ message: null, responseMessage: null });
    expect(after.get(rows[1]?.id ?? '')).toMatchObject({ message: 'My own words', responseMessage: null });
    expect(after.get(rows[2]?.id ?? '')).toMatchObject({ message: 'Hi', responseMessage: 'Matched in spirit, happy to help' });
    const links = await db().select().from(programmeConnections).where(eq(programmeConnections.programmeId, id));
    expect(links.map((l) => l.connectionRequestId).sort()).toEqual([rows[0]?.id, rows[1]?.id].sort());
    expect((await mine(made))[0]?.matchedIn).toEqual({ programmeId: id, name: 'Legacy cohort' });
  });
});
