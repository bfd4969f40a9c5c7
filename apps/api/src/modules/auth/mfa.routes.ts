import { envelope, idParams } from '@app/shared/api';
import { authData } from '@app/shared/auth';
import {
  SECURITY_MESSAGES,
  authenticationOptionsData,
  mfaChallengeData,
  mfaPasskeyOptionsBody,
  mfaResetData,
  mfaStatusData,
  mfaVerifyBody,
  passwordConfirmBody,
  recoveryCodesData,
  totpConfirmBody,
  totpSetupData,
} from '@app/shared/security';
import { z } from 'zod';
import { actorOf, type App } from '../../lib/http.ts';
import * as mfa from './mfa.service.ts';
import { secondFactorOptions } from './passkeys.service.ts';
import { authDeps } from './client.ts';

const secured = { tags: ['auth'], security: [{ bearer: [] }] };
/** Enrolment stays open to a person the access hook otherwise blocks (MFA_REQUIRED_ROLES past the grace). */
const enrolment = { access: 'authenticated' as const, allowMfaEnrolment: true };

export async function mfaRoutes(app: App) {
  // The second step of sign-in: the challenge from /auth/login (202) and one of the person's factors.
  app.post(
    '/auth/mfa/verify',
    { config: { access: 'public' }, schema: { tags: ['auth'], body: mfaVerifyBody, response: { 200: envelope(authData) } } },
    async (request) => ({ success: true as const, message: 'Login successful', data: await mfa.verifySecondStep(authDeps(app, request), request.body) }),
  );

  app.post(
    '/auth/mfa/passkey-options',
    { config: { access: 'public' }, schema: { tags: ['auth'], body: mfaPasskeyOptionsBody, response: { 200: envelope(authenticationOptionsData) } } },
    async (request) => {
      const deps = authDeps(app, request);
      const { userId } = await mfa.readChallenge(deps, request.body.challenge);
      return { success: true as const, data: await secondFactorOptions(deps, userId) };
    },
  );

  app.get(
    '/auth/mfa',
    { config: enrolment, schema: { ...secured, response: { 200: envelope(mfaStatusData) } } },
    async (request) => ({ success: true as const, data: await mfa.mfaStatus(app.ctx.db, app.ctx.config, actorOf(request), app.ctx.clock.now()) }),
  );

  app.post(
    '/auth/mfa/totp/setup',
    { config: enrolment, schema: { ...secured, response: { 200: envelope(totpSetupData) } } },
    async (request) => ({ success: true as const, data: await mfa.setupTotp(app.ctx.db, app.ctx.config, actorOf(request)) }),
  );

  app.post(
    '/auth/mfa/totp/confirm',
    { config: enrolment, schema: { ...secured, body: totpConfirmBody, response: { 200: envelope(recoveryCodesData) } } },
    async (request) => ({
      success: true as const,
      message: SECURITY_MESSAGES.totpEnabled,
      data: { recoveryCodes: await mfa.confirmTotp(app.ctx.db, app.ctx.config, actorOf(request), request.body.code, app.ctx.clock.now()) },
    }),
  );

  app.post(
    '/auth/mfa/recovery-codes',
    { config: { access: 'authenticated' }, schema: { ...secured, body: passwordConfirmBody, response: { 200: envelope(recoveryCodesData) } } },
    async (request) => ({
      success: true as const,
      message: SECURITY_MESSAGES.recoveryRegenerated,
      data: { recoveryCodes: await mfa.regenerateRecoveryCodes(app.ctx.db, actorOf(request), request.body.password) },
    }),
  );

  app.post(
    '/auth/mfa/totp/disable',
    { config: { access: 'authenticated' }, schema: { ...secured, body: passwordConfirmBody, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await mfa.disableTotp(app.ctx.db, app.ctx.config, actorOf(request), request.body.password);
      return { success: true as const, message: SECURITY_MESSAGES.totpDisabled, data: null };
    },
  );

  // A lost phone: the platform administrator resets the person's second factor (audited).
  app.post(
    '/admin/users/:id/mfa/reset',
    { config: { access: ['admin'] }, schema: { ...secured, tags: ['admin'], params: idParams, response: { 200: envelope(mfaResetData) } } },
    async (request) => ({
      success: true as const,
      message: SECURITY_MESSAGES.mfaReset,
      data: await mfa.adminResetMfa(app.ctx.db, actorOf(request), request.params.id, app.ctx.clock.now(), app.ctx.config.publicUrl),
    }),
  );

  void mfaChallengeData;
}
