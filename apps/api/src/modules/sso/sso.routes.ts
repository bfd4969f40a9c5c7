import { parse as parseQuery } from 'node:querystring';
import { z } from 'zod';
import { envelope, idParams } from '@app/shared/api';
import {
  connectionData,
  createConnectionBody,
  discoverBody,
  discoverData,
  enableConnectionBody,
  exchangeBody,
  exchangeData,
  linkBody,
  linkData,
  logoutData,
  orgSignInData,
  redirectData,
  slugParams,
  ssoOverviewData,
  ssoSettingsBody,
  startBody,
  updateConnectionBody,
} from '@app/shared/sso';
import { and, eq, desc } from 'drizzle-orm';
import { authSessions } from '../../db/schema/security.ts';
import { endAllSessions } from '../auth/index.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ssoIdentities, ssoConnections } from '../../db/schema/sso.ts';
import { actorOf, organisationOf, type App, type RouteAccess } from '../../lib/http.ts';
import { rateLimited } from '../../lib/errors.ts';
import * as limiter from '../../lib/rate-limit.ts';
import { createSecretBox } from './crypto.ts';
import { SsoFailure } from './failure.ts';
import { endSessionUrl, finishOidc, flowOfCallback, startOidc } from './oidc.ts';
import { finishSaml, handleSlo, samlLogoutUrl, samlMetadata, startSaml } from './saml.ts';
import { complete, exchange, link } from './signin.ts';
import * as sso from './sso.service.ts';
import { spKeyRoutes } from './sp-keys.routes.ts';
import { oidcLogoutRoutes } from './oidc-logout.routes.ts';
import { requireOrganisation } from '../auth/index.ts';
import { refreshSoonAfterSignatureFailure } from './metadata-refresh.ts';
import { metadataRefreshRoutes } from './metadata-refresh.routes.ts';

const tags = ['sso'];
const security = [{ bearer: [] }];
const UNIVERSITY_MEMBER = { access: ['university_admin'], member: 'university' } as const satisfies RouteAccess;
const PLATFORM_ADMIN = { access: ['admin'] } as const satisfies RouteAccess;
const connectionParams = z.object({ id: z.string(), connectionId: z.string() });
const SAML_FORM_MAX = 256 * 1024;
const START_MAX_PER_MINUTE = 60;

