import { z } from 'zod';
import { envelope } from '@app/shared/api';
import { adminApplicationsData, adminApplicationsQuery, applicationData, reviewApplicationBody } from '@app/shared/rd-projects';
import { actorOf, type App } from '../../lib/http.ts';
import * as service from './applications-admin.service.ts';
import { sendDocument } from './documents.ts';

const ADMIN = { access: ['admin'] as const };
const TAGS = ['rd-projects (admin)'];

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
    async (request) => {
      const { config } = app.ctx;
      const application = await service.reviewApplication(
        app.ctx.db,
        { meetingBaseUrl: config.meetingBaseUrl, publicUrl: config.publicUrl, mailFrom: config.mailFrom },
        actorOf(request),
        request.params.id,
        request.params.applicationId,
        request.body,
      );
      app.ctx.jobs.kick();
      return { success: true as const, message: `Application ${application.status} successfully!`, data: { application } };
    },
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
