import { and, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '@app/shared/api';
import { SSO_MESSAGES } from '@app/shared/sso';
import type { Db } from '../../db/client.ts';
import { organisationDomains } from '../../db/schema/organisations.ts';
import { ssoConnections, ssoIdentities, ssoSettings } from '../../db/schema/sso.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Password sign-in refused where the organisation requires SSO: for its e-mail domains, or for the
 * affiliations it names (as the IdP last sent them). Only while it has an enabled connection, so nobody
 * is locked out by a half-done set-up; a platform administrator is never forced through an IdP.
 */
export async function ssoRequiredFor(db: Db, user: { id: string; email: string; role: string }): Promise<boolean> {
  if (user.role === 'admin') return false;
  const domain = user.email.split('@')[1]?.toLowerCase() ?? '';
  const enabled = sql`exists (select 1 from ${ssoConnections} where ${ssoConnections.organisationId} = ${ssoSettings.organisationId} and ${ssoConnections.enabled})`;
  const [byDomain] = await db
    .select({ one: sql<number>`1` })
    .from(organisationDomains)
    .innerJoin(ssoSettings, eq(ssoSettings.organisationId, organisationDomains.organisationId))
    .where(and(eq(organisationDomains.domain, domain), eq(ssoSettings.requiredForDomains, true), enabled))
    .limit(1);
  if (byDomain) return true;
  const [byAffiliation] = await db
    .select({ one: sql<number>`1` })
    .from(ssoIdentities)
    .innerJoin(ssoSettings, eq(ssoSettings.organisationId, ssoIdentities.organisationId))
    .where(
      and(
        eq(ssoIdentities.userId, user.id),
        sql`${ssoIdentities.affiliations} ?| array(select jsonb_array_elements_text(${ssoSettings.requiredAffiliations}))`,
        enabled,
      ),
    )
    .limit(1);
  return Boolean(byAffiliation);
}

export async function assertPasswordSignInAllowed(db: Db, user: { id: string; email: string; role: string }) {
  if (await ssoRequiredFor(db, user)) throw new AppError(ErrorCode.FORBIDDEN, 403, SSO_MESSAGES.ssoRequired);
}
