import { z } from 'zod';
import { envelope } from '@app/shared/api';
import { conversationData, messageBody, messageData } from '@app/shared/mentoring';
import { actorOf, type App } from '../../lib/http.ts';
import * as messages from './messages.service.ts';

const secured = { tags: ['mentoring'], security: [{ bearer: [] }] };
const params = z.object({ otherUserId: z.string() });
const participants = { access: ['student', 'professional'] as const };

export async function messageRoutes(app: App) {
  app.get(
    '/conversations/:otherUserId/messages',
    { config: participants, schema: { ...secured, params, response: { 200: envelope(conversationData) } } },
    async (request) => ({
      success: true as const,
      data: await messages.listMessages(app.ctx.db, actorOf(request), request.params.otherUserId),
    }),
  );

  app.post(
    '/conversations/:otherUserId/messages',
    { config: participants, schema: { ...secured, params, body: messageBody, response: { 201: envelope(messageData) } } },
    async (request, reply) => {
      const message = await messages.sendMessage(app.ctx.db, actorOf(request), request.params.otherUserId, request.body.body);
      return reply.status(201).send({ success: true as const, message: 'Message sent', data: { message } });
    },
  );
}
