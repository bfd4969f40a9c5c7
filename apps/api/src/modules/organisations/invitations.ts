import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organisationInvitations, organisations } from '../../db/schema/organisations.ts';
import { sha256 } from '../../lib/tokens.ts';

/** A live invitation by its link token (`kind` given: a member link cannot be used as an expert link). */
export async function liveInvitation(db: Db, token: string, kind: 'member' | 'expert', now = new Date()) {
  const [row] = await db
    .select({ invitation: organisationInvitations, organisation: organisations })
    .from(organisationInvitations)
    .innerJoin(organisations, eq(organisations.id, organisationInvitations.organisationId))
    .where(
      and(
        eq(organisationInvitations.tokenHash, sha256(token)),
        eq(organisationInvitations.kind, kind),
        isNull(organisationInvitations.acceptedAt),
        gt(organisationInvitations.expiresAt, now),
        eq(organisations.status, 'approved'),
      ),
    );
  return row;
}
