import { eq } from 'drizzle-orm';
import type { TestContext } from '../../../test/harness.ts';
import type { OidcIdp } from '../../../test/sso/oidc-idp.ts';
import { ssoConnections } from '../../db/schema/sso.ts';
import { buildOrganisationMember, type BuiltMember } from '../organisations/test-helpers.ts';

/**
 * A university whose administrator set up an OIDC connection to `idp` through the API (slug
 * `<slugPrefix>-<end of the organisation id>`), then marked tested and enabled straight in the database
 * (the test mode itself is covered in oidc.test.ts). Returns the admin and the connection as created.
 */
export async function universityWithOidc(
  t: TestContext,
  idp: OidcIdp,
  { slugPrefix, name }: { slugPrefix: string; name: string },
): Promise<{ admin: BuiltMember; connection: { id: string; linkPolicy: string } }> {
  const admin = await buildOrganisationMember(t, { type: 'university' });
  await t.app.inject({ method: 'PUT', url: '/api/organisations/me/sso/settings', headers: admin.auth, payload: { slug: `${slugPrefix}-${admin.organisationId.slice(-6)}` } });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/organisations/me/sso/connections',
    headers: admin.auth,
    payload: { protocol: 'oidc', name, oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret } },
  });
  if (res.statusCode !== 201) throw new Error(`connection not created (${res.statusCode}): ${res.body}`);
  const connection = (JSON.parse(res.body) as { data: { connection: { id: string; linkPolicy: string } } }).data.connection;
  await t.database.db.update(ssoConnections).set({ testedAt: new Date(), enabled: true }).where(eq(ssoConnections.id, connection.id));
  return { admin, connection };
}
