import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ROLES, isRole, type Role } from '@app/shared/roles';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SEED_DEMO: z.enum(['true', 'false', 'auto']).default('auto'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('MentorBridge <no-reply@mentorbridge.local>'),
  /** The domain of Message-IDs and calendar UIDs (decision 823); defaults to PUBLIC_URL's host when it is a domain. */
  MAIL_DOMAIN: z
    .string()
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/i, 'MAIL_DOMAIN must be a domain name such as mentorbridge.example.edu')
    .optional(),
  /** The platform's default language (a catalogue's tag) for people who chose none and whose organisation has none (decision 970). */
  DEFAULT_LANGUAGE: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/, 'DEFAULT_LANGUAGE must be a language tag (en, hi, es, ar)').default('en'),
  MEETING_BASE_URL: z.string().url().default('https://meet.jit.si'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool,
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(72_000),
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(8000).default(1500),
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  LOGIN_MAX_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_PER_ACCOUNT_ALL_SOURCES: z.coerce.number().int().positive().default(20),
  LOGIN_MAX_PER_IP: z.coerce.number().int().positive().default(30),
  /** New accounts (student, expert, organisation) from one address per hour. */
  REGISTER_MAX_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  /** Issue 28: people outside an organisation (mentors) its programmes may invite per 24 hours. */
  ORG_OUTSIDE_INVITES_PER_DAY: z.coerce.number().int().min(0).default(25),
  JOBS_ENABLED: z.enum(['true', 'false']).default('true'),
  STATIC_DIR: z.string().optional(),
  UPLOADS_DIR: z.string().optional(),
  STORAGE_DRIVER: z.enum(['local', 'database']).default('local'),
  CATALOGUE_CACHE: z.enum(['on', 'off', 'verify']).default('on'),
  /** Roles that must use a second factor (comma-separated; empty = nobody). */
  MFA_REQUIRED_ROLES: z.string().default('admin,university_admin,company_admin'),
  /** Days a required role may keep working before enrolling (0 = at once). */
  MFA_GRACE_DAYS: z.coerce.number().int().min(0).max(36500).default(7),
  /** WebAuthn relying party id (a domain); defaults to PUBLIC_URL's host name. */
  WEBAUTHN_RP_ID: z.string().optional(),
  /** Origins passkey ceremonies may come from (comma-separated); defaults to PUBLIC_URL's origin. */
  WEBAUTHN_ORIGINS: z.string().optional(),
  /** Hours between an erasure request and the erasure (issue 24; DPDP asks 48). */
  ERASURE_NOTICE_HOURS: z.coerce.number().int().min(0).max(24 * 90).default(48),
  /** Issue 27: who runs this server, for push services (RFC 8292): `mailto:` or an https URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be mailto:<address> or an https:// URL')
    .optional(),
  /** A VAPID key pair kept elsewhere (base64url, as `web-push generate-vapid-keys` prints); both or neither. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  /** Push services beyond the major browsers' (comma-separated https origins), e.g. a private relay or a test. */
  PUSH_SERVICE_ORIGINS: z.string().default(''),
  /** A PEM file of extra certificate authorities trusted for push services only (a private relay, tests). */
  PUSH_CA_FILE: z.string().optional(),
  /**
   * Issue 23 (decision 850): hosts an SSO connection may reach although they resolve to a non-public
   * address (loopback, private network), and over plain http. Comma-separated; empty = none.
   */
  SSO_FETCH_ALLOW_HOSTS: z.string().default(''),
});

export type Config = ReturnType<typeof loadConfig>;

