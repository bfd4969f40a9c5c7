import { z } from 'zod';
import { envelope } from '@app/shared/api';
import { adminApplicationsData, adminApplicationsQuery, applicationData, reviewApplicationBody, type ReviewApplicationBody } from '@app/shared/rd-projects';
import { actorOf, type Actor, type App } from '../../lib/http.ts';
import * as service from './applications-admin.service.ts';
import { sendDocument } from './documents.ts';

const ADMIN = { access: ['admin'] as const };
const TAGS = ['rd-projects (admin)'];

/**
 * Review an application and answer as both reviewing routes do (the administrator's, and the owning
 * company's in the organisations module): the e-mails and invitation go out with the job runner.
 */
export async function reviewAnswer(app: App, actor: Actor, params: { id: string; applicationId: string }, body: ReviewApplicationBody) {
  const { config } = app.ctx;
  const deps = { meetingBaseUrl: config.meetingBaseUrl, publicUrl: config.publicUrl, mailFrom: config.mailFrom };
  const application = await service.reviewApplication(app.ctx.db, deps, actor, params.id, params.applicationId, body);
  app.ctx.jobs.kick();
  return { success: true as const, message: `Application ${application.status} successfully!`, data: { application } };
}

/** Applications management of a project (spec 001 §2 "Applications management modal", §4, §5). */
export async function rdApplicationsAdminRoutes(app: App) {
  app.get(
    '/admin/rd-projects/:id/applications',
    {
      config: ADMIN,
      schema: { tags: TAGS, security: [{ bearer: [] }], params: z.object({ id: z.string() }), querystring: adminApplicationsQuery, response: { 200: envelope(adminApplicationsData) } },
    },
    async (request) => ({ success: true as const, data: await service.listApplications(app.ctx.db, request.params.id, request.query) }),
  );

  app.put(
    '/admin/rd-projects/:id/applications/:applicationId',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        security: [{ bearer: [] }],
        params: z.object({ id: z.string(), applicationId: z.string() }),
        body: reviewApplicationBody,
        response: { 200: envelope(applicationData) },
      },
    },
    async (request) => reviewAnswer(app, actorOf(request), request.params, request.body),
  );

  app.get(
    '/admin/rd-projects/:id/applications/:applicationId/documents/:documentId',
    {
      config: ADMIN,
      schema: { tags: TAGS, security: [{ bearer: [] }], params: z.object({ id: z.string(), applicationId: z.string(), documentId: z.string() }) },
    },
    async (request, reply) => {
      const { id, applicationId, documentId } = request.params;
      const doc = await service.adminDocument(app.ctx.db, id, applicationId, documentId);
      return sendDocument(reply, app.ctx.storage, doc);
    },
  );
}
