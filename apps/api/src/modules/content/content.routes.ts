import { z } from 'zod';
import { envelope } from '@app/shared/api';
import { contactBody, siteContent } from '@app/shared/content';
import type { App } from '../../lib/http.ts';
import * as limiter from '../../lib/rate-limit.ts';
import { rateLimited } from '../../lib/errors.ts';
import { createContactMessage, getSiteContent } from './content.service.ts';

export async function contentRoutes(app: App) {
  app.get(
    '/content/site',
    { config: { access: 'public' }, schema: { tags: ['content'], response: { 200: envelope(siteContent) } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=60');
      return { success: true as const, data: await getSiteContent(app.ctx.db) };
    },
  );

  app.post(
    '/contact',
    { config: { access: 'public' }, schema: { tags: ['content'], body: contactBody, response: { 201: envelope(z.null()) } } },
    async (request, reply) => {
      const attempt = await limiter.hit(app.ctx.db, `contact:ip:${request.ip}`, 3600);
      if (attempt.count > 10) throw rateLimited(attempt.retryAfterSeconds);
      await createContactMessage(app.ctx.db, request.body);
      return reply.status(201).send({ success: true as const, message: 'Thank you! Your message has been sent.', data: null });
    },
  );
}
