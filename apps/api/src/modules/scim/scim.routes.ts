import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelope, idParams } from '@app/shared/api';
import { SCIM_ERROR_SCHEMA, SCIM_USER_SCHEMA, scimDocument, scimList, scimListQuery, scimPatchBody, scimUser, scimUserBody } from '@app/shared/scim';
import { scimTokenBody, scimTokenCreated, scimTokensData } from '@app/shared/sso';
import { AppError } from '../../lib/errors.ts';
import { isContractValidationError } from '../../lib/request-validation.ts';
import { actorOf, organisationOf, type App, type RouteAccess } from '../../lib/http.ts';
import * as limiter from '../../lib/rate-limit.ts';
import { requireOrganisation } from '../auth/index.ts';
import * as scim from './scim.service.ts';

const tags = ['scim'];
const security = [{ bearer: [] }];
const UNIVERSITY_MEMBER = { access: ['university_admin'], member: 'university' } as const satisfies RouteAccess;
const PLATFORM_ADMIN = { access: ['admin'] } as const satisfies RouteAccess;
const SCIM_REQUESTS_PER_MINUTE = 600;

const orgOfRequest = new WeakMap<FastifyRequest, string>();
const scimOrg = (request: FastifyRequest) => {
  const org = orgOfRequest.get(request);
  if (!org) throw new scim.ScimError(401, 'Authentication required');
  return org;
};

export async function scimRoutes(app: App) {
  // ---- Token management in the console ----
  const manage = (prefix: string, access: RouteAccess, orgOf: (request: FastifyRequest) => Promise<string>) => {
    const params = prefix.includes(':id') ? { params: idParams } : {};
    const tokenParams = prefix.includes(':id') ? z.object({ id: z.string(), tokenId: z.string() }) : z.object({ tokenId: z.string() });
    app.get(
      `${prefix}/scim-tokens`,
      { config: access, schema: { tags, security, ...params, response: { 200: envelope(scimTokensData) } } },
      async (request) => ({
        success: true as const,
        data: { tokens: await scim.listTokens(app.ctx.db, await orgOf(request)), baseUrl: `${app.ctx.config.publicUrl}/api/scim/v2` },
      }),
    );
    app.post(
      `${prefix}/scim-tokens`,
      { config: access, schema: { tags, security, ...params, body: scimTokenBody, response: { 201: envelope(scimTokenCreated) } } },
      async (request, reply) => {
        const created = await scim.createToken(app.ctx.db, actorOf(request).id, await orgOf(request), request.body.name);
        return reply.status(201).send({
          success: true as const,
          message: 'Copy this token now: it is shown only once',
          data: { ...created, baseUrl: `${app.ctx.config.publicUrl}/api/scim/v2` },
        });
      },
    );
    app.delete(
      `${prefix}/scim-tokens/:tokenId`,
      { config: access, schema: { tags, security, params: tokenParams, response: { 200: envelope(z.null()) } } },
      async (request) => {
        const { tokenId } = request.params as { tokenId: string };
        await scim.revokeToken(app.ctx.db, actorOf(request).id, await orgOf(request), tokenId);
        return { success: true as const, message: 'Token revoked', data: null };
      },
    );
  };
  manage('/organisations/me', UNIVERSITY_MEMBER, async (request) => organisationOf(request).id);
  manage('/admin/organisations/:id', PLATFORM_ADMIN, async (request) => (await requireOrganisation(app.ctx.db, (request.params as { id: string }).id)).id);

  await app.register(scimProtocol, { prefix: '/scim/v2' });
}

