import { z } from 'zod';
import { envelope, idParams } from '@app/shared/api';
import type { App } from '../../lib/http.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { SecretBox } from './crypto.ts';
import { LogoutRefused, endOidcSessions, frontChannelClaims, verifyLogoutToken } from './oidc-logout.ts';
import * as sso from './sso.service.ts';

const tags = ['sso'];

/**
 * Logout started by the OpenID Connect provider (decision 912), one pair of URLs per connection (shown
 * on the connection as "Back-channel logout URI" and "Front-channel logout URI"):
 *  - POST …/backchannel-logout: the IdP's server sends `logout_token`; 200 when the sessions it names
 *    have ended (none open is success too), 400 with the reason when the token is refused.
 *  - GET …/frontchannel-logout?iss=…&sid=…: the IdP's logout page loads it in a hidden iframe. The
 *    sessions end when the request arrives; the page itself is never framed (the product's framing
 *    policy stays 'none': the browser refuses to show it, which the IdP does not need).
 * Refusals are logged for the organisation's admins (Refused sign-ins) with the reason.
 */
export async function oidcLogoutRoutes(app: App, box: SecretBox) {
  const deps = () => ({ db: app.ctx.db, config: app.ctx.config, box, now: () => app.ctx.clock.now() });

  async function oidcConnection(id: string) {
    const connection = await sso.connectionForSignIn(app.ctx.db, id, { test: true, cache: app.ctx.cache });
    if (connection.protocol !== 'oidc') throw notFound('Connection');
    return connection;
  }
  async function refuse(connection: sso.ConnectionRow, channel: string, error: unknown): Promise<never> {
    if (!(error instanceof LogoutRefused)) throw error;
    const ref = await sso.recordEvent(app.ctx.db, { organisationId: connection.organisationId, connectionId: connection.id }, 'logout', `${channel} logout: ${error.message}`);
    app.log.warn({ connectionId: connection.id, ref, reason: error.message }, `sso: ${channel} logout refused`);
    throw badRequest(`Logout refused: ${error.message}`);
  }

  app.post(
    '/sso/oidc/:id/backchannel-logout',
    {
      config: { access: 'public' },
      schema: { tags, params: idParams, body: z.object({ logout_token: z.string().min(1).max(16_000) }), response: { 200: envelope(z.object({ ended: z.number() })) } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const connection = await oidcConnection(request.params.id);
      let ended: number;
      try {
        const claims = await verifyLogoutToken(deps(), connection, request.body.logout_token);
        ended = await endOidcSessions(app.ctx.db, connection, claims, app.ctx.clock.now());
      } catch (error) {
        return refuse(connection, 'back-channel', error);
      }
      app.log.info({ connectionId: connection.id, ended }, 'sso: back-channel logout ended the sessions named');
      return { success: true as const, data: { ended } };
    },
  );

  app.get(
    '/sso/oidc/:id/frontchannel-logout',
    {
      config: { access: 'public' },
      schema: { tags, params: idParams, querystring: z.object({ iss: z.string().max(2000).optional(), sid: z.string().max(2000).optional() }) },
    },
    async (request, reply) => {
      const connection = await oidcConnection(request.params.id);
      let ended: number;
      try {
        const claims = await frontChannelClaims(deps(), connection, request.query);
        ended = await endOidcSessions(app.ctx.db, connection, claims, app.ctx.clock.now());
      } catch (error) {
        return refuse(connection, 'front-channel', error);
      }
      app.log.info({ connectionId: connection.id, ended }, 'sso: front-channel logout ended the sessions named');
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signed out</title></head><body>Signed out of MentorBridge.</body></html>');
    },
  );
}
