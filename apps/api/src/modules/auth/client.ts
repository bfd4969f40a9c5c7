import type { FastifyRequest } from 'fastify';
import type { App } from '../../lib/http.ts';
import { languageFromHeader } from '../../lib/i18n.ts';
import type { AuthDeps } from './auth.service.ts';
import type { ClientInfo } from './sessions.service.ts';

/** The device a request comes from, for its sign-in session (issue 23). */
export function clientOf(request: FastifyRequest): ClientInfo {
  const ua = request.headers['user-agent'];
  return { userAgent: typeof ua === 'string' ? ua : '', ip: request.ip };
}

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** What the sign-in services need, with the caller's device and the application's clock. */
export function authDeps(app: App, request?: FastifyRequest): AuthDeps {
  return {
    db: app.ctx.db,
    tokens: app.ctx.tokens,
    config: app.ctx.config,
    clock: app.ctx.clock,
    ...(request ? { client: clientOf(request), language: languageFromHeader(headerValue(request.headers['accept-language'])) } : {}),
  };
}
