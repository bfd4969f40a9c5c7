import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/platform.ts';

/** Fields never written to the audit log, whatever object is passed. */
const SECRET_KEYS = new Set(['passwordHash', 'password', 'temporaryPassword', 'tokenVersion', 'token']);

function scrub(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(scrub);
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !SECRET_KEYS.has(key))
        .map(([key, v]) => [key, scrub(v)]),
    );
  }
  return value;
}

/**
 * Record an administrative change in the caller's transaction: who (actorId), what (action on an
 * entity and its id) and the state before and after. Secrets are stripped.
 */
export async function audit(
  db: Db,
  actorId: string | null,
  action: string,
  entity: string,
  entityId: string | null,
  before: unknown,
  after: unknown,
): Promise<void> {
  await db.insert(auditLog).values({ actorId, action, entity, entityId, before: scrub(before), after: scrub(after) });
}
