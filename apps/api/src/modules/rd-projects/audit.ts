import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/platform.ts';

/**
 * Admin changes to R&D projects and applications, written to the audit log in the same transaction
 * as the change (PRODUCT.md "Administrators"). Entity names: 'rd-project', 'rd-application'.
 */
export async function audit(
  db: Db,
  actorId: string,
  action: string,
  entityId: string,
  before: unknown,
  after: unknown,
  entity: 'rd-project' | 'rd-application' = 'rd-project',
): Promise<void> {
  await db.insert(auditLog).values({ actorId, action, entity, entityId, before: before ?? null, after: after ?? null });
}
