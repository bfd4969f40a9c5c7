import { z } from 'zod';
import { envelope } from '@app/shared/api';
import { RD_MESSAGES, studentApplicationData, studentApplicationsData } from '@app/shared/rd-projects';
import { actorOf, type App } from '../../lib/http.ts';
import * as service from './applications-student.service.ts';
import { contentDisposition, readApplicationForm, sendDocument } from './documents.ts';

const STUDENT = { access: ['student'] as const };
const TAGS = ['rd-projects'];

/** Applying, the student's applications, withdrawal, own documents and interview invitations. */
export async function rdApplicationsStudentRoutes(app: App) {
  app.post(
    '/rd-projects/:id/apply',
    {
      config: STUDENT,
      schema: { tags: TAGS, security: [{ bearer: [] }], consumes: ['multipart/form-data'], params: z.object({ id: z.string() }), response: { 201: envelope(studentApplicationData) } },
    },
    async (request, reply) => {
      const form = await readApplicationForm(request);
      const application = await service.apply(app.ctx.db, app.ctx.storage, actorOf(request), request.params.id, form);
      return reply.status(201).send({ success: true as const, message: RD_MESSAGES.submitted, data: { application } });
    },
  );

  app.get(
    '/rd-projects/my/applications',
    { config: STUDENT, schema: { tags: TAGS, security: [{ bearer: [] }], response: { 200: envelope(studentApplicationsData) } } },
    async (request) => ({ success: true as const, data: { applications: await service.myApplications(app.ctx.db, actorOf(request)) } }),
  );

  app.post(
    '/rd-projects/my/applications/:id/withdraw',
    { config: STUDENT, schema: { tags: TAGS, security: [{ bearer: [] }], params: z.object({ id: z.string() }), response: { 200: envelope(studentApplicationData) } } },
    async (request) => ({
      success: true as const,
      message: RD_MESSAGES.withdrawn,
      data: { application: await service.withdraw(app.ctx.db, actorOf(request), request.params.id) },
    }),
  );

  app.get(
    '/rd-projects/my/applications/:id/documents/:documentId',
    { config: STUDENT, schema: { tags: TAGS, security: [{ bearer: [] }], params: z.object({ id: z.string(), documentId: z.string() }) } },
    async (request, reply) => {
      const doc = await service.myDocument(app.ctx.db, actorOf(request), request.params.id, request.params.documentId);
      return sendDocument(reply, app.ctx.storage, doc);
    },
  );

  app.get(
    '/rd-projects/my/applications/:id/interview.ics',
    { config: STUDENT, schema: { tags: TAGS, security: [{ bearer: [] }], params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      const ics = await service.myInterviewIcs(app.ctx.db, actorOf(request), request.params.id, app.ctx.config.mailFrom);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', contentDisposition('interview.ics'))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(ics);
    },
  );
}
