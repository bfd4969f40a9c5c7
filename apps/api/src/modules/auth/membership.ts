import { eq } from 'drizzle-orm';
import { ORG_MESSAGES } from '@app/shared/organisations';
import { ORGANISATION_ROLES, type Role } from '@app/shared/roles';
import type { Db } from '../../db/client.ts';
import { organisationMembers, organisations } from '../../db/schema/organisations.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { isId } from '../../lib/ids.ts';
import type { ActorOrganisation } from '../../lib/http.ts';

export const isOrganisationRole = (role: Role) => (ORGANISATION_ROLES as readonly string[]).includes(role);

export async function membershipOf(db: Db, userId: string): Promise<ActorOrganisation | undefined> {
  const [row] = await db
    .select({ id: organisations.id, type: organisations.type, status: organisations.status })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(eq(organisationMembers.userId, userId));
  return row;
}

/**
 * A member acts for their organisation only while it is pending or approved: a suspended or rejected
 * organisation's members cannot sign in as members (decision 484), and their older tokens stop counting.
 */
export function organisationAllowsSignIn(org: ActorOrganisation | undefined): boolean {
  return Boolean(org) && (org?.status === 'pending' || org?.status === 'approved');
}

/** Called by sign-in for the organisation roles: the refusal names the reason. */
export async function assertOrganisationSignIn(db: Db, user: { id: string; role: Role }): Promise<void> {
  if (!isOrganisationRole(user.role)) return;
  const org = await membershipOf(db, user.id);
  if (!org) throw forbidden(ORG_MESSAGES.suspended);
  if (org.status === 'suspended') throw forbidden(ORG_MESSAGES.suspended);
  if (org.status === 'rejected') throw forbidden(ORG_MESSAGES.rejected);
}

/** The organisation with this id, or 404 (an operator acting on one by id: SSO, SCIM). */
export async function requireOrganisation(db: Db, organisationId: string) {
  if (!isId(organisationId)) throw notFound('Organisation');
  const [org] = await db.select().from(organisations).where(eq(organisations.id, organisationId));
  if (!org) throw notFound('Organisation');
  return org;
}