/**
 * Parse the environment once. Refuses to start with a list of what is wrong.
 * Without JWT_SECRET a random one is generated and kept in DATA_DIR so tokens survive restarts.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const c = parsed.data;
  const dataDir = path.resolve(c.DATA_DIR);
  // Several processes on one PostgreSQL must share the signing key; a single embedded-database
  // process may keep a generated one in DATA_DIR.
  if (c.NODE_ENV === 'production' && c.DATABASE_URL && !c.JWT_SECRET) {
    throw new Error('Invalid configuration:\n  - JWT_SECRET: required in production with DATABASE_URL');
  }
  // Half of a pair would be ignored without a word: refuse instead.
  if (Boolean(c.ADMIN_EMAIL) !== Boolean(c.ADMIN_PASSWORD)) {
    throw new Error(`Invalid configuration:\n  - ${c.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'}: required with ${c.ADMIN_EMAIL ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD'} (the administrator created at start)`);
  }
  if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY)) {
    throw new Error(`Invalid configuration:\n  - ${c.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'}: required with ${c.VAPID_PUBLIC_KEY ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'}`);
  }
  const pushOrigins = c.PUSH_SERVICE_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean);
  for (const o of pushOrigins) {
    const u = URL.canParse(o) ? new URL(o) : null;
    if (!u || u.protocol !== 'https:' || u.origin !== o.replace(/\/$/, '')) throw new Error(`Invalid configuration:\n  - PUSH_SERVICE_ORIGINS: ${o} is not an https origin (https://host[:port])`);
  }
  return {
    env: c.NODE_ENV,
    host: c.HOST,
    port: c.PORT,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: c.DATABASE_URL,
    seedDemo: c.SEED_DEMO,
    jwtSecret: c.JWT_SECRET ?? persistentSecret(dataDir),
    adminEmail: c.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: c.ADMIN_PASSWORD,
    smtpUrl: c.SMTP_URL || undefined,
    mailFrom: c.MAIL_FROM,
    mailDomain: c.MAIL_DOMAIN?.toLowerCase() ?? messageIdDomain(c.PUBLIC_URL ?? ''),
    defaultLanguage: c.DEFAULT_LANGUAGE,
    meetingBaseUrl: c.MEETING_BASE_URL.replace(/\/$/, ''),
    logLevel: c.LOG_LEVEL,
    trustProxy: c.TRUST_PROXY,
    bodyLimit: c.BODY_LIMIT_BYTES,
    requestTimeoutMs: c.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: c.HEADERS_TIMEOUT_MS,
    keepAliveTimeoutMs: c.KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeoutMs: c.CONNECTION_TIMEOUT_MS,
    shutdownDrainMs: c.SHUTDOWN_DRAIN_MS,
    statementTimeoutMs: c.STATEMENT_TIMEOUT_MS,
    login: {
      maxPerAccount: c.LOGIN_MAX_PER_ACCOUNT,
      maxPerAccountAllSources: c.LOGIN_MAX_PER_ACCOUNT_ALL_SOURCES,
      maxPerIp: c.LOGIN_MAX_PER_IP,
      windowSeconds: c.LOGIN_WINDOW_SECONDS,
    },
    registerMaxPerIp: c.REGISTER_MAX_PER_IP,
    orgOutsideInvitesPerDay: c.ORG_OUTSIDE_INVITES_PER_DAY,
    jobsEnabled: c.JOBS_ENABLED === 'true',
    staticDir: c.STATIC_DIR ? path.resolve(c.STATIC_DIR) : undefined,
    erasureNoticeHours: c.ERASURE_NOTICE_HOURS,
    uploadsDir: path.resolve(c.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    /** Where uploads live: `local` (uploadsDir, one machine) or `database` (shared by every process). */
    storageDriver: c.STORAGE_DRIVER,
    /** The shared catalogue cache (decision 441): on, off, or verify (every hit compared with a fresh read). */
    catalogueCache: c.CATALOGUE_CACHE,
    push: {
      /** RFC 8292 subject: configured, else the https PUBLIC_URL, else the MAIL_FROM address. */
      subject: c.VAPID_SUBJECT ?? vapidSubject(c.PUBLIC_URL, c.MAIL_FROM),
      publicKey: c.VAPID_PUBLIC_KEY,
      privateKey: c.VAPID_PRIVATE_KEY,
      extraOrigins: pushOrigins.map((o) => new URL(o).origin),
      caFile: c.PUSH_CA_FILE,
    },
    mfa: {
      requiredRoles: parseRoles(c.MFA_REQUIRED_ROLES),
      graceDays: c.MFA_GRACE_DAYS,
      rpId: c.WEBAUTHN_RP_ID ?? new URL(c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).hostname,
      origins: c.WEBAUTHN_ORIGINS
        ? c.WEBAUTHN_ORIGINS.split(',').map((o) => new URL(o.trim()).origin)
        : [new URL(c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).origin],
    },
    sso: {
      fetchAllowHosts: c.SSO_FETCH_ALLOW_HOSTS.split(',')
        .map((h) => h.trim().toLowerCase().replace(/^\[|\]$/g, ''))
        .filter(Boolean),
    },
  };
}

function vapidSubject(publicUrl: string | undefined, mailFrom: string): string {
  if (publicUrl?.startsWith('https://')) return new URL(publicUrl).origin;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

function parseRoles(value: string): Role[] {
  const names = value.split(',').map((r) => r.trim()).filter(Boolean);
  const unknown = names.filter((r) => !isRole(r));
  if (unknown.length > 0) throw new Error(`Invalid configuration:\n  - MFA_REQUIRED_ROLES: unknown role ${unknown.join(', ')} (roles: ${ROLES.join(', ')})`);
  return names.filter(isRole);
}

function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, '.jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The right-hand side of every Message-ID and calendar UID (decision 823): the host of PUBLIC_URL when it
 * is a domain name (has a dot and is not an address), else `mentorbridge.invalid` (RFC 2606: never a
 * real host), so a Message-ID is always `<id@domain>`. MAIL_DOMAIN, when set, overrides it.
 */
export function messageIdDomain(publicUrl: string): string {
  const host = URL.canParse(publicUrl) ? new URL(publicUrl).hostname.toLowerCase() : '';
  const isAddress = /^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[');
  return host.includes('.') && !isAddress ? host : 'mentorbridge.invalid';
}
