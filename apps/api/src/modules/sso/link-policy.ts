import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organisationDomains } from '../../db/schema/organisations.ts';
import type { ssoConnections } from '../../db/schema/sso.ts';
import type { users } from '../../db/schema/users.ts';
import { SsoFailure } from './failure.ts';

type Connection = typeof ssoConnections.$inferSelect;
type User = typeof users.$inferSelect;

/** Roles whose accounts are never linked without their password, whatever the policy (decision 902). */
const PROOF_ALWAYS = new Set<User['role']>(['admin', 'university_admin']);

/** OIDC: the `email_verified` claim; SAML has none, the IdP's assertion itself is what the policy trusts. */
function idpVouchesForEmail(connection: Connection, claims: Record<string, unknown>): boolean {
  if (connection.protocol === 'saml') return true;
  const v = claims.email_verified;
  return v === true || v === 'true';
}

/**
 * The first sign-in of a person whose address already has a MentorBridge account (issue 23, decision
 * 902), per the connection's link policy:
 *  - `never`: refused (reason `exists`); the person keeps signing in with their password;
 *  - `password` (default): they type that account's password once (`link`);
 *  - `verified`: linked at once (`adopt`) when the IdP vouches for the address (OIDC `email_verified`,
 *    any SAML assertion) AND the address is at a domain the organisation has proven it controls; otherwise,
 *    and always for administrators' accounts, the password is asked for as under `password`.
 */
export async function linkOutcome(db: Db, connection: Connection, existing: User, email: string, claims: Record<string, unknown>): Promise<'link' | 'adopt'> {
  if (connection.linkPolicy === 'never') {
    throw new SsoFailure('exists', `an account with ${email} already exists and the connection's link policy is "never link"`);
  }
  if (connection.linkPolicy !== 'verified' || PROOF_ALWAYS.has(existing.role) || !idpVouchesForEmail(connection, claims)) return 'link';
  const domain = email.split('@')[1] ?? '';
  const [proven] = await db
    .select({ id: organisationDomains.id })
    .from(organisationDomains)
    .where(
      and(
        eq(organisationDomains.organisationId, connection.organisationId),
        eq(organisationDomains.domain, domain),
        isNotNull(organisationDomains.verifiedAt),
      ),
    );
  return proven ? 'adopt' : 'link';
}
