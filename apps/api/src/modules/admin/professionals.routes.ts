import { z } from 'zod';
import { idParams, envelope } from '@app/shared/api';
import {
  BULK_MAX_BYTES,
  BULK_MESSAGES,
  PROFESSIONAL_MESSAGES,
  bulkUploadQuery,
  bulkUploadResult,
  createProfessionalBody,
  professionalData,
  professionalListData,
  professionalListQuery,
  templateQuery,
  updateProfessionalBody,
} from '@app/shared/admin';
import { actorOf, type App } from '../../lib/http.ts';
import { callerVoice } from '../../lib/recipient-locale.ts';
import { readSingleFile } from '../../lib/uploads.ts';
import { buildTemplate, bulkCreateProfessionals } from './bulk-upload.service.ts';
import { ADMIN_ACCESS } from './common.ts';
import * as professionals from './professionals.service.ts';
import { readSheet } from './spreadsheet.ts';
import { recordView } from '../consent/index.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];
const truthy = (v: string | undefined) => v === 'true' || v === '1';

export async function adminProfessionalRoutes(app: App) {
  app.get(
    '/admin/professionals',
    {
      config: ADMIN_ACCESS,
      schema: { tags, security, querystring: professionalListQuery, response: { 200: envelope(professionalListData) } },
    },
    async (request) => ({ success: true as const, data: await professionals.listProfessionals(app.ctx.db, request.query) }),
  );

  app.get(
    '/admin/professionals/:id',
    { config: ADMIN_ACCESS, schema: { tags, security, params: idParams, response: { 200: envelope(professionalData) } } },
    async (request) => {
      const professional = await professionals.getProfessional(app.ctx.db, request.params.id);
      // Shown to the professional in "Who accessed your data" (issue 24).
      await recordView(app.ctx.db, actorOf(request), request.params.id, 'admin-record');
      return { success: true as const, data: { professional } };
    },
  );

  app.post(
    '/admin/professionals',
    {
      config: ADMIN_ACCESS,
      schema: { tags, security, body: createProfessionalBody, response: { 201: envelope(professionalData) } },
    },
    async (request, reply) => {
      const professional = await professionals.createProfessional(app.ctx.db, app.ctx.config, actorOf(request), request.body);
      app.ctx.jobs.kick();
      return reply.status(201).send({ success: true as const, message: PROFESSIONAL_MESSAGES.created, data: { professional } });
    },
  );

  app.put(
    '/admin/professionals/:id',
    {
      config: ADMIN_ACCESS,
      schema: { tags, security, params: idParams, body: updateProfessionalBody, response: { 200: envelope(professionalData) } },
    },
    async (request) => {
      const body = request.body;
      const professional = await professionals.updateProfessional(app.ctx.db, actorOf(request), request.params.id, body);
      const onlyVerification = Object.keys(body).length === 1 && body.isVerified !== undefined;
      const message = onlyVerification
        ? professional.isVerified
          ? PROFESSIONAL_MESSAGES.verified
          : PROFESSIONAL_MESSAGES.unverified
        : PROFESSIONAL_MESSAGES.updated;
      return { success: true as const, message, data: { professional } };
    },
  );

  app.delete(
    '/admin/professionals/:id',
    { config: ADMIN_ACCESS, schema: { tags, security, params: idParams, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await professionals.deactivateProfessional(app.ctx.db, actorOf(request), request.params.id);
      return { success: true as const, message: PROFESSIONAL_MESSAGES.deleted, data: null };
    },
  );

  app.get(
    '/admin/professionals/bulk-upload/template',
    { config: ADMIN_ACCESS, schema: { tags, security, querystring: templateQuery, produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] } },
    async (request, reply) => {
      const format = request.query.format;
      const buffer = await buildTemplate(format);
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="professionals-template.${format}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(buffer);
    },
  );

  app.post(
    '/admin/professionals/bulk-upload',
    {
      config: ADMIN_ACCESS,
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        querystring: bulkUploadQuery,
        response: { 200: bulkUploadResult },
      },
    },
    async (request, reply) => {
      const { buffer, filename, fields } = await readSingleFile(request, {
        field: 'file',
        maxBytes: BULK_MAX_BYTES,
        tooLargeMessage: BULK_MESSAGES.tooLarge,
        missingMessage: BULK_MESSAGES.noFile,
      });
      const dryRun = truthy(request.query.dryRun) || truthy(fields.dryRun);
      const sheet = await readSheet(buffer, filename);
      // The report (row problems, warnings, conflicts) in the administrator's language.
      const voice = await callerVoice(app.ctx.db, request, reply);
      const result = await bulkCreateProfessionals(app.ctx.db, app.ctx.config, actorOf(request), sheet, { dryRun, voice });
      if (!dryRun) app.ctx.jobs.kick();
      return result;
    },
  );
}
