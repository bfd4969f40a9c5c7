import { existsSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest, type FastifyServerOptions, type RouteOptions } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { isResponseSerializationError, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '@app/shared/api';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { AppError, causes, errorCode, STORAGE_FULL_MESSAGE } from './lib/errors.ts';
import { assertCleanInput } from './lib/input-guard.ts';
import { isContractValidationError, validatorCompiler } from './lib/request-validation.ts';
import { FRAMEWORK_ERROR_HEADERS, clientErrorHandler, enforceFramePolicy, helmetHeaders } from './lib/security-headers.ts';
import { safeError, scrubLogArgs } from './lib/log-safety.ts';
import { createCatalogueCache, etagOf, installCacheTriggers } from './lib/cache.ts';
import { createEventBus } from './lib/events.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { swaggerOptions } from './lib/openapi.ts';
import type { App, AppContext } from './lib/http.ts';
import { createClock } from './lib/clock.ts';
import { createJobRunner } from './lib/jobs.ts';
import { createEmailJob, EMAIL_JOB } from './lib/mail.ts';
import { EVENT_CHANGE_JOB } from './lib/event-changes.ts';
import { createEventChangeJob } from './modules/calendar/index.ts';
import { PROGRAMME_INVITE_JOB, createProgrammeInviteJob } from './modules/programmes/index.ts';
import { setUidDomain } from './lib/calendar.ts';
import { setPlatformLanguage } from './lib/recipient-locale.ts';
import { PUSH_JOB, createPushJob } from './modules/push/index.ts';
import { inlineStyle, publicPagesRoutes } from './modules/public-pages/index.ts';
import { createStorage, isStorageFull } from './lib/storage.ts';
import { createScheduler, pruneFinishedJobs } from './lib/scheduler.ts';
import { UPLOAD_SWEEP_EVERY_MS, runUploadSweep } from './lib/uploads.ts';
import { OneLinePerRequest } from './lib/request-log.ts';
import { createTokenService } from './lib/tokens.ts';
import { registerAccessControl } from './modules/auth/index.ts';
import { localiseEnvelope, profileLanguage, requestLanguage } from './lib/i18n.ts';
import { registerModules } from './modules/index.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Run the background job worker (off in tests, which drain jobs explicitly). */
  startJobs?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Where the default (redacting) logger writes; tests pass a memory stream to grep what is logged. */
  logStream?: { write(line: string): void };
  /** Sees every route as it is registered (the authorization-matrix test collects the route table). */
  onRoute?: (route: RouteOptions) => void;
  /** Sees every reply as it leaves, after every other hook (the OpenAPI conformance test records them). */
  onSend?: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
}

const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.passwordHash',
];

