import { envelope, idParams } from '@app/shared/api';
import {
  PROGRAMME_MESSAGES,
  inviteBody,
  inviteData,
  myProgrammesData,
  pairBody,
  participationBody,
  participationData,
  programmeBody,
  programmeData,
  programmeDetail,
  programmesData,
  swapBody,
} from '@app/shared/programmes';
import { actorOf, type App } from '../../lib/http.ts';
import * as svc from './programmes.service.ts';

const secured = { tags: ['programmes'], security: [{ bearer: [] }] };
const admin = { access: ['admin'] as const };

export async function programmesRoutes(app: App) {
  const db = () => app.ctx.db;

  app.get('/admin/programmes', { config: admin, schema: { ...secured, response: { 200: envelope(programmesData) } } }, async () => ({
    success: true as const,
    data: await svc.listProgrammes(db()),
  }));

  app.post(
    '/admin/programmes',
    { config: admin, schema: { ...secured, body: programmeBody, response: { 201: envelope(programmeData) } } },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        message: PROGRAMME_MESSAGES.created,
        data: await svc.createProgramme(db(), actorOf(request), request.body),
      }),
  );

  app.get(
    '/admin/programmes/:id',
    { config: admin, schema: { ...secured, params: idParams, response: { 200: envelope(programmeDetail) } } },
    async (request) => ({ success: true as const, data: await svc.programmeDetail(db(), request.params.id) }),
  );

  app.post(
    '/admin/programmes/:id/invitations',
    { config: admin, schema: { ...secured, params: idParams, body: inviteBody, response: { 200: envelope(inviteData) } } },
    async (request) => {
      const data = await svc.invite(db(), request.params.id, request.body);
      // The invitation fan-out job was queued in the same transaction: run it now rather than at the next poll.
      app.ctx.jobs.kick();
      return { success: true as const, message: PROGRAMME_MESSAGES.invited, data };
    },
  );

  app.post(
    '/admin/programmes/:id/match',
    { config: admin, schema: { ...secured, params: idParams, response: { 200: envelope(programmeDetail) } } },
    async (request) => ({ success: true as const, message: PROGRAMME_MESSAGES.matched, data: await svc.runMatching(db(), request.params.id) }),
  );

  app.put(
    '/admin/programmes/:id/pairs',
    { config: admin, schema: { ...secured, params: idParams, body: pairBody, response: { 200: envelope(programmeDetail) } } },
    async (request) => ({
      success: true as const,
      message: PROGRAMME_MESSAGES.pairSaved,
      data: await svc.setPair(db(), request.params.id, request.body),
    }),
  );

  app.post(
    '/admin/programmes/:id/swap',
    { config: admin, schema: { ...secured, params: idParams, body: swapBody, response: { 200: envelope(programmeDetail) } } },
    async (request) => ({
      success: true as const,
      message: PROGRAMME_MESSAGES.swapped,
      data: await svc.swapPairs(db(), request.params.id, request.body.pairA, request.body.pairB),
    }),
  );

  app.post(
    '/admin/programmes/:id/publish',
    { config: admin, schema: { ...secured, params: idParams, response: { 200: envelope(programmeDetail) } } },
    async (request) => ({ success: true as const, message: PROGRAMME_MESSAGES.published, data: await svc.publish(db(), request.params.id) }),
  );

  app.get(
    '/programmes/mine',
    { config: { access: ['student', 'professional'] }, schema: { ...secured, response: { 200: envelope(myProgrammesData) } } },
    async (request) => ({ success: true as const, data: await svc.myProgrammes(db(), actorOf(request)) }),
  );

  app.put(
    '/programmes/:id/participation',
    {
      config: { access: ['student', 'professional'] },
      schema: { ...secured, params: idParams, body: participationBody, response: { 200: envelope(participationData) } },
    },
    async (request) => ({
      success: true as const,
      message: PROGRAMME_MESSAGES.participationSaved,
      data: await svc.answer(db(), actorOf(request), request.params.id, request.body),
    }),
  );
}
