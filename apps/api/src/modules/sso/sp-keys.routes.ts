import { z } from 'zod';
import { envelope, idParams } from '@app/shared/api';
import { spKeyRolloverBody, spKeysData } from '@app/shared/sso-keys';
import type { FastifyRequest } from 'fastify';
import { actorOf, organisationOf, type App, type RouteAccess } from '../../lib/http.ts';
import { badRequest } from '../../lib/errors.ts';
import { requireOrganisation } from '../auth/index.ts';
import type { SecretBox } from './crypto.ts';
import { listSpKeys, rolloverSpKey } from './sp-keys.ts';
import { requireConnection } from './sso.service.ts';

const tags = ['sso'];
const security = [{ bearer: [] }];
const UNIVERSITY_MEMBER = { access: ['university_admin'], member: 'university' } as const satisfies RouteAccess;
const PLATFORM_ADMIN = { access: ['admin'] } as const satisfies RouteAccess;

/**
 * A SAML connection's signing keys (decision 910): the certificates (the active one, a next one during a
 * rollover, retired ones) and the rollover steps. The organisation's admin for their own organisation,
 * the platform admin for any.
 */
export async function spKeyRoutes(app: App, box: SecretBox) {
  const deps = () => ({ db: app.ctx.db, box, now: () => app.ctx.clock.now() });
  const samlConnection = async (organisationId: string, connectionId: string) => {
    const connection = await requireConnection(app.ctx.db, organisationId, connectionId);
    if (connection.protocol !== 'saml') throw badRequest('This is an OpenID Connect connection: it has no SAML signing keys');
    return connection;
  };
  const routes = (prefix: string, access: RouteAccess, orgOf: (request: FastifyRequest) => Promise<string>) => {
    const params = prefix.includes(':id') ? idParams.extend({ connectionId: z.string() }) : z.object({ connectionId: z.string() });
    app.get(
      `${prefix}/sso/connections/:connectionId/sp-keys`,
      { config: access, schema: { tags, security, params, response: { 200: envelope(spKeysData) } } },
      async (request) => {
        const { connectionId } = request.params as { connectionId: string };
        const connection = await samlConnection(await orgOf(request), connectionId);
        return { success: true as const, data: { keys: await listSpKeys(deps(), connection.id) } };
      },
    );
    app.post(
      `${prefix}/sso/connections/:connectionId/sp-keys`,
      { config: access, schema: { tags, security, params, body: spKeyRolloverBody, response: { 200: envelope(spKeysData) } } },
      async (request) => {
        const { connectionId } = request.params as { connectionId: string };
        const connection = await samlConnection(await orgOf(request), connectionId);
        const keys = await rolloverSpKey(deps(), actorOf(request).id, connection.id, request.body.step);
        const message = { prepare: 'New signing key published in the metadata', activate: 'The new signing key now signs', cancel: 'The waiting signing key was removed' }[request.body.step];
        return { success: true as const, message, data: { keys } };
      },
    );
  };
  routes('/organisations/me', UNIVERSITY_MEMBER, async (request) => organisationOf(request).id);
  routes('/admin/organisations/:id', PLATFORM_ADMIN, async (request) => {
    const { id } = request.params as { id: string };
    return (await requireOrganisation(app.ctx.db, id)).id;
  });
}
