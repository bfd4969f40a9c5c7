import { eq, sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { users } from '../../src/db/schema/users.ts';
import type { App } from '../../src/lib/http.ts';
import { closeTestApp, openTestDatabase, testConfig, type TestContext } from '../harness.ts';
import { contractRecorder } from '../contract.ts';

export const ISSUER = 'mentorbridge';
export const AUDIENCE = 'mentorbridge-api';

/** Sign a token with full control over header and claims (what an attacker can do with a key). */
export async function craftToken(
  secret: string | Uint8Array,
  claims: Record<string, unknown>,
  options: { alg?: string; typ?: string; issuer?: string; audience?: string; expiresIn?: string | number; issuedAt?: number } = {},
): Promise<string> {
  const key = typeof secret === 'string' ? new TextEncoder().encode(secret) : secret;
  let jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: options.typ ?? 'JWT' })
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? AUDIENCE)
    .setIssuedAt(options.issuedAt);
  if (options.expiresIn !== undefined) jwt = jwt.setExpirationTime(options.expiresIn);
  return jwt.sign(key);
}

export const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Deactivate the way the admin module does: inactive and every older token dead. */
export async function deactivate(t: TestContext, userId: string) {
  await t.database.db
    .update(users)
    .set({ isActive: false, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

// A test app that also records its route table and (optionally) its log lines.

export interface RouteInfo {
  method: string;
  url: string;
  access: unknown;
  allowTemporaryPassword: boolean;
  /** "Member of this organisation" ownership (decision 480). */
  member?: string;
  /** Issue 28: an expert awaiting verification may call it (their own account only). */
  allowPendingExpert: boolean;
}

export interface SecurityContext extends TestContext {
  routes: RouteInfo[];
  /** Every log line written so far (only when built with `capture: true`). */
  logs: string[];
}

export interface SecurityAppOptions {
  overrides?: Record<string, string>;
  /** Build with the app's own redacting logger writing into `logs`. */
  capture?: boolean;
  /** Add routes before the app is ready (e.g. a route that throws). */
  extend?: (app: App) => void;
}

/** Every /api route, one entry per method (HEAD routes Fastify adds for GET are left out). */
function record(routes: RouteInfo[], route: RouteOptions) {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    if (method === 'HEAD') continue;
    if (!(route.url === '/api' || route.url.startsWith('/api/')) || route.url.startsWith('/api/docs')) continue;
    const config = (route.config ?? {}) as { access?: unknown; allowTemporaryPassword?: boolean; member?: string; allowPendingExpert?: boolean };
    routes.push({
      method,
      url: route.url,
      access: config.access,
      allowTemporaryPassword: config.allowTemporaryPassword === true,
      member: config.member,
      allowPendingExpert: config.allowPendingExpert === true,
    });
  }
}

export function useSecurityApp(options: SecurityAppOptions = {}): SecurityContext {
  const ctx = { routes: [], logs: [] } as unknown as SecurityContext;
  let drop: (() => Promise<void>) | undefined;
  const recorder = contractRecorder();
  beforeAll(async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    const config = testConfig({ ...(options.capture ? { LOG_LEVEL: 'debug' } : {}), ...options.overrides });
    const app = await buildApp({
      config,
      database: opened.database,
      startJobs: false,
      logger: options.capture ? undefined : false,
      logStream: options.capture ? { write: (line: string) => void ctx.logs.push(line) } : undefined,
      onRoute: (route) => record(ctx.routes, route),
      onSend: recorder.onSend,
    });
    options.extend?.(app);
    await app.ready();
    Object.assign(ctx, { app, database: opened.database, config, runJobs: () => app.ctx.jobs.runDue() });
  });
  afterAll(async () => {
    await closeTestApp(ctx, recorder, drop);
  });
  return ctx;
}

/** A concrete URL for a route pattern: every path parameter becomes `value`. */
export function fillParams(url: string, value = 'aaaaaaaaaaaaaaaaaaaaaaaa'): string {
  return url.replace(/:[A-Za-z0-9_]+/g, encodeURIComponent(value)).replace(/\*$/, 'x');
}