export async function buildApp(options: BuildOptions): Promise<App> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      // Standard output written asynchronously (decision 662): lines logged while a write is in flight go
      // out together in the next one, instead of one blocking write(2) per line on the event loop; pino
      // flushes what is left synchronously when the process exits.
      stream: options.logStream ?? pino.destination({ dest: 1, sync: false }),
      redact: { paths: REDACT, censor: '[redacted]' },
      // Errors and strings are scrubbed wherever they appear (bound query parameters, hashes, tokens).
      hooks: {
        logMethod(args: unknown[], method: (...a: unknown[]) => void) {
          method.apply(this, scrubLogArgs(args));
        },
      },
      serializers: {
        err: (err: unknown) => {
          const safe = safeError(err);
          return typeof safe === 'string' ? { type: 'Error', message: safe, stack: '' } : { stack: '', ...safe };
        },
        // Reset tokens travel in the query string of the /reset-password page: never log them.
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: req.url.replace(/([?&](?:token|code)=)[^&]*/gi, '$1[redacted]'),
          ip: req.ip,
        }),
      },
    },
    // One line per request, at completion (decision 641).
    logController: new OneLinePerRequest(),
    bodyLimit: config.bodyLimit,
    // Explicit timeouts (docs/security.md): a whole request must arrive within requestTimeout, its
    // headers within headersTimeout (set on the server below), an idle keep-alive socket is closed
    // after keepAliveTimeout and a socket with no activity at all after connectionTimeout.
    requestTimeout: config.requestTimeoutMs,
    // Issue 28: Node enforces headersTimeout/requestTimeout only when it checks its connections, every
    // 30 s by default — a slow-header client held a socket 30.6 s against a documented 10 s. Check often
    // enough that the configured limit is what applies (within a quarter of it, at most 1 s late).
    http: {
      headersTimeout: Math.min(config.headersTimeoutMs, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(Math.min(config.headersTimeoutMs, config.requestTimeoutMs) / 4))),
    },
    keepAliveTimeout: config.keepAliveTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    // Requests the HTTP parser refuses are answered in the envelope too.
    clientErrorHandler,
    // Malformed URLs and over-long path parameters are answered in the envelope, not Fastify's raw shape.
    frameworkErrors: (error, request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const message = tooLong ? 'A path parameter is too long' : 'Malformed URL';
      const raw = reply as unknown as { status(code: number): { headers(h: object): { send(body: unknown): unknown } } };
      const status = tooLong ? 414 : 400;
      // SCIM clients (Entra ID, Okta) read RFC 7644's error shape under /api/scim/v2 (issue 23), the envelope elsewhere.
      if (request.url.startsWith('/api/scim/v2/')) {
        void raw
          .status(status)
          .headers({ ...FRAMEWORK_ERROR_HEADERS, 'content-type': 'application/scim+json; charset=utf-8' })
          .send(JSON.stringify({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: String(status), detail: message, scimType: 'invalidValue' }));
        return;
      }
      void raw.status(status).headers(FRAMEWORK_ERROR_HEADERS).send({ success: false, message, code: ErrorCode.VALIDATION, errors: [message] });
    },
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    // Graceful shutdown (server.ts): requests already received on open connections are answered,
    // not refused with 503 or reset; idle connections are closed once they have been drained.
    return503OnClosing: false,
    forceCloseConnections: false,
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();

  // Node's own limit for receiving the request head (default 60 s), kept below the request timeout.
  app.server.headersTimeout = Math.min(config.headersTimeoutMs, config.requestTimeoutMs);

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // The contracts' checks, with zod's own messages replaced by catalogued ones (lib/request-validation.ts).
  app.setValidatorCompiler(validatorCompiler);
  // Production writes responses with each contract's compiled serializer; tests and development also
  // validate against the contract and check the compiled output is the same (decision 665).
  app.setSerializerCompiler(responseSerializerCompiler(config.env === 'production' ? 'compiled' : 'checked'));

  const clock = createClock();
  const jobs = createJobRunner(database.db, app.log, { clock });
  const events = createEventBus(database, app.log, config.databaseUrl);
  const scheduler = createScheduler(database.db, jobs, clock, app.log);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    tokens: createTokenService(config.jwtSecret),
    jobs,
    clock,
    scheduler,
    events,
    storage: createStorage(config.storageDriver, { root: config.uploadsDir, db: database.db }),
    cache: createCatalogueCache({
      mode: config.catalogueCache,
      live: () => events.listening(),
      barrier: () => events.barrier(),
      log: app.log,
    }),
    lifecycle: { draining: false },
  };
  app.decorate('ctx', ctx);
  if (config.catalogueCache !== 'off') events.subscribe((event) => ctx.cache.onEvent(event));
  setUidDomain(config.mailDomain);
  setPlatformLanguage(config.defaultLanguage);
  jobs.register(EMAIL_JOB, createEmailJob(database.db, config, app.log));
  // Files orphaned by a crash (written, row never committed) are removed after an hour's grace.
  scheduler.every('uploads.sweep', UPLOAD_SWEEP_EVERY_MS, () => runUploadSweep(database.db, ctx.storage, app.log));
  scheduler.every('jobs.prune', 86_400_000, (now) => pruneFinishedJobs(database.db, now));
  jobs.register(EVENT_CHANGE_JOB, createEventChangeJob(database.db, config));
  jobs.register(PROGRAMME_INVITE_JOB, createProgrammeInviteJob(database.db, config));
  jobs.register(PUSH_JOB, createPushJob({ db: database.db, config, log: app.log }));

  const spaRoot = config.staticDir ?? defaultStaticDir();
  const hasSpa = Boolean(spaRoot && existsSync(path.join(spaRoot, 'index.html')));
  // The server-rendered pages carry the web build's stylesheet inline (decision 1330): its hash, and no other
  // inline style, is allowed.
  const pageStyle = spaRoot && hasSpa ? inlineStyle(spaRoot) : undefined;
  // Security headers (helmet's), computed once: @fastify/helmet built helmet's middleware anew for every
  // request (its CSP directives parsed each time), ~2 % of an uncached list's CPU (decision 663).
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", ...(pageStyle ? [pageStyle.source] : [])],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // One framing policy: never framed, by anyone (CSP frame-ancestors 'none' and X-Frame-Options DENY).
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    done();
  });
  await app.register(multipart, {
    limits: { fileSize: 10 * 1024 * 1024, files: 8, fields: 30, fieldSize: 64 * 1024, parts: 40 },
  });

  // The OpenAPI document from the zod contracts, error answers included (lib/openapi.ts, decision 835).
  await app.register(swagger, swaggerOptions());
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.addHook('onSend', async (_request, reply) => {
    enforceFramePolicy(reply);
    // While draining, tell clients not to reuse the connection: their next request goes elsewhere.
    if (ctx.lifecycle.draining) void reply.header('connection', 'close');
  });
  registerCacheHooks(app, ctx);
  // Failure envelopes in the caller's language (docs/decisions/742-localised-api-errors.md): the
  // profile's choice, else Accept-Language. The machine `code` stays as it is.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.includes('"success":false')) return payload;
    void reply.header('vary', 'accept-language');
    const language = await requestLanguage(request, (id) => profileLanguage(ctx.db, id));
    return localiseEnvelope(payload, language);
  });
  if (options.onSend) app.addHook('onSend', options.onSend);

  registerAccessControl(app);
  // Before any schema: NUL, control characters, lone surrogates and absurd nesting are refused (400).
  app.addHook('preValidation', async (request) => assertCleanInput(request));
  // Given but unusable configuration is said, not ignored.
  if (config.staticDir && !hasSpa) app.log.warn(`STATIC_DIR ${config.staticDir} has no index.html: the web app is not served`);
  registerErrorHandling(app, hasSpa);
  if (spaRoot && hasSpa) await registerSpa(app, spaRoot);

  await app.register(registerModules, { prefix: '/api' });

  app.addHook('onReady', async () => {
    if (config.catalogueCache !== 'off') await installCacheTriggers(database);
    await events.start();
    if (options.startJobs && config.jobsEnabled) jobs.start();
    // Every process queues the scheduled slots (each runs once, docs/decisions/400); never while the app is
    // built or made ready (the first tick waits a turn), and not in tests, which move the clock and tick.
    if (config.jobsEnabled && config.env !== 'test') scheduler.start();
    // A crash leaves its orphans behind: a server sweeps once a second after it starts, not only in the
    // hourly slot (which another process, or this one before the crash, may already have run).
    if (options.startJobs && config.env !== 'test') {
      const first = setTimeout(() => {
        runUploadSweep(database.db, ctx.storage, app.log).catch((err: unknown) => app.log.warn({ err }, 'upload sweep at start failed'));
      }, 1000);
      first.unref();
    }
  });
  app.addHook('onClose', async () => {
    scheduler.stop();
    await jobs.stop();
    await events.stop();
  });
  return app;
}

