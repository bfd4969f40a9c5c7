import { EXPERT_MESSAGES } from '@app/shared/organisations';
import { isUnverifiedProfessional } from '../users/index.ts';
import { forbidden } from '../../lib/errors.ts';
import { z } from 'zod';
import { instructorAssignmentBody } from '@app/shared/workshop-admin';
import { envelope, idParams } from '@app/shared/api';
import {
  BANNER_MAX_BYTES,
  UNIVERSITY_WORKSHOP_MESSAGES,
  WORKSHOP_ADMIN_MESSAGES,
  WORKSHOP_FORM_MESSAGES,
  adminWorkshopListQuery,
  attendanceBody,
  attendanceData,
  bulkAttendanceBody,
  bulkAttendanceData,
  checkInCodeData,
  lifecycleActionData,
  instructorOptionsData,
  manageWorkshopData,
  manageWorkshopListData,
  registrationIdParams,
  workshopPatchBody,
  workshopRegistrationsData,
  workshopRejectBody,
} from '@app/shared/workshop-admin';
import { actorOf, type App } from '../../lib/http.ts';
import { storeThenRecord } from '../../lib/storage.ts';
import { readImageUpload } from '../../lib/uploads.ts';
import type { FastifyRequest } from 'fastify';
import * as lifecycle from './workshops-lifecycle.ts';
import * as manage from './workshops-manage.service.ts';

const security = [{ bearer: [] }];

/**
 * Workshop management: admins manage every workshop under /admin/workshops; a professional manages the
 * workshops they instruct under /workshops/my-workshops (someone else's answers 404).
 */
