import { envelope, idParams } from '@app/shared/api';
import { adminIdeaData, adminIdeaListData, adminIdeaQuery, ideaReviewBody } from '@app/shared/admin';
import { actorOf, type App } from '../../lib/http.ts';
import { listIdeasForAdmin, reviewIdea } from './ideas-admin.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

export async function ideasAdminRoutes(app: App) {
  app.get(
    '/ideas/admin/all',
    {
      config: { access: ['admin'] },
      schema: { tags, security, querystring: adminIdeaQuery, response: { 200: envelope(adminIdeaListData) } },
    },
    async (request) => ({ success: true as const, data: await listIdeasForAdmin(app.ctx.db, actorOf(request), request.query) }),
  );

  app.put(
    '/ideas/admin/:id/review',
    {
      config: { access: ['admin'] },
      schema: { tags, security, params: idParams, body: ideaReviewBody, response: { 200: envelope(adminIdeaData) } },
    },
    async (request) => {
      const idea = await reviewIdea(app.ctx.db, actorOf(request), request.params.id, request.body);
      app.ctx.jobs.kick();
      return { success: true as const, message: `Idea ${idea.status} successfully!`, data: { idea } };
    },
  );
}
