import { envelope, idParams } from '@app/shared/api';
import {
  analyticsData,
  analyticsQuery,
  auditListData,
  auditQuery,
  contactMessageData,
  contactMessagesData,
  contactMessagesQuery,
  dashboardData,
  emailsData,
  emailsQuery,
  markHandledBody,
} from '@app/shared/admin';
import { siteContent } from '@app/shared/content';
import { audit } from '../../lib/audit.ts';
import { actorOf, type App } from '../../lib/http.ts';
import { getSiteContent, saveSiteContent } from '../content/index.ts';
import { ADMIN_ACCESS } from './common.ts';
import { analytics, dashboard } from './dashboard.service.ts';
import { adminExportRoutes } from './exports.routes.ts';
import { adminProfessionalRoutes } from './professionals.routes.ts';
import * as settings from './settings.service.ts';
import { adminStudentRoutes } from './students.routes.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** The administrator console's API: every route admin only (spec 001, PRODUCT.md "Administrators"). */
export async function adminRoutes(app: App) {
  await app.register(adminProfessionalRoutes);
  await app.register(adminStudentRoutes);
  await app.register(adminExportRoutes);

  app.get(
    '/admin/dashboard',
    { config: ADMIN_ACCESS, schema: { tags, security, response: { 200: envelope(dashboardData) } } },
    async () => ({ success: true as const, data: await dashboard(app.ctx.db) }),
  );

  app.get(
    '/admin/analytics',
    { config: ADMIN_ACCESS, schema: { tags, security, querystring: analyticsQuery, response: { 200: envelope(analyticsData) } } },
    async (request) => ({ success: true as const, data: await analytics(app.ctx.db, request.query.months) }),
  );

  app.get(
    '/admin/audit',
    { config: ADMIN_ACCESS, schema: { tags, security, querystring: auditQuery, response: { 200: envelope(auditListData) } } },
    async (request) => ({ success: true as const, data: await settings.listAudit(app.ctx.db, request.query) }),
  );

  app.get(
    '/admin/content',
    { config: ADMIN_ACCESS, schema: { tags, security, response: { 200: envelope(siteContent) } } },
    async () => ({ success: true as const, data: await getSiteContent(app.ctx.db) }),
  );

  app.put(
    '/admin/content',
    { config: ADMIN_ACCESS, schema: { tags, security, body: siteContent, response: { 200: envelope(siteContent) } } },
    async (request) => {
      const db = app.ctx.db;
      const data = await db.transaction(async (tx) => {
        const before = await getSiteContent(tx);
        const saved = await saveSiteContent(tx, request.body);
        await audit(tx, actorOf(request).id, 'update', 'site_content', 'site', before, saved);
        return saved;
      });
      return { success: true as const, message: 'Site content saved successfully!', data };
    },
  );

  app.get(
    '/admin/contact-messages',
    {
      config: ADMIN_ACCESS,
      schema: { tags, security, querystring: contactMessagesQuery, response: { 200: envelope(contactMessagesData) } },
    },
    async (request) => ({ success: true as const, data: await settings.listContactMessages(app.ctx.db, request.query) }),
  );

  app.put(
    '/admin/contact-messages/:id',
    {
      config: ADMIN_ACCESS,
      schema: { tags, security, params: idParams, body: markHandledBody, response: { 200: envelope(contactMessageData) } },
    },
    async (request) => ({
      success: true as const,
      message: request.body.handled ? 'Message marked as handled' : 'Message marked as open',
      data: { message: await settings.markContactMessage(app.ctx.db, actorOf(request), request.params.id, request.body.handled) },
    }),
  );

  app.get(
    '/admin/emails',
    { config: ADMIN_ACCESS, schema: { tags, security, querystring: emailsQuery, response: { 200: envelope(emailsData) } } },
    async (request) => ({ success: true as const, data: await settings.listEmails(app.ctx.db, request.query) }),
  );
}
