import { z } from 'zod';
import { envelope } from '@app/shared/api';
import { CALENDAR_FEED_MESSAGES, calendarFeedLink, calendarFeedParams, calendarFeedStatus } from '@app/shared/notifications';
import { actorOf, type App } from '../../lib/http.ts';
import { createFeedLink, feedCalendar, feedStatus, revokeFeedLink } from './feed.service.ts';

/** The private calendar subscription (docs/decisions/426): manage the link, and the feed behind it. */
export async function calendarRoutes(app: App) {
  const secured = { security: [{ bearer: [] }] };
  const tags = ['calendar'];

  app.get(
    '/calendar/feed-link',
    { config: { access: 'authenticated' }, schema: { tags, ...secured, response: { 200: envelope(calendarFeedStatus) } } },
    async (request) => ({ success: true as const, data: await feedStatus(app.ctx.db, actorOf(request)) }),
  );

  app.post(
    '/calendar/feed-link',
    { config: { access: 'authenticated' }, schema: { tags, ...secured, response: { 200: envelope(calendarFeedLink) } } },
    async (request) => ({
      success: true as const,
      message: CALENDAR_FEED_MESSAGES.created,
      data: await createFeedLink(app.ctx.db, app.ctx.config, actorOf(request)),
    }),
  );

  app.delete(
    '/calendar/feed-link',
    { config: { access: 'authenticated' }, schema: { tags, ...secured, response: { 200: envelope(z.object({ active: z.literal(false) })) } } },
    async (request) => {
      await revokeFeedLink(app.ctx.db, actorOf(request));
      return { success: true as const, message: CALENDAR_FEED_MESSAGES.revoked, data: { active: false as const } };
    },
  );

  // The feed itself: the unguessable link is the credential (calendar apps send no tokens).
  app.get(
    '/calendar/feed/:file',
    { config: { access: 'public' }, schema: { tags, params: calendarFeedParams, produces: ['text/calendar'] } },
    async (request, reply) => {
      const ics = await feedCalendar(app.ctx.db, app.ctx.config, request.params.file);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="mentorbridge.ics"')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=300')
        .header('referrer-policy', 'no-referrer')
        .send(ics);
    },
  );
}