/** The SCIM endpoints: their own bearer tokens, media type and error shape. */
async function scimProtocol(app: FastifyInstance) {
  const typed = app as unknown as App;
  const { db, config } = typed.ctx;
  app.addContentTypeParser('application/scim+json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new scim.ScimError(400, 'Malformed JSON body', 'invalidSyntax'), undefined);
    }
  });
  app.addHook('onRequest', async (request) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const organisationId = match?.[1] ? await scim.organisationOfToken(db, match[1]) : null;
    if (!organisationId) throw new scim.ScimError(401, 'A valid SCIM bearer token is required');
    const hit = await limiter.hit(db, `scim:${organisationId}`, 60);
    if (hit.count > SCIM_REQUESTS_PER_MINUTE) throw new scim.ScimError(429, 'Too many requests');
    orgOfRequest.set(request, organisationId);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('application/json')) void reply.header('content-type', 'application/scim+json; charset=utf-8');
    return payload;
  });
  app.setErrorHandler((error, request, reply) => {
    let status = 500;
    let detail = 'Internal error';
    let scimType: string | undefined;
    if (error instanceof scim.ScimError) ({ status, message: detail, scimType } = error);
    else if (isContractValidationError(error)) {
      status = 400;
      detail = error.validation.map((v) => `${v.instancePath.replace(/^\//, '') || 'body'}: ${v.message}`).join('; ');
      scimType = 'invalidValue';
    } else if (error instanceof AppError) ({ status, message: detail } = error);
    else if (typeof (error as { statusCode?: number }).statusCode === 'number' && (error as { statusCode: number }).statusCode < 500) {
      status = (error as { statusCode: number }).statusCode;
      detail = (error as Error).message;
    } else request.log.error({ err: error }, 'scim request failed');
    return reply
      .status(status)
      .type('application/scim+json; charset=utf-8')
      .send(JSON.stringify({ schemas: [SCIM_ERROR_SCHEMA], status: String(status), detail, ...(scimType ? { scimType } : {}) }));
  });

  const access = { access: 'public' } as const; // the SCIM bearer token is checked by this plugin's hook
  const base = `${config.publicUrl}/api/scim/v2`;

  app.get('/ServiceProviderConfig', { config: access, schema: { tags, response: { 200: scimDocument } } }, async () => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: `${config.publicUrl}/docs/sso.md`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: 200 },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [{ type: 'oauthbearertoken', name: 'OAuth Bearer Token', description: 'A token issued in the organisation console', primary: true }],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  }));
  app.get('/ResourceTypes', { config: access, schema: { tags, response: { 200: scimDocument } } }, async () => ({
    schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
    totalResults: 1,
    startIndex: 1,
    itemsPerPage: 1,
    Resources: [
      {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
        id: 'User',
        name: 'User',
        endpoint: '/Users',
        schema: SCIM_USER_SCHEMA,
        meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
      },
    ],
  }));
  app.get('/Schemas', { config: access, schema: { tags, response: { 200: scimDocument } } }, async () => ({
    schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
    totalResults: 1,
    startIndex: 1,
    itemsPerPage: 1,
    Resources: [
      {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
        id: SCIM_USER_SCHEMA,
        name: 'User',
        attributes: [
          attr('userName', { required: true, uniqueness: 'server' }),
          attr('externalId', { caseExact: true }),
          attr('active', { type: 'boolean' }),
          attr('displayName'),
          {
            name: 'name',
            type: 'complex',
            multiValued: false,
            required: false,
            mutability: 'readWrite',
            returned: 'default',
            subAttributes: [attr('givenName'), attr('familyName')],
          },
          {
            name: 'emails',
            type: 'complex',
            multiValued: true,
            required: true,
            mutability: 'readWrite',
            returned: 'default',
            subAttributes: [attr('value'), attr('type'), attr('primary', { type: 'boolean' })],
          },
        ],
        meta: { resourceType: 'Schema', location: `${base}/Schemas/${SCIM_USER_SCHEMA}` },
      },
    ],
  }));

  const userParams = z.object({ id: z.string() });
  app.get('/Users', { config: access, schema: { tags, querystring: scimListQuery, response: { 200: scimList } } }, async (request) =>
    scim.listUsers(db, config, scimOrg(request), request.query as z.infer<typeof scimListQuery>),
  );
  app.post('/Users', { config: access, schema: { tags, body: scimUserBody, response: { 201: scimUser } } }, async (request, reply) => {
    const user = await scim.createUser(db, config, scimOrg(request), request.body as z.infer<typeof scimUserBody>);
    return reply.status(201).header('location', user.meta.location).send(user);
  });
  app.get('/Users/:id', { config: access, schema: { tags, params: userParams, response: { 200: scimUser } } }, async (request) =>
    scim.getUser(db, config, scimOrg(request), (request.params as { id: string }).id),
  );
  app.put('/Users/:id', { config: access, schema: { tags, params: userParams, body: scimUserBody, response: { 200: scimUser } } }, async (request) =>
    scim.replaceUser(db, config, scimOrg(request), (request.params as { id: string }).id, request.body as z.infer<typeof scimUserBody>),
  );
  app.patch('/Users/:id', { config: access, schema: { tags, params: userParams, body: scimPatchBody, response: { 200: scimUser } } }, async (request) =>
    scim.patchUser(db, config, scimOrg(request), (request.params as { id: string }).id, request.body as z.infer<typeof scimPatchBody>),
  );
  app.delete('/Users/:id', { config: access, schema: { tags, params: userParams } }, async (request, reply) => {
    await scim.deleteUser(db, scimOrg(request), (request.params as { id: string }).id);
    return reply.status(204).send();
  });
}

function attr(name: string, over: Record<string, unknown> = {}) {
  return { name, type: 'string', multiValued: false, required: false, caseExact: false, mutability: 'readWrite', returned: 'default', uniqueness: 'none', ...over };
}
