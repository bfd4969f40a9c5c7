import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { HealthOverTimePoint } from '@app/shared/outcomes';
import type { HealthState } from '@app/shared/relationships';
import type { Db } from '../../db/client.ts';
import { programmes } from '../../db/schema/matching.ts';
import { programmeHealthSnapshots } from '../../db/schema/outcomes.ts';
import { relationships } from '../../db/schema/relationships.ts';
import { queryRows } from '../../lib/sql.ts';
import { computeHealth, factsOf, settingsOf, syncRelationships, type RelationshipRow } from '../relationships/index.ts';

/**
 * Pair health over time (issue 26, docs/decisions/1090). Health is computed on read from facts
 * (decision 861), so to show how it moved, a daily scheduled task stores each running programme's
 * counts per state: one row per programme per UTC day, first run of the day wins.
 */
export const HEALTH_SNAPSHOT_TASK = 'outcomes.health-snapshot';
export const HEALTH_SNAPSHOT_EVERY_MS = 86_400_000;

/** The UTC day a snapshot taken at `at` belongs to. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

type Counts = Record<HealthState, number>;
const zero = (): Counts => ({ healthy: 0, attention: 0, 'at-risk': 0, ended: 0 });

/**
 * The programme's pairs as they stood at `at`, each with the pair list's health (the same `factsOf` and
 * `computeHealth` as the coordinator's list): a relationship started after `at` is left out, one ended
 * after `at` was still active then. At the current time this is exactly the pair list's count.
 */
export async function healthCountsAt(db: Db, programmeId: string, organisationId: string | null, at: Date) {
  const rows: RelationshipRow[] = (
    await db
      .select()
      .from(relationships)
      .where(and(eq(relationships.programmeId, programmeId), lte(relationships.startedAt, at)))
      .limit(20_000)
  ).map((r) => (r.status === 'ended' && r.endedAt && r.endedAt > at ? { ...r, status: 'active' as const, endedAt: null } : r));
  const cadence = (await settingsOf(db, programmeId)).defaultCadenceDays;
  const facts = await factsOf(db, rows, at, new Map([[programmeId, cadence]]));
  const affiliated = new Set<string>();
  if (organisationId !== null && rows.length) {
    const found = await queryRows<{ student_id: string }>(
      db,
      sql`SELECT DISTINCT student_id FROM student_affiliations WHERE organisation_id = ${organisationId} AND student_id IN (${sql.join(
        [...new Set(rows.map((r) => r.menteeId))].map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    for (const f of found) affiliated.add(f.student_id);
  }
  const all = zero();
  const own = zero();
  for (const r of rows) {
    const f = facts.get(r.id);
    if (!f) continue;
    const state = computeHealth(f.facts, at).state;
    all[state]++;
    if (affiliated.has(r.menteeId)) own[state]++;
  }
  return { all, own: organisationId !== null ? own : null };
}

/**
 * Store the programme's counts for the day of `at` unless that day already has them (returns whether
 * a row was written). Two runs racing both compute, the unique key lets one insert through.
 */
export async function snapshotProgramme(db: Db, programmeId: string, organisationId: string | null, at: Date): Promise<boolean> {
  const { all, own } = await healthCountsAt(db, programmeId, organisationId, at);
  const rows = await db
    .insert(programmeHealthSnapshots)
    .values({
      programmeId,
      day: dayOf(at),
      takenAt: at,
      healthy: all.healthy,
      attention: all.attention,
      atRisk: all['at-risk'],
      ended: all.ended,
      affiliatedHealthy: own?.healthy ?? null,
      affiliatedAttention: own?.attention ?? null,
      affiliatedAtRisk: own?.['at-risk'] ?? null,
      affiliatedEnded: own?.ended ?? null,
    })
    .onConflictDoNothing()
    .returning({ day: programmeHealthSnapshots.day });
  return rows.length > 0;
}

/** The programmes that are running at `at`: published by then and not closed. */
async function runningProgrammes(db: Db, at: Date) {
  return queryRows<{ id: string; organisation_id: string | null }>(
    db,
    sql`SELECT p.id, p.organisation_id FROM programmes p
        WHERE p.status = 'published' AND p.published_at <= ${at.toISOString()}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM programme_closures c WHERE c.programme_id = p.id)
          AND NOT EXISTS (SELECT 1 FROM programme_health_snapshots s WHERE s.programme_id = p.id AND s.day = ${dayOf(at)}::date)
        ORDER BY p.id LIMIT 5000`,
  );
}

/** The scheduled task: today's snapshot of every running programme that has none yet. Returns how many were written. */
export async function snapshotRunningProgrammes(db: Db, at: Date): Promise<number> {
  let written = 0;
  for (const p of await runningProgrammes(db, at)) {
    // As the pair list does: a newly published programme's pairs get their relationships first.
    await syncRelationships(db, { programmeId: p.id });
    if (await snapshotProgramme(db, p.id, p.organisation_id, at)) written++;
  }
  return written;
}

/**
 * The report's series: the stored days from the programme's publication to `until` (now, or the close),
 * the university's own counts for its coordinator. Filters never apply (the counts are stored whole).
 */
export async function healthOverTime(db: Db, programmeId: string, ownOnly: boolean, until: Date): Promise<HealthOverTimePoint[]> {
  const [p] = await db.select({ publishedAt: programmes.publishedAt }).from(programmes).where(eq(programmes.id, programmeId));
  const from = p?.publishedAt ? dayOf(p.publishedAt) : '0001-01-01';
  const rows = await db
    .select()
    .from(programmeHealthSnapshots)
    .where(
      and(
        eq(programmeHealthSnapshots.programmeId, programmeId),
        sql`${programmeHealthSnapshots.day} >= ${from}::date`,
        lte(programmeHealthSnapshots.day, dayOf(until)),
      ),
    )
    .orderBy(desc(programmeHealthSnapshots.day))
    .limit(1000);
  // The latest 1,000 days at most, oldest first.
  return rows.reverse().map((r) =>
    ownOnly
      ? {
          day: r.day,
          healthy: r.affiliatedHealthy ?? 0,
          attention: r.affiliatedAttention ?? 0,
          atRisk: r.affiliatedAtRisk ?? 0,
          ended: r.affiliatedEnded ?? 0,
        }
      : { day: r.day, healthy: r.healthy, attention: r.attention, atRisk: r.atRisk, ended: r.ended },
  );
}
