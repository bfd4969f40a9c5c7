import { envelope, idParams, messageOnly } from '@app/shared/api';
import {
  accessLogData,
  adminCreateRequestBody,
  adminPrivacyQueueData,
  adminPrivacyQueueQuery,
  adminPrivacyRequestData,
  extendRequestBody,
  myPrivacyData,
  PRIVACY_MESSAGES,
  NOTICE_MESSAGES,
  acceptNoticeBody,
  adminNoticeData,
  adminNoticesData,
  consentPurposeParams,
  currentNoticeData,
  myConsentsData,
  publishNoticeBody,
  setConsentBody,
  privacyRequestData,
  refuseRequestBody,
  universityExportBody,
} from '@app/shared/privacy';
import { actorOf, organisationOf, type App } from '../../lib/http.ts';
import { sendAttachment } from '../../lib/attachments.ts';
import * as service from './privacy.service.ts';
import { registerRetention } from './retention.ts';
import { registerBreach } from './breach.ts';
import { notice } from '../consent/index.ts';

/** How often the scheduler looks for erasures whose notice has ended and archives that expired. */
const ERASURE_EVERY_MS = 5 * 60_000;

export async function privacyRoutes(app: App) {
  const secured = { security: [{ bearer: [] }] };
  const tags = ['privacy'];
  const deps = (): service.PrivacyDeps => ({ ...app.ctx, log: app.log });

  app.ctx.jobs.register(service.EXPORT_JOB, service.createExportJob(deps()));
  app.ctx.scheduler.every('privacy.erasures', ERASURE_EVERY_MS, async (now) => {
    const erased = await service.runDueErasures(deps(), now);
    const expired = await service.expireArchives(deps(), now);
    if (erased + expired > 0) app.log.info({ erased, expired }, 'privacy: scheduled erasures and archive expiry');
  });
  registerRetention(app);
  registerBreach(app);

  // --- the person

  app.get(
    '/privacy/me',
    { config: { access: 'authenticated' }, schema: { tags, ...secured, response: { 200: envelope(myPrivacyData) } } },
    async (request) => ({ success: true as const, data: await service.myPrivacy(deps(), actorOf(request)) }),
  );

  app.post(
    '/privacy/me/export',
    { config: { access: 'authenticated' }, schema: { tags, ...secured, response: { 201: envelope(privacyRequestData) } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const created = await service.requestExport(deps(), actor, actor.id, 'self');
      return reply.status(201).send({ success: true as const, message: PRIVACY_MESSAGES.exportRequested, data: { request: created } });
    },
  );

  app.post(
    '/privacy/me/erasure',
    { config: { access: 'authenticated' }, schema: { tags, ...secured, response: { 201: envelope(privacyRequestData) } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const created = await service.requestErasure(deps(), actor, actor.id, 'self');
      return reply.status(201).send({ success: true as const, message: PRIVACY_MESSAGES.erasureRequested, data: { request: created } });
    },
  );

  app.delete(
    '/privacy/me/erasure',
    { config: { access: 'authenticated' }, schema: { tags, ...secured, response: { 200: envelope(privacyRequestData) } } },
    async (request) => ({
      success: true as const,
      message: PRIVACY_MESSAGES.erasureCancelled,
      data: { request: await service.cancelMyErasure(deps(), actorOf(request)) },
    }),
  );

  app.get(
    '/privacy/me/access',
    { config: { access: 'authenticated' }, schema: { tags, ...secured, response: { 200: envelope(accessLogData) } } },
    async (request) => ({ success: true as const, data: { entries: await service.accessLog(deps(), actorOf(request)) } }),
  );

  app.get(
    '/privacy/requests/:id/archive',
    { config: { access: 'authenticated' }, schema: { tags, ...secured, params: idParams, produces: ['application/zip'] } },
    async (request, reply) => {
      const { key, filename } = await service.archiveFor(deps(), actorOf(request), request.params.id);
      return sendAttachment(reply, 'application/zip', filename, app.ctx.storage.read(key));
    },
  );

  // --- the privacy notice and optional consents (decisions 840, 841)

  app.get(
    '/privacy/notice',
    { config: { access: 'public' }, schema: { tags, response: { 200: envelope(currentNoticeData) } } },
    async () => ({ success: true as const, data: { notice: await notice.currentNotice(app.ctx.db) } }),
  );

  app.get(
    '/privacy/me/consents',
    { config: { access: 'authenticated' }, schema: { tags, ...secured, response: { 200: envelope(myConsentsData) } } },
    async (request) => ({ success: true as const, data: await notice.myConsents(app.ctx.db, actorOf(request)) }),
  );

  app.post(
    '/privacy/me/notice',
    { config: { access: 'authenticated' }, schema: { tags, ...secured, body: acceptNoticeBody, response: { 200: envelope(myConsentsData) } } },
    async (request) => ({
      success: true as const,
      message: NOTICE_MESSAGES.accepted,
      data: await notice.acceptCurrent(app.ctx.db, actorOf(request), request.body.version, app.ctx.clock.now()),
    }),
  );

  app.put(
    '/privacy/me/consents/:purpose',
    {
      config: { access: 'authenticated' },
      schema: { tags, ...secured, params: consentPurposeParams, body: setConsentBody, response: { 200: envelope(myConsentsData) } },
    },
    async (request) => ({
      success: true as const,
      message: NOTICE_MESSAGES.consentSaved,
      data: await notice.setConsent(app.ctx.db, actorOf(request), request.params.purpose, request.body.granted, app.ctx.clock.now()),
    }),
  );

  app.get(
    '/privacy/admin/notices',
    { config: { access: ['admin'] }, schema: { tags, ...secured, response: { 200: envelope(adminNoticesData) } } },
    async () => ({ success: true as const, data: { notices: await notice.adminNotices(app.ctx.db) } }),
  );

  app.post(
    '/privacy/admin/notices',
    { config: { access: ['admin'] }, schema: { tags, ...secured, body: publishNoticeBody, response: { 201: envelope(adminNoticeData) } } },
    async (request, reply) => {
      const published = await notice.publishNotice(app.ctx.db, actorOf(request), request.body, app.ctx.clock.now());
      return reply.status(201).send({ success: true as const, message: NOTICE_MESSAGES.published, data: { notice: published } });
    },
  );

  // --- universities, for their affiliated students

  app.post(
    '/privacy/university/exports',
    {
      config: { access: ['university_admin'], member: 'university' },
      schema: { tags, ...secured, body: universityExportBody, response: { 201: envelope(privacyRequestData) } },
    },
    async (request, reply) => {
      const created = await service.universityExport(deps(), actorOf(request), organisationOf(request).id, request.body.studentId);
      return reply.status(201).send({ success: true as const, message: PRIVACY_MESSAGES.exportRequested, data: { request: created } });
    },
  );

  // --- administrators: the request queue

  app.get(
    '/privacy/admin/requests',
    { config: { access: ['admin'] }, schema: { tags, ...secured, querystring: adminPrivacyQueueQuery, response: { 200: envelope(adminPrivacyQueueData) } } },
    async (request) => ({ success: true as const, data: { requests: await service.adminQueue(deps(), request.query.status, request.query.kind) } }),
  );

  app.post(
    '/privacy/admin/requests',
    { config: { access: ['admin'] }, schema: { tags, ...secured, body: adminCreateRequestBody, response: { 201: envelope(adminPrivacyRequestData) } } },
    async (request, reply) => {
      const created = await service.adminCreate(deps(), actorOf(request), request.body.userId, request.body.kind);
      return reply.status(201).send({ success: true as const, data: { request: created } });
    },
  );

  app.post(
    '/privacy/admin/requests/:id/process',
    { config: { access: ['admin'] }, schema: { tags, ...secured, params: idParams, response: { 200: envelope(adminPrivacyRequestData) } } },
    async (request) => ({
      success: true as const,
      message: PRIVACY_MESSAGES.processed,
      data: { request: await service.adminProcess(deps(), actorOf(request), request.params.id) },
    }),
  );

  app.post(
    '/privacy/admin/requests/:id/refuse',
    {
      config: { access: ['admin'] },
      schema: { tags, ...secured, params: idParams, body: refuseRequestBody, response: { 200: envelope(adminPrivacyRequestData) } },
    },
    async (request) => ({
      success: true as const,
      message: PRIVACY_MESSAGES.refused,
      data: { request: await service.adminRefuse(deps(), actorOf(request), request.params.id, request.body.reason, request.body.legalHold) },
    }),
  );

  app.post(
    '/privacy/admin/requests/:id/extend',
    {
      config: { access: ['admin'] },
      schema: { tags, ...secured, params: idParams, body: extendRequestBody, response: { 200: envelope(adminPrivacyRequestData) } },
    },
    async (request) => ({
      success: true as const,
      message: PRIVACY_MESSAGES.extended,
      data: { request: await service.adminExtend(deps(), actorOf(request), request.params.id, request.body.days, request.body.reason) },
    }),
  );

  app.delete(
    '/privacy/admin/holds/:id',
    { config: { access: ['admin'] }, schema: { tags, ...secured, params: idParams, response: { 200: messageOnly } } },
    async (request) => {
      await service.adminLiftHold(deps(), actorOf(request), request.params.id);
      return { success: true as const, message: PRIVACY_MESSAGES.holdLifted };
    },
  );
}
