import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SECURITY_MESSAGES, mfaChallengeData } from '@app/shared/security';
import { authDeps } from './client.ts';
import { envelope } from '@app/shared/api';
import {
  authData,
  changePasswordBody,
  forgotPasswordBody,
  imageUploadData,
  loginBody,
  passwordStatusData,
  professionalChangePasswordBody,
  registerBody,
  resetPasswordBody,
  updateProfileBody,
  userData,
} from '@app/shared/auth';
import { actorOf, type App } from '../../lib/http.ts';
import { AppError } from '../../lib/errors.ts';
import * as limiter from '../../lib/rate-limit.ts';
import { readImageUpload } from '../../lib/uploads.ts';
import { replaceAvatar } from '../users/index.ts';
import * as auth from './auth.service.ts';
import * as throttle from './login-throttle.ts';
import { announceRegistration } from './registered.ts';

const PROFILE_IMAGE_MAX = 5 * 1024 * 1024;

export async function authRoutes(app: App) {
  const deps = (request?: FastifyRequest) => authDeps(app, request);

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: loginBody, response: { 200: envelope(authData), 202: envelope(mfaChallengeData) } },
    },
    async (request, reply) => {
      const { jwtSecret } = app.ctx.config;
      const now = app.ctx.clock.now();
      const trusted = throttle.isTrustedDevice(jwtSecret, request.body.email, request.headers.cookie, now);
      const data = await auth.login(deps(request), request.body, request.ip, trusted);
      // Issue 28 (decision 734): the password was right, so this browser is now trusted for this account
      // (per-device trust cookie) — also when a second factor is still to come.
      const secure = request.protocol === 'https' ? '; Secure' : '';
      void reply.header(
        'set-cookie',
        `${throttle.deviceCookieName(request.body.email)}=${throttle.deviceCookieValue(jwtSecret, request.body.email, now)}; Path=/api/auth; Max-Age=${throttle.DEVICE_TRUST_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
      );
      // A second factor is set up: 202 with a short-lived challenge for /auth/mfa/verify (issue 23).
      if ('mfaRequired' in data) return reply.status(202).send({ success: true as const, message: SECURITY_MESSAGES.secondStep, data });
      return { success: true as const, message: 'Login successful', data };
    },
  );

  app.post(
    '/auth/register',
    { config: { access: 'public' }, schema: { tags: ['auth'], body: registerBody, response: { 201: envelope(authData) } } },
    async (request, reply) => {
      await limiter.limitSignups(app.ctx.db, request.ip, app.ctx.config.registerMaxPerIp);
      // Issue 28 (decision 735): the spec's 409 tells whether an e-mail exists; each such answer costs the
      // address DUPLICATE_REGISTRATION_COST attempts of its hourly registration budget, so enumerating is slow.
      const data = await auth.registerStudent(deps(request), request.body).catch(async (error: unknown) => {
        if (error instanceof AppError && error.status === 409) await limiter.chargeSignups(app.ctx.db, request.ip, limiter.DUPLICATE_REGISTRATION_COST - 1);
        throw error;
      });
      // Other modules' reactions (an approved university's domain: a link to confirm the affiliation).
      await announceRegistration(app.ctx.db, app.ctx.config, { id: data.user.id, email: data.user.email, firstName: data.user.firstName });
      return reply.status(201).send({ success: true as const, message: 'Registration successful', data });
    },
  );

  const profileRoute = {
    config: { access: 'authenticated' as const, allowTemporaryPassword: true, allowMfaEnrolment: true },
    schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: envelope(userData) } },
  };
  app.get('/auth/me', profileRoute, async (request) => ({
    success: true as const,
    data: { user: await auth.getProfile(app.ctx.db, actorOf(request).id) },
  }));
  app.get('/auth/profile', profileRoute, async (request) => ({
    success: true as const,
    data: { user: await auth.getProfile(app.ctx.db, actorOf(request).id) },
  }));

  app.put(
    '/auth/update-profile',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['auth'], security: [{ bearer: [] }], body: updateProfileBody, response: { 200: envelope(userData) } },
    },
    async (request) => ({
      success: true as const,
      message: 'Profile updated successfully!',
      data: { user: await auth.updateProfile(app.ctx.db, actorOf(request).id, request.body) },
    }),
  );

  app.put(
    '/auth/change-password',
    {
      config: { access: 'authenticated', allowTemporaryPassword: true },
      schema: { tags: ['auth'], security: [{ bearer: [] }], body: changePasswordBody, response: { 200: envelope(authData) } },
    },
    async (request) => ({
      success: true as const,
      message: 'Password updated successfully!',
      data: await auth.changePassword(deps(request), actorOf(request).id, request.body),
    }),
  );

  app.post(
    '/auth/upload-profile-image',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: envelope(imageUploadData) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const image = await readImageUpload(request, {
        field: 'profileImage',
        maxBytes: PROFILE_IMAGE_MAX,
        tooLargeMessage: 'Image size should be less than 5MB',
        typeMessage: 'Please select an image file (PNG, JPG, JPEG, WebP)',
        maxWidth: 512,
        maxHeight: 512,
      });
      await replaceAvatar(app.ctx, actor.id, image);
      const user = await auth.getProfile(app.ctx.db, actor.id);
      return {
        success: true as const,
        message: 'Profile image updated successfully!',
        data: { imageUrl: user.profileImageUrl ?? '', user },
      };
    },
  );

  app.get(
    '/auth/professional/check-password-status',
    {
      config: { access: ['professional'], allowTemporaryPassword: true, allowPendingExpert: true },
      schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: envelope(passwordStatusData) } },
    },
    async (request) => ({ success: true as const, data: await auth.passwordStatus(app.ctx.db, actorOf(request).id) }),
  );

  app.post(
    '/auth/professional/change-password',
    {
      config: { access: ['professional'], allowTemporaryPassword: true, allowPendingExpert: true },
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        body: professionalChangePasswordBody,
        response: { 200: envelope(authData) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Password changed successfully!',
      data: await auth.changeProfessionalPassword(deps(request), actorOf(request).id, request.body),
    }),
  );

  app.post(
    '/auth/forgot-password',
    { config: { access: 'public' }, schema: { tags: ['auth'], body: forgotPasswordBody, response: { 200: envelope(z.null()) } } },
    async (request) => ({ success: true as const, message: await auth.forgotPassword(deps(), request.body.email), data: null }),
  );

  app.post(
    '/auth/reset-password',
    { config: { access: 'public' }, schema: { tags: ['auth'], body: resetPasswordBody, response: { 200: envelope(z.null()) } } },
    async (request) => ({
      success: true as const,
      message: await auth.resetPassword(deps(), request.body.token, request.body.newPassword, request.ip),
      data: null,
    }),
  );
}