/**
 * Read-your-own-writes for the catalogue cache: a write request is answered only once this process has
 * heard the invalidations it caused. Conditional GET for routes declaring `config.etag`.
 */
function registerCacheHooks(app: App, ctx: AppContext) {
  app.addHook('onSend', async (request, reply, payload) => {
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD') {
      // A 4xx wrote nothing (refused by the access hook or throttling, or rolled back with its
      // transaction): only successful writes (and 5xx, which may have written part) wait.
      const refused = reply.statusCode >= 400 && reply.statusCode < 500;
      if (method !== 'OPTIONS' && !refused) await ctx.cache.settle();
      return payload;
    }
    if (!request.routeOptions.config.etag || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const etag = etagOf(payload);
    void reply.header('etag', etag);
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'private, no-cache');
    const match = request.headers['if-none-match'];
    if (match && match.split(',').some((m) => m.trim().replace(/^W\//, '') === etag)) {
      void reply.code(304);
      return '';
    }
    return payload;
  });
}

function registerErrorHandling(app: App, hasSpa: boolean) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.status).send({
        success: false,
        message: error.message,
        code: error.code,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (isContractValidationError(error)) {
      const errors = [...new Set(error.validation.map((v) => v.message))];
      return reply
        .status(400)
        .send({ success: false, message: errors[0] ?? 'Invalid request', code: ErrorCode.VALIDATION, errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply
        .status(500)
        .send({ success: false, message: 'Something went wrong. Please try again.', code: ErrorCode.INTERNAL });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({ success: false, message: 'The request is too large', code: ErrorCode.TOO_LARGE });
    }
    if (status === 415) {
      return reply.status(415).send({ success: false, message: 'Unsupported content type', code: ErrorCode.UNSUPPORTED_MEDIA });
    }
    if (status === 429) {
      return reply
        .status(429)
        .send({ success: false, message: 'Too many requests. Please try again later.', code: ErrorCode.RATE_LIMITED });
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'Malformed JSON body'
          : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'Request body is empty'
            : error.message;
      return reply.status(status).send({ success: false, message, code: ErrorCode.VALIDATION, errors: [message] });
    }
    if (isInvalidText(error)) {
      // A value the database cannot store as text (e.g. NUL) that no guard caught: the caller's input.
      request.log.warn({ err: error }, 'database refused a text value');
      const message = 'The request contains characters that are not allowed';
      return reply.status(400).send({ success: false, message, code: ErrorCode.VALIDATION, errors: [message] });
    }
    if (isStorageFull(error)) {
      // docs/decisions/360-disk-full-uploads.md: 507, the envelope, nothing stored (storage.put removed its temp file).
      request.log.error({ err: error }, 'upload storage full');
      return reply.status(507).send({ success: false, message: STORAGE_FULL_MESSAGE, code: ErrorCode.UNAVAILABLE });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({
        success: false,
        message: 'Service temporarily unavailable. Please try again shortly.',
        code: ErrorCode.UNAVAILABLE,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ success: false, message: 'Something went wrong. Please try again.', code: ErrorCode.INTERNAL });
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/');
    // Client routes get the app shell (history fallback); a missing file with an extension is a real 404.
    if (hasSpa && !isApi && (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]{1,8}$/i.test(url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    if (!isApi) return reply.status(404).type('text/plain').send('Not found');
    return reply
      .status(404)
      .send({ success: false, message: `Route ${request.method} ${url} not found`, code: ErrorCode.NOT_FOUND });
  });
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08004',
  '55P03',
  '08006',
  '08001',
  '08003',
]);

/** 22021 character_not_in_repertoire, 22P05 untranslatable_character: text PostgreSQL cannot store. */
function isInvalidText(error: unknown): boolean {
  for (const e of causes(error)) {
    const code = errorCode(e);
    if (code === '22021' || code === '22P05') return true;
  }
  return false;
}

/** Connection refused/reset, statement or lock timeout, admin shutdown: the database, not the request. */
function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causes(error)) {
    const code = errorCode(e);
    if (code && UNAVAILABLE_CODES.has(code)) return true;
    // node-postgres: the connection died (mid-statement, or before a transaction's next statement or its ROLLBACK).
    if (e instanceof Error && /Connection terminated|timeout exceeded when trying to connect|is not queryable/i.test(e.message)) return true;
  }
  return false;
}

/**
 * Serve the built SPA: hashed assets cached for a year, everything else revalidated. The web build
 * writes a brotli (.br) and a gzip (.gz) copy beside each compressible file (apps/web/vite.config.ts);
 * `preCompressed` sends the best one the browser accepts, with content-encoding and
 * `vary: accept-encoding`, and the plain file otherwise (also for index.html through sendFile).
 */
async function registerSpa(app: App, root: string) {
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      void res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The public pages with their content, description and structured data in the HTML (issue 27).
  await publicPagesRoutes(app, root);
}

function defaultStaticDir(): string | undefined {
  const candidates = [
    path.resolve('apps/web/dist'),
    path.resolve('../web/dist'),
    path.resolve(process.cwd(), '../../apps/web/dist'),
  ];
  return candidates.find((c) => existsSync(path.join(c, 'index.html')));
}
