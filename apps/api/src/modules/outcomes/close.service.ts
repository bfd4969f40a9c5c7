import { eq, sql } from 'drizzle-orm';
import {
  OUTCOME_MESSAGES as M,
  type ClosureDto,
  type CompletionCriteria,
  type ProgrammeCertificateKind,
} from '@app/shared/outcomes';
import type { Db } from '../../db/client.ts';
import { programmes } from '../../db/schema/matching.ts';
import { programmeCertificates, programmeClosures } from '../../db/schema/outcomes.ts';
import { relationships } from '../../db/schema/relationships.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isId, newId } from '../../lib/ids.ts';
import { queryRows } from '../../lib/sql.ts';
import { recipientLocales, voiceOf } from '../../lib/recipient-locale.ts';
import { notifyMany, type NewNotification } from '../notifications/index.ts';
import {
  factsOf,
  settingsOf,
  syncRelationships,
  type CoordinatorScope,
  type RelationshipRow,
  type Totals,
} from '../relationships/index.ts';
import { onProgrammeClosed } from '../surveys/index.ts';
import { newCertificateId } from '../workshops/index.ts';

export const CLOSED_REASON = 'The programme closed';

export type ProgrammeRow = typeof programmes.$inferSelect;

/** The programme, if this coordinator may see it (a university admin: their own only); anyone else's: 404. */
export async function programmeFor(db: Db, id: string, scope: CoordinatorScope): Promise<ProgrammeRow> {
  if (!isId(id)) throw notFound('Programme');
  const [row] = await db.select().from(programmes).where(eq(programmes.id, id));
  if (!row || (scope.organisationId !== undefined && row.organisationId !== scope.organisationId)) throw notFound('Programme');
  return row;
}

type ClosureRow = typeof programmeClosures.$inferSelect;
export const closureDtoOf = (c: ClosureRow): ClosureDto => ({
  closedAt: c.closedAt.toISOString(),
  closedBy: c.closedBy,
  criteria: c.criteria,
  pairsEnded: c.pairsEnded,
  certificates: c.certificates,
});

export async function closureOf(db: Db, programmeId: string): Promise<ClosureRow | undefined> {
  const [row] = await db.select().from(programmeClosures).where(eq(programmeClosures.programmeId, programmeId));
  return row;
}

/** Whether one relationship meets the programme's completion criteria. */
export function completed(t: Totals, agreementConfirmed: boolean, c: CompletionCriteria): boolean {
  return (!c.requireAgreement || agreementConfirmed) && t.meetings >= c.minMeetings && t.goalsAchieved >= c.minGoalsAchieved;
}

interface PersonTally {
  userId: string;
  kind: ProgrammeCertificateKind;
  meetings: number;
  hours: number;
  goalsAchieved: number;
  eligible: boolean;
}

/** Each person's totals over all their relationships in the programme (a rematched mentee has two). */
export function tally(
  rows: RelationshipRow[],
  facts: Awaited<ReturnType<typeof factsOf>>,
  criteria: CompletionCriteria,
): Map<string, PersonTally> {
  const people = new Map<string, PersonTally>();
  for (const r of rows) {
    const f = facts.get(r.id);
    if (!f) continue;
    const ok = completed(f.totals, f.facts.agreementConfirmed, criteria);
    for (const [userId, kind, hours] of [
      [r.mentorId, 'service', f.totals.mentorHours],
      [r.menteeId, 'participation', f.totals.menteeHours],
    ] as const) {
      const p = people.get(userId) ?? { userId, kind, meetings: 0, hours: 0, goalsAchieved: 0, eligible: false };
      p.meetings += f.totals.meetings;
      p.hours = Math.round((p.hours + hours) * 10) / 10;
      p.goalsAchieved += f.totals.goalsAchieved;
      p.eligible ||= ok;
      people.set(userId, p);
    }
  }
  return people;
}

/**
 * Close a published programme (decision 930): every active pair ends, each person whose pair met the
 * criteria gets one certificate (participation for mentees, service for mentors), everyone is told, and
 * the programme becomes read-only. Idempotent: closing a closed programme answers with the closure as it
 * was. Two coordinators at once: the programme row is locked and the closure re-read under the lock, and
 * (programme, person) is unique for certificates, so nothing is issued twice.
 */
export async function closeProgramme(
  db: Db,
  programmeId: string,
  body: { confirmName: string; criteria: CompletionCriteria },
  scope: CoordinatorScope,
  now: Date,
): Promise<{ closure: ClosureDto; created: boolean }> {
  const p = await programmeFor(db, programmeId, scope);
  const before = await closureOf(db, p.id);
  if (before) return { closure: closureDtoOf(before), created: false };
  if (body.confirmName.trim() !== p.name.trim()) throw badRequest(M.confirm);
  if (p.status !== 'published') throw conflict(M.notPublished);
  await syncRelationships(db, { programmeId: p.id });
  const cadence = new Map([[p.id, (await settingsOf(db, p.id)).defaultCadenceDays]]);
  return db.transaction(async (tx) => {
    await queryRows(tx, sql`SELECT id FROM programmes WHERE id = ${p.id} FOR UPDATE`);
    const again = await closureOf(tx, p.id);
    if (again) return { closure: closureDtoOf(again), created: false };
    const rows = await tx.select().from(relationships).where(eq(relationships.programmeId, p.id));
    const facts = await factsOf(tx, rows, now, cadence);
    const people = tally(rows, facts, body.criteria);
    const ended = await tx
      .update(relationships)
      .set({ status: 'ended', endedAt: now, endedReason: CLOSED_REASON, endedBy: scope.actorId })
      .where(sql`${relationships.programmeId} = ${p.id} AND ${relationships.status} = 'active'`)
      .returning({ id: relationships.id });
    const eligible = [...people.values()].filter((x) => x.eligible);
    const issued = eligible.length
      ? await tx
          .insert(programmeCertificates)
          .values(
            eligible.map((x) => ({
              id: newId(),
              programmeId: p.id,
              userId: x.userId,
              kind: x.kind,
              verificationId: newCertificateId(),
              meetings: x.meetings,
              hours: x.hours,
              goalsAchieved: x.goalsAchieved,
              issuedAt: now,
            })),
          )
          .onConflictDoNothing()
          .returning({ userId: programmeCertificates.userId })
      : [];
    const [closure] = await tx
      .insert(programmeClosures)
      .values({
        programmeId: p.id,
        closedAt: now,
        closedBy: scope.actorId,
        criteria: body.criteria,
        pairsEnded: ended.length,
        certificates: issued.length,
      })
      .returning();
    if (!closure) throw new Error('closure insert returned nothing');
    // The closing survey still goes out when the programme closes before its end date (decision 1012).
    await onProgrammeClosed(tx, p.id, now);
    const withCertificate = new Set(issued.map((x) => x.userId));
    // Each participant reads it in their own language (decision 1060).
    const locales = await recipientLocales(tx, [...people.keys()]);
    const told: NewNotification[] = [...people.values()].map((x) => {
      const { t } = voiceOf(locales.get(x.userId));
      return {
        userId: x.userId,
        type: 'connection',
        subType: 'programme-closed',
        title: t('notification.programme.closedTitle', { name: p.name }),
        message: withCertificate.has(x.userId) ? t('notification.programme.closedCertificate', { kind: x.kind }) : t('notification.programme.closed'),
        actionUrl: '/relationships',
        metadata: { programmeId: p.id },
      };
    });
    await notifyMany(tx, told);
    return { closure: closureDtoOf(closure), created: true };
  });
}
