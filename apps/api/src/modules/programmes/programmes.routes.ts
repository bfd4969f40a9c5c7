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
import type { FastifyReply, FastifyRequest } from 'fastify';
import { actorOf, organisationOf, type App, type RouteAccess } from '../../lib/http.ts';
import { callerVoice } from '../../lib/recipient-locale.ts';
import * as svc from './programmes.service.ts';
import type { ProgrammeScope } from './programmes.service.ts';

const secured = { tags: ['programmes'], security: [{ bearer: [] }] };

/**
 * The organiser routes, declared twice: for the platform admins under /admin/programmes (every
 * programme) and for a university's admins under /organisations/me/programmes (their university's
 * programmes and students only, decision 622). Same handlers, different scope.
 */
const ORGANISERS: Array<{ prefix: string; config: RouteAccess; scope: (r: FastifyRequest) => ProgrammeScope }> = [
  { prefix: '/admin/programmes', config: { access: ['admin'] }, scope: (_r: FastifyRequest): ProgrammeScope => svc.PLATFORM },
  {
    prefix: '/organisations/me/programmes',
    config: { access: ['university_admin'], member: 'university' },
    scope: (r: FastifyRequest): ProgrammeScope => ({ organisationId: organisationOf(r).id, outsideInvitesPerDay: r.server.ctx.config.orgOutsideInvitesPerDay }),
  },
];

export async function programmesRoutes(app: App) {
  const db = () => app.ctx.db;
  /** A programme's detail answered in the caller's language: the pairs' reasons worded for them (decision 1280). */
  const inCallerLanguage = async (request: FastifyRequest, reply: FastifyReply, pending: Promise<svc.ProgrammeDetailStored>) => {
    const detail = await pending;
    return svc.inReaderLanguage(await callerVoice(db(), request, reply), detail);
  };

  for (const { prefix, config, scope } of ORGANISERS) {
    app.get(prefix, { config, schema: { ...secured, response: { 200: envelope(programmesData) } } }, async (request) => ({
      success: true as const,
      data: await svc.listProgrammes(db(), scope(request)),
    }));

    app.post(prefix, { config, schema: { ...secured, body: programmeBody, response: { 201: envelope(programmeData) } } }, async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        message: PROGRAMME_MESSAGES.created,
        data: await svc.createProgramme(db(), actorOf(request), request.body, scope(request)),
      }),
    );

    app.get(`${prefix}/:id`, { config, schema: { ...secured, params: idParams, response: { 200: envelope(programmeDetail) } } }, async (request, reply) => ({
      success: true as const,
      data: await inCallerLanguage(request, reply, svc.programmeDetail(db(), request.params.id, scope(request))),
    }));

    app.post(
      `${prefix}/:id/invitations`,
      { config, schema: { ...secured, params: idParams, body: inviteBody, response: { 200: envelope(inviteData) } } },
      async (request) => {
        const data = await svc.invite(db(), request.params.id, request.body, scope(request));
        // The invitation fan-out job was queued in the same transaction: run it now rather than at the next poll.
        app.ctx.jobs.kick();
        return { success: true as const, message: PROGRAMME_MESSAGES.invited, data };
      },
    );

    app.post(`${prefix}/:id/match`, { config, schema: { ...secured, params: idParams, response: { 200: envelope(programmeDetail) } } }, async (request, reply) => ({
      success: true as const,
      message: PROGRAMME_MESSAGES.matched,
      data: await inCallerLanguage(request, reply, svc.runMatching(db(), request.params.id, scope(request))),
    }));

    app.put(
      `${prefix}/:id/pairs`,
      { config, schema: { ...secured, params: idParams, body: pairBody, response: { 200: envelope(programmeDetail) } } },
      async (request, reply) => ({
        success: true as const,
        message: PROGRAMME_MESSAGES.pairSaved,
        data: await inCallerLanguage(request, reply, svc.setPair(db(), request.params.id, request.body, scope(request))),
      }),
    );

    app.post(
      `${prefix}/:id/swap`,
      { config, schema: { ...secured, params: idParams, body: swapBody, response: { 200: envelope(programmeDetail) } } },
      async (request, reply) => ({
        success: true as const,
        message: PROGRAMME_MESSAGES.swapped,
        data: await inCallerLanguage(request, reply, svc.swapPairs(db(), request.params.id, request.body.pairA, request.body.pairB, scope(request))),
      }),
    );

    app.post(`${prefix}/:id/publish`, { config, schema: { ...secured, params: idParams, response: { 200: envelope(programmeDetail) } } }, async (request, reply) => ({
      success: true as const,
      message: PROGRAMME_MESSAGES.published,
      data: await inCallerLanguage(request, reply, svc.publish(db(), request.params.id, scope(request), app.ctx.clock.now())),
    }));
  }

  app.get(
    '/programmes/mine',
    { config: { access: ['student', 'professional'], allowPendingExpert: true }, schema: { ...secured, response: { 200: envelope(myProgrammesData) } } },
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
