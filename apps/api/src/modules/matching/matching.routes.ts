import { envelope } from '@app/shared/api';
import {
  INVITE_MESSAGES,
  MATCHING_MESSAGES,
  inviteStudentBody,
  inviteStudentData,
  menteeSuggestionsData,
  dismissBody,
  dismissData,
  mentorCapacityBody,
  mentorCapacityData,
  recommendationsData,
  recommendationsQuery,
} from '@app/shared/matching';
import { actorOf, type App } from '../../lib/http.ts';
import { callerVoice } from '../../lib/recipient-locale.ts';
import * as matching from './matching.service.ts';
import { recommend } from './recommendations.service.ts';

const secured = { tags: ['matching'], security: [{ bearer: [] }] };

export async function matchingRoutes(app: App) {
  app.get(
    '/matching/recommendations',
    {
      config: { access: ['student'] },
      schema: { ...secured, querystring: recommendationsQuery, response: { 200: envelope(recommendationsData) } },
    },
    async (request, reply) => {
      const voice = await callerVoice(app.ctx.db, request, reply);
      return { success: true as const, data: await recommend(app.ctx.db, actorOf(request), request.query.kind, request.query.limit, voice, new Date(), app.ctx.cache) };
    },
  );

  app.post(
    '/matching/dismissals',
    { config: { access: ['student'] }, schema: { ...secured, body: dismissBody, response: { 201: envelope(dismissData) } } },
    async (request, reply) => {
      const data = await matching.dismiss(app.ctx.db, actorOf(request), request.body);
      return reply.status(201).send({ success: true as const, message: MATCHING_MESSAGES.dismissed, data });
    },
  );

  app.delete(
    '/matching/dismissals',
    { config: { access: ['student'] }, schema: { ...secured, body: dismissBody, response: { 200: envelope(dismissData) } } },
    async (request) => ({
      success: true as const,
      message: MATCHING_MESSAGES.restored,
      data: await matching.undismiss(app.ctx.db, actorOf(request), request.body),
    }),
  );

  app.get(
    '/matching/capacity',
    { config: { access: ['professional'], allowPendingExpert: true }, schema: { ...secured, response: { 200: envelope(mentorCapacityData) } } },
    async (request) => ({ success: true as const, data: await matching.getCapacity(app.ctx.db, actorOf(request)) }),
  );

  app.put(
    '/matching/capacity',
    {
      config: { access: ['professional'], allowPendingExpert: true },
      schema: { ...secured, body: mentorCapacityBody, response: { 200: envelope(mentorCapacityData) } },
    },
    async (request) => ({
      success: true as const,
      message: MATCHING_MESSAGES.capacitySaved,
      data: await matching.setCapacity(app.ctx.db, actorOf(request), request.body.maxMentees),
    }),
  );

  app.get(
    '/matching/mentee-suggestions',
    { config: { access: ['professional'] }, schema: { ...secured, response: { 200: envelope(menteeSuggestionsData) } } },
    async (request, reply) => {
      const voice = await callerVoice(app.ctx.db, request, reply);
      return { success: true as const, data: { students: await matching.menteeSuggestions(app.ctx.db, actorOf(request), voice) } };
    },
  );

  app.post(
    '/matching/invitations',
    {
      config: { access: ['professional'] },
      schema: { ...secured, body: inviteStudentBody, response: { 201: envelope(inviteStudentData) } },
    },
    async (request, reply) => {
      const data = await matching.inviteStudent(app.ctx.db, actorOf(request), request.body.studentId);
      app.ctx.jobs.kick();
      return reply.status(201).send({ success: true as const, message: INVITE_MESSAGES.sent, data });
    },
  );
}
