import { envelope, idParams } from '@app/shared/api';
import { SECURITY_MESSAGES, endOthersData, sessionsData } from '@app/shared/security';
import { z } from 'zod';
import { actorOf, type App } from '../../lib/http.ts';
import * as sessions from './sessions.service.ts';

const secured = { tags: ['auth'], security: [{ bearer: [] }] };

export async function sessionsRoutes(app: App) {
  app.get(
    '/auth/sessions',
    { config: { access: 'authenticated', allowMfaEnrolment: true }, schema: { ...secured, response: { 200: envelope(sessionsData) } } },
    async (request) => {
      const actor = actorOf(request);
      return { success: true as const, data: { sessions: await sessions.listSessions(app.ctx.db, actor.id, actor.sessionId, app.ctx.clock.now()) } };
    },
  );

  app.delete(
    '/auth/sessions/:id',
    { config: { access: 'authenticated', allowMfaEnrolment: true, allowTemporaryPassword: true }, schema: { ...secured, params: idParams, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await sessions.endSession(app.ctx.db, actorOf(request).id, request.params.id, app.ctx.clock.now());
      return { success: true as const, message: SECURITY_MESSAGES.sessionEnded, data: null };
    },
  );

  app.post(
    '/auth/sessions/end-others',
    { config: { access: 'authenticated', allowMfaEnrolment: true }, schema: { ...secured, response: { 200: envelope(endOthersData) } } },
    async (request) => {
      const actor = actorOf(request);
      const ended = await sessions.endOtherSessions(app.ctx.db, actor.id, actor.sessionId, app.ctx.clock.now());
      return { success: true as const, message: SECURITY_MESSAGES.othersEnded, data: { ended } };
    },
  );

  // Sign out: the token's own session ends on the server too (a copied token stops working).
  app.post(
    '/auth/logout',
    { config: { access: 'authenticated', allowMfaEnrolment: true, allowTemporaryPassword: true }, schema: { ...secured, response: { 200: envelope(z.null()) } } },
    async (request) => {
      const actor = actorOf(request);
      if (actor.sessionId) await sessions.endSession(app.ctx.db, actor.id, actor.sessionId, app.ctx.clock.now());
      return { success: true as const, message: 'Signed out.', data: null };
    },
  );
}
