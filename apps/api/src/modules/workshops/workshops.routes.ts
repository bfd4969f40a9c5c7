import { z } from 'zod';
import { envelope, idParams } from '@app/shared/api';
import {
  WORKSHOP_MESSAGES,
  certificateData,
  certificateIdData,
  checkInBody,
  checkInData,
  registerData,
  registeredWorkshopsData,
  workshopData,
  workshopListData,
  workshopListQuery,
} from '@app/shared/workshops';
import { actorOf, type App } from '../../lib/http.ts';
import { renderCertificate } from './workshops.certificate.ts';
import { COMPLETION_EVERY_MS, COMPLETION_TASK, checkIn, completeDueWorkshops } from './workshops-lifecycle.ts';
import * as service from './workshops.service.ts';
import { sendAttachment } from '../../lib/attachments.ts';


export async function workshopsRoutes(app: App) {
  const deps = () => ({ db: app.ctx.db, publicUrl: app.ctx.config.publicUrl, mailFrom: app.ctx.config.mailFrom });
  const secured = { security: [{ bearer: [] }] };

  // Workshops past their end complete by themselves (each once, whatever the number of processes).
  app.ctx.scheduler.every(COMPLETION_TASK, COMPLETION_EVERY_MS, async (now) => {
    const result = await completeDueWorkshops(app.ctx.db, now, app.ctx.config.publicUrl);
    if (result.certificates > 0) app.ctx.jobs.kick();
    return result;
  });

  app.post(
    '/workshops/:id/check-in',
    {
      config: { access: ['student'] },
      schema: { tags: ['workshops'], ...secured, params: idParams, body: checkInBody, response: { 200: envelope(checkInData) } },
    },
    async (request) => ({
      success: true as const,
      message: WORKSHOP_MESSAGES.checkedIn,
      data: { registration: await checkIn(app.ctx.db, actorOf(request), request.params.id, request.body.code, app.ctx.clock.now()) },
    }),
  );

  app.get(
    '/workshops',
    {
      config: { access: 'public', etag: true },
      schema: { tags: ['workshops'], querystring: workshopListQuery, response: { 200: envelope(workshopListData) } },
    },
    async (request) => ({
      success: true as const,
      data: await service.listWorkshops(app.ctx.db, request.actor, request.query, app.ctx.cache),
    }),
  );

  app.get(
    '/workshops/registered',
    {
      config: { access: ['student'] },
      schema: { tags: ['workshops'], ...secured, response: { 200: envelope(registeredWorkshopsData) } },
    },
    async (request) => {
      const registrations = await service.listRegistered(app.ctx.db, actorOf(request));
      return { success: true as const, data: { registrations, workshops: registrations.map((r) => r.workshop) } };
    },
  );

  app.get(
    '/workshops/:id',
    {
      config: { access: 'public', etag: true },
      schema: { tags: ['workshops'], params: idParams, response: { 200: envelope(workshopData) } },
    },
    async (request) => ({
      success: true as const,
      data: { workshop: await service.getWorkshop(app.ctx.db, request.actor, request.params.id, app.ctx.cache) },
    }),
  );

  app.post(
    '/workshops/:id/register',
    {
      config: { access: ['student'] },
      schema: { tags: ['workshops'], ...secured, params: idParams, response: { 201: envelope(registerData) } },
    },
    async (request, reply) => {
      const data = await service.register(deps(), actorOf(request), request.params.id);
      app.ctx.jobs.kick();
      return reply.status(201).send({ success: true as const, message: WORKSHOP_MESSAGES.registered, data });
    },
  );

  app.delete(
    '/workshops/:id/register',
    {
      config: { access: ['student'] },
      schema: { tags: ['workshops'], ...secured, params: idParams, response: { 200: envelope(workshopData) } },
    },
    async (request) => {
      const workshop = await service.cancelRegistration(deps(), actorOf(request), request.params.id);
      app.ctx.jobs.kick();
      return { success: true as const, message: WORKSHOP_MESSAGES.cancelledReg, data: { workshop } };
    },
  );

  app.get(
    '/workshops/:id/calendar.ics',
    {
      config: { access: ['student'] },
      schema: { tags: ['workshops'], ...secured, params: idParams, produces: ['text/calendar'] },
    },
    async (request, reply) => {
      const { ics, filename } = await service.calendarFor(deps(), actorOf(request), request.params.id);
      return sendAttachment(reply, 'text/calendar; charset=utf-8', filename, ics);
    },
  );

  app.get(
    '/workshops/:id/certificate',
    {
      config: { access: ['student'] },
      schema: { tags: ['workshops'], ...secured, params: idParams, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const facts = await service.certificateFor(app.ctx.db, actorOf(request), request.params.id);
      const pdf = await renderCertificate(facts, `${app.ctx.config.publicUrl}/certificates/${facts.verificationId}`);
      return sendAttachment(reply, 'application/pdf', `certificate-${service.slug(facts.workshopTitle)}.pdf`, Buffer.from(pdf));
    },
  );

  // The certificate page (/certificates/{id}) opens from "View certificate": this issues the id when the
  // completion job has not yet (registrations from before it), and says which page to open.
  app.post(
    '/workshops/:id/certificate',
    {
      config: { access: ['student'] },
      schema: { tags: ['workshops'], ...secured, params: idParams, response: { 200: envelope(certificateIdData) } },
    },
    async (request) => {
      const facts = await service.certificateFor(app.ctx.db, actorOf(request), request.params.id);
      return { success: true as const, data: { certificate: { verificationId: facts.verificationId } } };
    },
  );

  // The PDF of a valid certificate, for anyone holding its verification id (the page is public too,
  // decision 711): the owner downloads it from the page, and so can whoever the owner shared it with.
  app.get(
    '/certificates/:verificationId/pdf',
    {
      config: { access: 'public' },
      schema: { tags: ['workshops'], params: z.object({ verificationId: z.string().max(64) }), produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const facts = await service.verifyCertificate(app.ctx.db, request.params.verificationId);
      const pdf = await renderCertificate(facts, `${app.ctx.config.publicUrl}/certificates/${facts.verificationId}`);
      return sendAttachment(reply, 'application/pdf', `certificate-${service.slug(facts.workshopTitle)}.pdf`, Buffer.from(pdf));
    },
  );

  app.get(
    '/certificates/:verificationId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['workshops'],
        params: z.object({ verificationId: z.string().max(64) }),
        response: { 200: envelope(certificateData) },
      },
    },
    async (request) => {
      const facts = await service.verifyCertificate(app.ctx.db, request.params.verificationId);
      return {
        success: true as const,
        message: 'This certificate is valid',
        data: {
          certificate: {
            verificationId: facts.verificationId,
            valid: true as const,
            studentName: facts.studentName,
            workshopTitle: facts.workshopTitle,
            workshopDate: facts.workshopDate,
            instructorName: facts.instructorName,
            issuedFor: 'Workshop attendance',
            issuedAt: facts.issuedAt?.toISOString() ?? null,
            issuer: 'MentorBridge',
          },
        },
      };
    },
  );
}
