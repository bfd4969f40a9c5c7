import { z } from 'zod';
import { envelope, idParams } from '@app/shared/api';
import {
  MENTORING_MESSAGES,
  availabilityData,
  availabilityQuery,
  availabilityRuleBody,
  ruleData,
  rulesData,
} from '@app/shared/mentoring';
import { actorOf, type App } from '../../lib/http.ts';
import * as availability from './availability.service.ts';

const own = { access: ['professional'] as const, allowPendingExpert: true }; // nobody sees it before verification
const secured = { tags: ['mentoring'], security: [{ bearer: [] }] };

export async function availabilityRoutes(app: App) {
  app.get(
    '/professionals/availability',
    { config: own, schema: { ...secured, response: { 200: envelope(rulesData) } } },
    async (request) => ({ success: true as const, data: { rules: await availability.listRules(app.ctx.db, actorOf(request)) } }),
  );

  app.post(
    '/professionals/availability',
    { config: own, schema: { ...secured, body: availabilityRuleBody, response: { 201: envelope(ruleData) } } },
    async (request, reply) => {
      const saved = await availability.createRule(app.ctx.db, actorOf(request), request.body);
      return reply.status(201).send({ success: true as const, message: MENTORING_MESSAGES.ruleCreated, data: saved });
    },
  );

  app.put(
    '/professionals/availability/:id',
    { config: own, schema: { ...secured, params: idParams, body: availabilityRuleBody, response: { 200: envelope(ruleData) } } },
    async (request) => ({
      success: true as const,
      message: MENTORING_MESSAGES.ruleUpdated,
      data: await availability.updateRule(app.ctx.db, actorOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/professionals/availability/:id',
    { config: own, schema: { ...secured, params: idParams, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await availability.deleteRule(app.ctx.db, actorOf(request), request.params.id);
      return { success: true as const, message: MENTORING_MESSAGES.ruleDeleted, data: null };
    },
  );

  // Any signed-in user (decision 150): a student picking a slot, or a professional checking their page.
  app.get(
    '/professionals/:id/availability',
    {
      config: { access: 'authenticated' },
      schema: { ...secured, params: idParams, querystring: availabilityQuery, response: { 200: envelope(availabilityData) } },
    },
    async (request) => ({
      success: true as const,
      data: await availability.publicAvailability(app.ctx.db, request.params.id, request.query),
    }),
  );
}
