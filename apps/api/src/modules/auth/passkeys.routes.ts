import { envelope, idParams } from '@app/shared/api';
import { authData } from '@app/shared/auth';
import {
  authenticationOptionsData,
  passkeyData,
  passkeyLoginBody,
  passkeyRegisterBody,
  passkeyRenameBody,
  passkeysData,
  registrationOptionsData,
} from '@app/shared/security';
import { z } from 'zod';
import { actorOf, type App } from '../../lib/http.ts';
import * as passkeys from './passkeys.service.ts';
import { authDeps } from './client.ts';

const secured = { tags: ['auth'], security: [{ bearer: [] }] };
/** Registering a passkey is one way to enrol a second factor: open to a person who must enrol. */
const enrolment = { access: 'authenticated' as const, allowMfaEnrolment: true };

export async function passkeysRoutes(app: App) {
  app.get(
    '/auth/passkeys',
    { config: enrolment, schema: { ...secured, response: { 200: envelope(passkeysData) } } },
    async (request) => ({ success: true as const, data: { passkeys: await passkeys.listPasskeys(app.ctx.db, actorOf(request).id) } }),
  );

  app.post(
    '/auth/passkeys/registration-options',
    { config: enrolment, schema: { ...secured, response: { 200: envelope(registrationOptionsData) } } },
    async (request) => ({ success: true as const, data: await passkeys.registrationOptions(authDeps(app, request), actorOf(request)) }),
  );

  app.post(
    '/auth/passkeys',
    { config: enrolment, schema: { ...secured, body: passkeyRegisterBody, response: { 201: envelope(passkeyData) } } },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        message: 'Passkey added.',
        data: { passkey: await passkeys.registerPasskey(authDeps(app, request), actorOf(request), request.body) },
      }),
  );

  app.patch(
    '/auth/passkeys/:id',
    { config: { access: 'authenticated' }, schema: { ...secured, params: idParams, body: passkeyRenameBody, response: { 200: envelope(passkeyData) } } },
    async (request) => ({
      success: true as const,
      message: 'Passkey renamed.',
      data: { passkey: await passkeys.renamePasskey(app.ctx.db, actorOf(request).id, request.params.id, request.body.name) },
    }),
  );

  app.delete(
    '/auth/passkeys/:id',
    { config: { access: 'authenticated' }, schema: { ...secured, params: idParams, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await passkeys.removePasskey(app.ctx.db, actorOf(request).id, request.params.id);
      return { success: true as const, message: 'Passkey removed.', data: null };
    },
  );

  // Sign in with a passkey, no password: options (a stored challenge), then the browser's assertion.
  app.post(
    '/auth/passkey/options',
    { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: envelope(authenticationOptionsData) } } },
    async (request) => ({ success: true as const, data: await passkeys.loginOptions(authDeps(app, request)) }),
  );

  app.post(
    '/auth/passkey/login',
    { config: { access: 'public' }, schema: { tags: ['auth'], body: passkeyLoginBody, response: { 200: envelope(authData) } } },
    async (request) => ({ success: true as const, message: 'Login successful', data: await passkeys.loginWithPasskey(authDeps(app, request), request.body) }),
  );
}
