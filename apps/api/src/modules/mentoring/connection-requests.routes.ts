import { envelope, idParams } from '@app/shared/api';
import {
  MENTORING_MESSAGES,
  connectBody,
  connectData,
  requestsData,
  respondBody,
  respondData,
  studentRequestData,
  studentRequestsData,
} from '@app/shared/mentoring';
import { actorOf, type App } from '../../lib/http.ts';
import * as requests from './connection-requests.service.ts';

const secured = { tags: ['mentoring'], security: [{ bearer: [] }] };

export async function connectionRequestRoutes(app: App) {
  const deps = () => ({ db: app.ctx.db, config: app.ctx.config });

  app.post(
    '/professionals/:id/connect',
    {
      config: { access: ['student'] },
      schema: { ...secured, params: idParams, body: connectBody, response: { 201: envelope(connectData) } },
    },
    async (request, reply) => {
      const data = await requests.connect(app.ctx.db, actorOf(request), request.params.id, request.body);
      app.ctx.jobs.kick();
      return reply.status(201).send({ success: true as const, message: MENTORING_MESSAGES.connectSent, data });
    },
  );

  app.get(
    '/professionals/connection-requests',
    { config: { access: ['professional'], allowPendingExpert: true }, schema: { ...secured, response: { 200: envelope(requestsData) } } },
    async (request) => ({
      success: true as const,
      data: { requests: await requests.listRequests(app.ctx.db, actorOf(request)) },
    }),
  );

  app.post(
    '/professionals/connection-requests/:id/respond',
    {
      config: { access: ['professional'] },
      schema: { ...secured, params: idParams, body: respondBody, response: { 200: envelope(respondData) } },
    },
    async (request) => {
      const data = await requests.respond(deps(), actorOf(request), request.params.id, request.body);
      app.ctx.jobs.kick();
      return {
        success: true as const,
        message: request.body.status === 'accepted' ? MENTORING_MESSAGES.accepted : MENTORING_MESSAGES.declined,
        data,
      };
    },
  );

  app.get(
    '/connection-requests/my',
    { config: { access: ['student'] }, schema: { ...secured, response: { 200: envelope(studentRequestsData) } } },
    async (request) => ({
      success: true as const,
      data: { requests: await requests.listMyRequests(app.ctx.db, actorOf(request)) },
    }),
  );

  app.post(
    '/connection-requests/:id/withdraw',
    {
      config: { access: ['student'] },
      schema: { ...secured, params: idParams, response: { 200: envelope(studentRequestData) } },
    },
    async (request) => {
      const withdrawn = await requests.withdrawRequest(app.ctx.db, actorOf(request), request.params.id, app.ctx.clock.now());
      app.ctx.jobs.kick();
      return { success: true as const, message: MENTORING_MESSAGES.requestWithdrawn, data: { request: withdrawn } };
    },
  );
}
