import { clientOf } from '../auth/index.ts';
import { z } from 'zod';
import { envelope, idParams } from '@app/shared/api';
import { authData } from '@app/shared/auth';
import {
  EXPERT_MESSAGES,
  decisionBody,
  expertApplicationData,
  expertApplicationDto,
  expertApplicationListData,
  expertApplicationListQuery,
  expertApplyBody,
  ownProfessionalProfileBody,
  ownProfessionalProfileData,
  workEmailCodeBody,
  workEmailConfirmBody,
} from '@app/shared/organisations';
import { rateLimited } from '../../lib/errors.ts';
import { actorOf, type App } from '../../lib/http.ts';
import { recordAcceptance } from '../consent/index.ts';
import * as limiter from '../../lib/rate-limit.ts';
import { confirmWorkEmailCode } from '../organisations/index.ts';
import { sessionFor } from '../organisations/index.ts';
import * as experts from './experts.service.ts';

const tags = ['experts'];
const security = [{ bearer: [] }];

/** Industry experts apply on their own and wait for an administrator's verification (issue 15). */
export async function expertsRoutes(app: App) {
  app.post(
    '/experts/apply',
    { config: { access: 'public' }, schema: { tags, body: expertApplyBody, response: { 201: envelope(authData) } } },
    async (request, reply) => {
      await limiter.limitSignups(app.ctx.db, request.ip, app.ctx.config.registerMaxPerIp);
      const userId = await experts.apply(app.ctx.db, app.ctx.config, request.body);
      await recordAcceptance(app.ctx.db, userId, request.body.privacyNoticeVersion, 'registration', app.ctx.clock.now());
      app.ctx.jobs.kick();
      const data = await sessionFor(app.ctx.db, app.ctx.tokens, userId, clientOf(request));
      return reply.status(201).send({ success: true as const, message: EXPERT_MESSAGES.applied, data });
    },
  );

  app.get(
    '/experts/me/application',
    {
      config: { access: ['professional'], allowPendingExpert: true },
      schema: { tags, security, response: { 200: envelope(z.object({ application: expertApplicationDto.nullable() })) } },
    },
    async (request) => ({ success: true as const, data: { application: await experts.applicationOf(app.ctx.db, actorOf(request).id) } }),
  );

  // The professional's own profile (decision 631): a pending expert completes it before verification.
  app.get(
    '/professionals/me/profile',
    { config: { access: ['professional'], allowPendingExpert: true }, schema: { tags, security, response: { 200: envelope(ownProfessionalProfileData) } } },
    async (request) => ({ success: true as const, data: { profile: await experts.ownProfile(app.ctx.db, actorOf(request).id) } }),
  );

  app.put(
    '/professionals/me/profile',
    {
      config: { access: ['professional'], allowPendingExpert: true },
      schema: { tags, security, body: ownProfessionalProfileBody, response: { 200: envelope(ownProfessionalProfileData) } },
    },
    async (request) => ({
      success: true as const,
      message: 'Profile updated successfully!',
      data: { profile: await experts.updateOwnProfile(app.ctx.db, actorOf(request), request.body) },
    }),
  );

  app.post(
    '/experts/me/work-email/code',
    { config: { access: ['professional'], allowPendingExpert: true }, schema: { tags, security, body: workEmailCodeBody, response: { 200: envelope(z.null()) } } },
    async (request) => {
      const actor = actorOf(request);
      const attempt = await limiter.hit(app.ctx.db, `work-email:${actor.id}`, 3600);
      if (attempt.count > 5) throw rateLimited(attempt.retryAfterSeconds);
      await experts.requestWorkEmailCode(app.ctx.db, actor, request.body.workEmail);
      app.ctx.jobs.kick();
      return { success: true as const, message: EXPERT_MESSAGES.codeSent, data: null };
    },
  );

  app.post(
    '/experts/me/work-email/confirm',
    {
      config: { access: ['professional'], allowPendingExpert: true },
      schema: { tags, security, body: workEmailConfirmBody, response: { 200: envelope(expertApplicationData) } },
    },
    async (request) => {
      const actor = actorOf(request);
      await confirmWorkEmailCode(app.ctx.db, actor.id, request.body.code);
      const application = await experts.applicationOf(app.ctx.db, actor.id);
      if (!application) throw new Error('confirmed a code without an application');
      return { success: true as const, message: 'Work e-mail confirmed', data: { application } };
    },
  );

  app.post(
    '/experts/me/confirmation/resend',
    { config: { access: 'authenticated' }, schema: { tags, security, response: { 200: envelope(z.null()) } } },
    async (request) => {
      const actor = actorOf(request);
      const attempt = await limiter.hit(app.ctx.db, `confirm-resend:${actor.id}`, 3600);
      if (attempt.count > 5) throw rateLimited(attempt.retryAfterSeconds);
      await experts.resendConfirmation(app.ctx.db, app.ctx.config, actor);
      app.ctx.jobs.kick();
      return { success: true as const, message: 'We sent you a new confirmation link', data: null };
    },
  );

  // The administrator's verification queue.
  app.get(
    '/admin/expert-applications',
    {
      config: { access: ['admin'] },
      schema: { tags, security, querystring: expertApplicationListQuery, response: { 200: envelope(expertApplicationListData) } },
    },
    async (request) => ({ success: true as const, data: await experts.listApplications(app.ctx.db, request.query) }),
  );

  app.get(
    '/admin/expert-applications/:id',
    { config: { access: ['admin'] }, schema: { tags, security, params: idParams, response: { 200: envelope(expertApplicationData) } } },
    async (request) => ({ success: true as const, data: { application: await experts.getApplication(app.ctx.db, request.params.id) } }),
  );

  app.post(
    '/admin/expert-applications/:id/decision',
    {
      config: { access: ['admin'] },
      schema: { tags, security, params: idParams, body: decisionBody, response: { 200: envelope(expertApplicationData) } },
    },
    async (request) => {
      const application = await experts.decide(app.ctx.db, app.ctx.config, actorOf(request), request.params.id, request.body);
      app.ctx.jobs.kick();
      return {
        success: true as const,
        message: application.status === 'approved' ? 'Expert verified' : 'Application rejected',
        data: { application },
      };
    },
  );
}