export async function workshopsManageRoutes(app: App) {
  const scopes = [
    {
      base: '/admin/workshops',
      access: ['admin'] as const,
      manager: (r: FastifyRequest): manage.Manager => ({ kind: 'admin', actor: actorOf(r) }),
    },
    {
      base: '/workshops/my-workshops',
      access: ['professional'] as const,
      manager: (r: FastifyRequest): manage.Manager => ({ kind: 'professional', actor: actorOf(r) }),
    },
  ];

  for (const scope of scopes) {
    const tags = [scope.base.startsWith('/admin') ? 'admin' : 'workshops'];
    const config = { access: scope.access };

    app.get(
      scope.base,
      {
        config: { ...config, allowPendingExpert: scope.base === '/workshops/my-workshops' }, // their own list: empty until verified
        schema: { tags, security, querystring: adminWorkshopListQuery, response: { 200: envelope(manageWorkshopListData) } },
      },
      async (request) => ({
        success: true as const,
        data: await manage.listManagedWorkshops(app.ctx.db, scope.manager(request), request.query, app.ctx.clock.now()),
      }),
    );

    app.get(
      `${scope.base}/:id`,
      { config, schema: { tags, security, params: idParams, response: { 200: envelope(manageWorkshopData) } } },
      async (request) => ({
        success: true as const,
        data: { workshop: await manage.getManagedWorkshop(app.ctx.db, scope.manager(request), request.params.id, app.ctx.clock.now()) },
      }),
    );

    app.post(
      scope.base,
      { config, schema: { tags, security, body: workshopPatchBody, response: { 201: envelope(manageWorkshopData) } } },
      async (request, reply) => {
        // An expert still awaiting verification appears nowhere to students: no workshops yet (decision 483).
        const actor = request.actor;
        if (actor?.role === 'professional' && (await isUnverifiedProfessional(app.ctx.db, actor.id))) {
          throw forbidden(EXPERT_MESSAGES.pendingNoWorkshops);
        }
        const workshop = await manage.createManagedWorkshop(app.ctx.db, app.ctx.config, scope.manager(request), request.body);
        return reply.status(201).send({ success: true as const, message: WORKSHOP_ADMIN_MESSAGES.created, data: { workshop } });
      },
    );

    app.put(
      `${scope.base}/:id`,
      {
        config,
        schema: { tags, security, params: idParams, body: workshopPatchBody, response: { 200: envelope(manageWorkshopData) } },
      },
      async (request) => {
        const { workshop, statusOnly } = await manage.updateManagedWorkshop(
          app.ctx.db,
          app.ctx.config,
          scope.manager(request),
          request.params.id,
          request.body,
        );
        app.ctx.jobs.kick();
        const message = statusOnly
          ? workshop.status === 'published'
            ? WORKSHOP_ADMIN_MESSAGES.published
            : WORKSHOP_ADMIN_MESSAGES.unpublished
          : WORKSHOP_ADMIN_MESSAGES.updated;
        return { success: true as const, message, data: { workshop } };
      },
    );

    app.delete(
      `${scope.base}/:id`,
      { config, schema: { tags, security, params: idParams, response: { 200: envelope(z.null()) } } },
      async (request) => {
        const { cancelled } = await manage.deleteManagedWorkshop(
          app.ctx.db,
          scope.manager(request),
          request.params.id,
          app.ctx.clock.now(),
        );
        if (cancelled) app.ctx.jobs.kick();
        return {
          success: true as const,
          message: cancelled ? WORKSHOP_ADMIN_MESSAGES.cancelledInsteadOfDeleted : WORKSHOP_ADMIN_MESSAGES.deleted,
          data: null,
        };
      },
    );

    app.get(
      `${scope.base}/:id/registrations`,
      { config, schema: { tags, security, params: idParams, response: { 200: envelope(workshopRegistrationsData) } } },
      async (request) => {
        const registrations = await manage.listRegistrations(app.ctx.db, scope.manager(request), request.params.id);
        return {
          success: true as const,
          ...(registrations.length === 0 ? { message: WORKSHOP_FORM_MESSAGES.noRegistrations } : {}),
          data: { registrations },
        };
      },
    );

    app.put(
      `${scope.base}/:id/registrations/:registrationId`,
      {
        config,
        schema: {
          tags,
          security,
          params: registrationIdParams,
          body: attendanceBody,
          response: { 200: envelope(attendanceData) },
        },
      },
      async (request) => {
        const registration = await manage.markAttendance(
          app.ctx.db,
          scope.manager(request),
          request.params.id,
          request.params.registrationId,
          request.body.status,
          app.ctx.clock.now(),
          app.ctx.config.publicUrl,
        );
        app.ctx.jobs.kick();
        return { success: true as const, message: WORKSHOP_ADMIN_MESSAGES.attendance, data: { registration } };
      },
    );

    app.put(
      `${scope.base}/:id/attendance`,
      {
        config,
        schema: { tags, security, params: idParams, body: bulkAttendanceBody, response: { 200: envelope(bulkAttendanceData) } },
      },
      async (request) => {
        const data = await manage.markAttendanceBulk(
          app.ctx.db,
          scope.manager(request),
          request.params.id,
          request.body,
          app.ctx.clock.now(),
          app.ctx.config.publicUrl,
        );
        app.ctx.jobs.kick();
        return { success: true as const, message: WORKSHOP_ADMIN_MESSAGES.attendance, data };
      },
    );

    // Complete or cancel: the workshop moves on (its jobs kicked) and comes back with what was issued and sent.
    const lifecycleAction = (
      action: 'complete' | 'cancel',
      { message, run }: {
        /** The success answer's message. */
        message: string;
        run: (
          actor: manage.Manager['actor'],
          workshop: Awaited<ReturnType<typeof manage.loadManaged>>['workshop'],
          now: Date,
        ) => Promise<{ certificatesIssued: number; notified: number }>;
      },
    ) =>
      app.post(
        `${scope.base}/:id/${action}`,
        { config, schema: { tags, security, params: idParams, response: { 200: envelope(lifecycleActionData) } } },
        async (request) => {
          const manager = scope.manager(request);
          const current = await manage.loadManaged(app.ctx.db, manager, request.params.id);
          const counts = await run(manager.actor, current.workshop, app.ctx.clock.now());
          app.ctx.jobs.kick();
          const workshop = await manage.getManagedWorkshop(app.ctx.db, manager, request.params.id, app.ctx.clock.now());
          return { success: true as const, message, data: { workshop, ...counts } };
        },
      );

    lifecycleAction('complete', {
      message: WORKSHOP_ADMIN_MESSAGES.completed,
      run: async (actor, workshop, now) => {
        const { certificatesIssued } = await lifecycle.completeWorkshop(app.ctx.db, actor, workshop, now, app.ctx.config.publicUrl);
        return { certificatesIssued, notified: certificatesIssued };
      },
    });
    lifecycleAction('cancel', {
      message: WORKSHOP_ADMIN_MESSAGES.cancelled,
      run: async (actor, workshop, now) => {
        const { notified } = await lifecycle.cancelWorkshop(app.ctx.db, actor, workshop, now);
        return { certificatesIssued: 0, notified };
      },
    });

    app.get(
      `${scope.base}/:id/check-in-code`,
      { config, schema: { tags, security, params: idParams, response: { 200: envelope(checkInCodeData) } } },
      async (request) => {
        const current = await manage.loadManaged(app.ctx.db, scope.manager(request), request.params.id);
        return { success: true as const, data: await lifecycle.checkInCodeFor(app.ctx.db, current.workshop) };
      },
    );

    app.post(
      `${scope.base}/:id/banner`,
      {
        config,
        schema: {
          tags,
          security,
          params: idParams,
          consumes: ['multipart/form-data'],
          response: { 200: envelope(manageWorkshopData) },
        },
      },
      async (request) => {
        const manager = scope.manager(request);
        await manage.getManagedWorkshop(app.ctx.db, manager, request.params.id);
        const image = await readImageUpload(request, {
          field: 'banner',
          maxBytes: BANNER_MAX_BYTES,
          tooLargeMessage: WORKSHOP_FORM_MESSAGES.imageSize,
          typeMessage: WORKSHOP_FORM_MESSAGES.imageType,
          maxWidth: 1600,
          maxHeight: 900,
        });
        const { workshop, previous } = await storeThenRecord(
          app.ctx.storage,
          { prefix: 'banners', extension: image.extension, data: image.buffer },
          (key) => manage.setBanner(app.ctx.db, manager, request.params.id, key),
        );
        if (previous) await app.ctx.storage.remove(previous).catch(() => undefined);
        return { success: true as const, message: WORKSHOP_ADMIN_MESSAGES.banner, data: { workshop } };
      },
    );
  }

  // Issue 28 (decision 733): the instructor a university named accepts or declines.
  app.post(
    '/workshops/my-workshops/:id/assignment',
    {
      config: { access: ['professional'] as const },
      schema: { tags: ['workshops'], security, params: idParams, body: instructorAssignmentBody, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      const message = await manage.answerAssignment(app.ctx.db, actorOf(request), request.params.id, request.body.decision, app.ctx.clock.now());
      return { success: true as const, message, data: null };
    },
  );

  // Declining a university's submission, with the reason its admins are told (decision 632).
  app.post(
    '/admin/workshops/:id/reject',
    { config: { access: ['admin'] as const }, schema: { tags: ['admin'], security, params: idParams, body: workshopRejectBody, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await manage.rejectUniversityWorkshop(app.ctx.db, actorOf(request), request.params.id, request.body.reason);
      return { success: true as const, message: UNIVERSITY_WORKSHOP_MESSAGES.rejected, data: null };
    },
  );

  app.get(
    '/admin/instructors',
    { config: { access: ['admin'] }, schema: { tags: ['admin'], security, response: { 200: envelope(instructorOptionsData) } } },
    async () => ({ success: true as const, data: { professionals: await manage.instructorOptions(app.ctx.db) } }),
  );
}
