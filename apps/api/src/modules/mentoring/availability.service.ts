import { and, asc, eq, sql } from 'drizzle-orm';
import { AVAILABILITY_MAX_DAYS, rulesOverlap, todayIn, type AvailabilityRule, type AvailabilityDay } from '@app/shared/mentoring';
import type { z } from 'zod';
import type { availabilityRuleBody } from '@app/shared/mentoring';
import type { Db } from '../../db/client.ts';
import { availabilityRules } from '../../db/schema/mentoring.ts';
import { queryRows } from '../../lib/sql.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { isId } from '../../lib/ids.ts';
import type { Actor } from '../../lib/http.ts';
import {
  dateRangeInstants,
  expandAvailability,
  freeWindows,
  isInsideFree,
  type Interval,
  type RuleInput,
} from './expand-availability.ts';
import { findListedProfessional } from './mentoring.common.ts';

type RuleRow = typeof availabilityRules.$inferSelect;
type RuleInputBody = z.output<typeof availabilityRuleBody>;

export function toRule(row: RuleRow): AvailabilityRule {
  return {
    _id: row.id,
    isRecurring: row.isRecurring,
    dayOfWeek: row.dayOfWeek,
    date: row.date,
    startTime: row.startTime,
    endTime: row.endTime,
    timezone: row.timezone,
    notes: row.notes,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const asInput = (row: RuleRow): RuleInput => ({ ...row, id: row.id });

export async function listRules(db: Db, actor: Actor): Promise<AvailabilityRule[]> {
  const rows = await db
    .select()
    .from(availabilityRules)
    .where(eq(availabilityRules.professionalId, actor.id))
    .orderBy(
      asc(availabilityRules.isRecurring),
      asc(availabilityRules.dayOfWeek),
      asc(availabilityRules.date),
      asc(availabilityRules.startTime),
    );
  // Recurring first (by weekday, Sunday first), then one-time rules by date.
  return rows.sort((a, b) => Number(b.isRecurring) - Number(a.isRecurring)).map(toRule);
}

export interface SavedRule {
  rule: AvailabilityRule;
  /** The caller's other enabled rules that offer some of the same hours (flagged, not refused). */
  overlaps: AvailabilityRule[];
}

async function withOverlaps(db: Db, actor: Actor, row: RuleRow): Promise<SavedRule> {
  const rule = toRule(row);
  if (!row.enabled) return { rule, overlaps: [] };
  const others = await db
    .select()
    .from(availabilityRules)
    .where(and(eq(availabilityRules.professionalId, actor.id), eq(availabilityRules.enabled, true)));
  const overlaps = others.filter((o) => o.id !== row.id && rulesOverlap(o, row)).map(toRule);
  return { rule, overlaps };
}

export async function createRule(db: Db, actor: Actor, body: RuleInputBody): Promise<SavedRule> {
  const [row] = await db
    .insert(availabilityRules)
    .values({ professionalId: actor.id, ...body })
    .returning();
  if (!row) throw new Error('rule insert returned nothing');
  return withOverlaps(db, actor, row);
}

async function ownRule(db: Db, actor: Actor, id: string): Promise<RuleRow> {
  if (!isId(id)) throw notFound('Availability rule');
  const [row] = await db
    .select()
    .from(availabilityRules)
    .where(and(eq(availabilityRules.id, id), eq(availabilityRules.professionalId, actor.id)));
  if (!row) throw notFound('Availability rule');
  return row;
}

export async function updateRule(db: Db, actor: Actor, id: string, body: RuleInputBody): Promise<SavedRule> {
  await ownRule(db, actor, id);
  const [row] = await db
    .update(availabilityRules)
    .set(body)
    .where(and(eq(availabilityRules.id, id), eq(availabilityRules.professionalId, actor.id)))
    .returning();
  if (!row) throw notFound('Availability rule');
  return withOverlaps(db, actor, row);
}

export async function deleteRule(db: Db, actor: Actor, id: string): Promise<void> {
  if (!isId(id)) throw notFound('Availability rule');
  const deleted = await db
    .delete(availabilityRules)
    .where(and(eq(availabilityRules.id, id), eq(availabilityRules.professionalId, actor.id)))
    .returning({ id: availabilityRules.id });
  if (deleted.length === 0) throw notFound('Availability rule');
}

/** Scheduled sessions and pending slot holds of a professional overlapping an interval (one query). */
export async function busyIntervals(db: Db, professionalId: string, range: Interval, exceptId?: string): Promise<Interval[]> {
  const from = new Date(range.start).toISOString();
  const to = new Date(range.end).toISOString();
  const rows = await queryRows<{ id: string; start: Date | string; end: Date | string }>(
    db,
    sql`SELECT id, starts_at AS start, ends_at AS end FROM mentoring_sessions
        WHERE professional_id = ${professionalId} AND status = 'scheduled'
          AND starts_at < ${to}::timestamptz AND ends_at > ${from}::timestamptz
        UNION ALL
        SELECT id, requested_start, requested_end FROM connection_requests
        WHERE professional_id = ${professionalId} AND status = 'pending' AND requested_start IS NOT NULL
          AND requested_start < ${to}::timestamptz AND requested_end > ${from}::timestamptz`,
  );
  return rows
    .filter((r) => r.id !== exceptId)
    .map((r) => ({ start: new Date(r.start).getTime(), end: new Date(r.end).getTime() }));
}

async function enabledRules(db: Db, professionalId: string): Promise<RuleInput[]> {
  const rows = await db
    .select()
    .from(availabilityRules)
    .where(and(eq(availabilityRules.professionalId, professionalId), eq(availabilityRules.enabled, true)));
  return rows.map(asInput);
}

/** GET /professionals/{id}/availability: the professional's free slots in the viewer's zone. */
export async function publicAvailability(
  db: Db,
  professionalId: string,
  query: { from?: string; to?: string; timezone: string },
  now = new Date(),
): Promise<{ availability: AvailabilityDay[]; timezone: string; from: string; to: string; acceptingRequests: boolean }> {
  if (!isId(professionalId)) throw notFound('Professional');
  const pro = await findListedProfessional(db, professionalId);
  if (!pro) throw notFound('Professional');
  const from = query.from ?? todayIn(query.timezone, now);
  const to = query.to ?? addDays(from, 41);
  if (to < from) throw badRequest('"to" must not be before "from"');
  if (daysBetween(from, to) + 1 > AVAILABILITY_MAX_DAYS)
    throw badRequest(`The range can cover at most ${AVAILABILITY_MAX_DAYS} days`);
  const range = dateRangeInstants(from, to, query.timezone);
  const [rules, busy] = await Promise.all([enabledRules(db, professionalId), busyIntervals(db, professionalId, range)]);
  const availability = expandAvailability({ rules, busy, from, to, timezone: query.timezone, now: now.getTime() });
  return { availability, timezone: query.timezone, from, to, acceptingRequests: pro.acceptingRequests };
}

/**
 * Is [start, end) free in the professional's availability right now? 'outside' when no enabled rule
 * covers it, 'taken' when a session or another pending hold overlaps it.
 */
export async function slotState(
  db: Db,
  professionalId: string,
  start: Date,
  end: Date,
  options: { exceptSessionId?: string } = {},
): Promise<'free' | 'outside' | 'taken'> {
  const range = { start: start.getTime() - 86_400_000, end: end.getTime() + 86_400_000 };
  const rules = await enabledRules(db, professionalId);
  const windows = freeWindows(rules, [], range);
  if (!isInsideFree(windows, start.getTime(), end.getTime())) return 'outside';
  // A session being moved does not block its own new time.
  const busy = await busyIntervals(db, professionalId, range, options.exceptSessionId);
  return isInsideFree(freeWindows(rules, busy, range), start.getTime(), end.getTime()) ? 'free' : 'taken';
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}