export async function ssoRoutes(app: App) {
  const box = createSecretBox(app.ctx.config.jwtSecret);
  const deps = () => ({ db: app.ctx.db, config: app.ctx.config, box, tokens: app.ctx.tokens, now: () => app.ctx.clock.now(), cache: app.ctx.cache });

  // The SAML POST binding sends a form; parsed here only (this plugin's routes), size-limited.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: SAML_FORM_MAX }, (_req, body, done) => {
    try {
      done(null, parseQuery(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  // ---- Management: a university's admin for their own organisation, the platform admin for any ----
  const manage = (prefix: string, access: RouteAccess, orgOf: (request: FastifyRequest) => Promise<string>) => {
    const withId = prefix.includes(':id');
    const params = withId ? idParams : undefined;
    const cParams = withId ? connectionParams : z.object({ connectionId: z.string() });
    app.get(
      `${prefix}/sso`,
      { config: access, schema: { tags, security, ...(params ? { params } : {}), response: { 200: envelope(ssoOverviewData) } } },
      async (request) => ({ success: true as const, data: await sso.overview(deps(), await orgOf(request)) }),
    );
    app.put(
      `${prefix}/sso/settings`,
      { config: access, schema: { tags, security, ...(params ? { params } : {}), body: ssoSettingsBody, response: { 200: envelope(ssoOverviewData) } } },
      async (request) => ({
        success: true as const,
        message: 'Single sign-on settings saved',
        data: await sso.saveSettings(deps(), actorOf(request).id, await orgOf(request), request.body),
      }),
    );
    app.post(
      `${prefix}/sso/connections`,
      { config: access, schema: { tags, security, ...(params ? { params } : {}), body: createConnectionBody, response: { 201: envelope(connectionData) } } },
      async (request, reply) => {
        const org = await orgOf(request);
        const connection = await sso.createConnection(deps(), actorOf(request).id, org, request.body);
        return reply.status(201).send({ success: true as const, message: 'Connection added. Run a test sign-in, then enable it.', data: { connection } });
      },
    );
    app.put(
      `${prefix}/sso/connections/:connectionId`,
      { config: access, schema: { tags, security, params: cParams, body: updateConnectionBody, response: { 200: envelope(connectionData) } } },
      async (request) => {
        const org = await orgOf(request);
        const { connectionId } = request.params as { connectionId: string };
        return { success: true as const, data: { connection: await sso.updateConnection(deps(), actorOf(request).id, org, connectionId, request.body) } };
      },
    );
    app.put(
      `${prefix}/sso/connections/:connectionId/enabled`,
      { config: access, schema: { tags, security, params: cParams, body: enableConnectionBody, response: { 200: envelope(connectionData) } } },
      async (request) => {
        const org = await orgOf(request);
        const { connectionId } = request.params as { connectionId: string };
        return {
          success: true as const,
          data: { connection: await sso.setEnabled(deps(), actorOf(request).id, org, connectionId, request.body.enabled) },
        };
      },
    );
    app.delete(
      `${prefix}/sso/connections/:connectionId`,
      { config: access, schema: { tags, security, params: cParams, response: { 200: envelope(z.null()) } } },
      async (request) => {
        const org = await orgOf(request);
        const { connectionId } = request.params as { connectionId: string };
        await sso.deleteConnection(deps(), actorOf(request).id, org, connectionId);
        return { success: true as const, message: 'Connection deleted', data: null };
      },
    );
    app.post(
      `${prefix}/sso/connections/:connectionId/test`,
      { config: access, schema: { tags, security, params: cParams, response: { 200: envelope(redirectData) } } },
      async (request) => {
        const org = await orgOf(request);
        const { connectionId } = request.params as { connectionId: string };
        const connection = await sso.requireConnection(app.ctx.db, org, connectionId);
        const redirectUrl = await begin(connection, { mode: 'test', testerId: actorOf(request).id, next: undefined });
        return { success: true as const, data: { redirectUrl } };
      },
    );
  };
  await metadataRefreshRoutes(app);
  manage('/organisations/me', UNIVERSITY_MEMBER, async (request) => organisationOf(request).id);
  manage('/admin/organisations/:id', PLATFORM_ADMIN, async (request) => {
    const { id } = request.params as { id: string };
    return (await requireOrganisation(app.ctx.db, id)).id;
  });
  await spKeyRoutes(app, box);
  await oidcLogoutRoutes(app, box);

  async function begin(connection: sso.ConnectionRow, flow: { mode: 'signin' | 'test'; testerId?: string; next: string | undefined }) {
    const sp = sso.serviceProvider(app.ctx.config, connection.id);
    try {
      if (connection.protocol === 'oidc') return await startOidc(deps(), connection, { ...flow, redirectUri: sp.redirectUri });
      return await startSaml(deps(), connection, flow);
    } catch (error) {
      const ref = await sso.recordEvent(app.ctx.db, { organisationId: connection.organisationId, connectionId: connection.id }, 'idp', `could not start: ${error instanceof Error ? error.message : 'unknown'}`);
      return errorPage('idp', ref);
    }
  }

  const errorPage = (reason: string, ref: string) => `/sso/error?reason=${encodeURIComponent(reason)}&ref=${encodeURIComponent(ref)}`;

  /** Every callback ends in a redirect: the one-time code in the fragment, or the error page with a reference. */
  async function finish(reply: FastifyReply, connection: sso.ConnectionRow, run: () => Promise<string>) {
    let target: string;
    try {
      target = `/sso/callback#code=${encodeURIComponent(await run())}`;
    } catch (error) {
      const failure = error instanceof SsoFailure ? error : new SsoFailure('other', error instanceof Error ? error.message : 'unknown error');
      if (!(error instanceof SsoFailure)) app.log.error({ err: error }, 'sso callback failed');
      const ref = await sso.recordEvent(app.ctx.db, { organisationId: connection.organisationId, connectionId: connection.id }, failure.reason, failure.detail);
      if (failure.reason === 'signature') await refreshSoonAfterSignatureFailure(app.ctx.db, connection.id, app.ctx.clock.now());
      app.log.warn({ connectionId: connection.id, reason: failure.reason, ref }, 'sso sign-in refused');
      target = errorPage(failure.reason, ref);
    }
    return reply.code(303).header('location', target).header('cache-control', 'no-store').send();
  }

  // ---- Sign-in (public) ----
  app.post(
    '/sso/discover',
    { config: { access: 'public' }, schema: { tags, body: discoverBody, response: { 200: envelope(discoverData) } } },
    async (request) => ({ success: true as const, data: await sso.discover(app.ctx.db, request.body.email) }),
  );
  app.get(
    '/sso/orgs/:slug',
    { config: { access: 'public' }, schema: { tags, params: slugParams, response: { 200: envelope(orgSignInData) } } },
    async (request) => ({ success: true as const, data: await sso.organisationBySlug(app.ctx.db, request.params.slug) }),
  );
  app.post(
    '/sso/start',
    { config: { access: 'public' }, schema: { tags, body: startBody, response: { 200: envelope(redirectData) } } },
    async (request) => {
      const attempt = await limiter.hit(app.ctx.db, `sso-start:${request.ip}`, 60);
      if (attempt.count > START_MAX_PER_MINUTE) throw rateLimited(60);
      const connection = await sso.connectionForSignIn(app.ctx.db, request.body.connectionId, { cache: app.ctx.cache });
      return { success: true as const, data: { redirectUrl: await begin(connection, { mode: 'signin', next: request.body.next }) } };
    },
  );
  app.get(
    '/sso/oidc/callback',
    { config: { access: 'public' }, schema: { tags, querystring: z.record(z.string(), z.string().max(4000)) } },
    async (request, reply) => {
      const url = new URL(sso.serviceProvider(app.ctx.config, '').redirectUri);
      url.search = new URL(request.url, 'http://x').search;
      let started: Awaited<ReturnType<typeof flowOfCallback>>;
      let connection: sso.ConnectionRow;
      try {
        started = await flowOfCallback(deps(), url);
        connection = await sso.connectionForSignIn(app.ctx.db, started.flow.connectionId, { test: true, cache: app.ctx.cache });
      } catch (error) {
        const failure = error instanceof SsoFailure ? error : new SsoFailure('state', 'the connection of this sign-in no longer exists');
        const ref = await sso.recordEvent(app.ctx.db, { organisationId: null, connectionId: null }, failure.reason, failure.detail);
        return reply.code(303).header('location', errorPage(failure.reason, ref)).header('cache-control', 'no-store').send();
      }
      return finish(reply, connection, async () => {
        if (connection.protocol !== 'oidc') throw new SsoFailure('other', 'not an OpenID Connect connection');
        const result = await finishOidc(deps(), connection, url, started.state, started.flow);
        if (result.flow.mode === 'signin' && !connection.enabled) throw new SsoFailure('disabled', 'the connection is not enabled');
        return complete(deps(), connection, result.flow, { issuer: result.issuer, claims: result.claims, idToken: result.idToken, oidcSid: result.sid });
      });
    },
  );
  app.get(
    '/sso/saml/:id/metadata',
    { config: { access: 'public' }, schema: { tags, params: idParams } },
    async (request, reply) => {
      const connection = await sso.connectionForSignIn(app.ctx.db, request.params.id, { test: true, cache: app.ctx.cache });
      if (connection.protocol !== 'saml') return reply.status(404).send({ success: false, message: 'Connection not found', code: 'NOT_FOUND' });
      return reply.type('application/samlmetadata+xml').send(await samlMetadata(deps(), connection));
    },
  );
  app.post(
    '/sso/saml/:id/acs',
    {
      config: { access: 'public' },
      schema: { tags, params: idParams, body: z.object({ SAMLResponse: z.string().max(SAML_FORM_MAX), RelayState: z.string().max(600).optional() }) },
    },
    async (request, reply) => {
      const connection = await sso.connectionForSignIn(app.ctx.db, request.params.id, { test: true, cache: app.ctx.cache });
      return finish(reply, connection, async () => {
        if (connection.protocol !== 'saml') throw new SsoFailure('other', 'not a SAML connection');
        const result = await finishSaml(deps(), connection, request.body.SAMLResponse, request.body.RelayState);
        if (result.flow.mode === 'signin' && !connection.enabled) throw new SsoFailure('disabled', 'the connection is not enabled');
        return complete(deps(), connection, result.flow, { issuer: result.issuer, claims: result.claims, samlSession: result.samlSession });
      });
    },
  );
  app.post(
    '/sso/exchange',
    { config: { access: 'public' }, schema: { tags, body: exchangeBody, response: { 200: envelope(exchangeData) } } },
    async (request) => ({ success: true as const, data: await exchange(deps(), request.body.code, request.actor?.id ?? null) }),
  );
  app.post(
    '/sso/link',
    { config: { access: 'public' }, schema: { tags, body: linkBody, response: { 200: envelope(linkData) } } },
    async (request) => ({
      success: true as const,
      message: 'Your account is now linked to your organisation sign-in',
      data: await link(deps(), request.body.ticket, request.body.password, request.ip),
    }),
  );
  /**
   * Before the web app ends its session: where to send the browser so the IdP session ends too (OIDC
   * RP-initiated logout, SAML SP-initiated Single Logout), or null. Only for a session that came from
   * single sign-on (decision 851): a password session never sends anyone to an IdP.
   */
  app.post(
    '/sso/logout',
    { config: { access: 'authenticated' }, schema: { tags, security, response: { 200: envelope(logoutData) } } },
    async (request) => {
      const actor = actorOf(request);
      const none = { success: true as const, data: { redirectUrl: null } };
      if (!actor.sessionId) return none;
      const [session] = await app.ctx.db.select({ method: authSessions.method }).from(authSessions).where(eq(authSessions.id, actor.sessionId));
      if (session?.method !== 'sso') return none;
      const [last] = await app.ctx.db
        .select({ identity: ssoIdentities, connection: ssoConnections })
        .from(ssoIdentities)
        .innerJoin(ssoConnections, eq(ssoConnections.id, ssoIdentities.connectionId))
        .where(eq(ssoIdentities.userId, actor.id))
        .orderBy(desc(ssoIdentities.lastSignInAt))
        .limit(1);
      let redirectUrl: string | null = null;
      if (last?.connection.enabled) {
        try {
          if (last.connection.protocol === 'oidc') {
            const idToken = last.identity.lastIdTokenEnc ? box.open(last.identity.lastIdTokenEnc) : null;
            redirectUrl = await endSessionUrl(deps(), last.connection, idToken, sso.serviceProvider(app.ctx.config, last.connection.id).postLogoutRedirectUri);
          } else if (last.identity.samlNameId) {
            redirectUrl = await samlLogoutUrl(deps(), last.connection, {
              nameId: last.identity.samlNameId,
              nameIdFormat: last.identity.samlNameIdFormat,
              sessionIndex: last.identity.samlSessionIndex,
            });
          }
        } catch (error) {
          app.log.warn({ err: error, connectionId: last.connection.id }, 'sso logout: no IdP logout');
          redirectUrl = null;
        }
        await app.ctx.db
          .update(ssoIdentities)
          .set({ lastIdTokenEnc: null, samlSessionIndex: null })
          .where(eq(ssoIdentities.id, last.identity.id));
      }
      return { success: true as const, data: { redirectUrl } };
    },
  );

  /**
   * SAML Single Logout endpoint (HTTP-Redirect). A LogoutRequest from the IdP ends every MentorBridge
   * session of the person it names (signed by the IdP, checked), then answers with a LogoutResponse; a
   * LogoutResponse to our request lands on the sign-in page. Failures: the error page with a reference.
   */
  app.get(
    '/sso/saml/:id/slo',
    { config: { access: 'public' }, schema: { tags, params: idParams, querystring: z.record(z.string(), z.string().max(SAML_FORM_MAX)) } },
    async (request, reply) => {
      const connection = await sso.connectionForSignIn(app.ctx.db, request.params.id, { test: true, cache: app.ctx.cache });
      const send = (location: string) => reply.code(303).header('location', location).header('cache-control', 'no-store').send();
      if (connection.protocol !== 'saml') return send(errorPage('other', ''));
      const originalQuery = request.url.split('?')[1] ?? '';
      try {
        const result = await handleSlo(deps(), connection, request.query as Record<string, string>, originalQuery);
        if (result.kind === 'response') return send('/signin');
        const people = await app.ctx.db
          .select({ userId: ssoIdentities.userId })
          .from(ssoIdentities)
          .where(and(eq(ssoIdentities.connectionId, connection.id), eq(ssoIdentities.samlNameId, result.nameId)));
        const now = app.ctx.clock.now();
        for (const p of people) {
          await endAllSessions(app.ctx.db, p.userId, now);
          await app.ctx.db.update(ssoIdentities).set({ samlSessionIndex: null }).where(and(eq(ssoIdentities.userId, p.userId), eq(ssoIdentities.connectionId, connection.id)));
        }
        app.log.info({ connectionId: connection.id, accounts: people.length }, 'sso: IdP logout ended the sessions of the person named');
        return send(await result.respond(true));
      } catch (error) {
        const failure = error instanceof SsoFailure ? error : new SsoFailure('other', error instanceof Error ? error.message : 'unknown error');
        const ref = await sso.recordEvent(app.ctx.db, { organisationId: connection.organisationId, connectionId: connection.id }, failure.reason, failure.detail);
        return send(errorPage(failure.reason, ref));
      }
    },
  );
}
