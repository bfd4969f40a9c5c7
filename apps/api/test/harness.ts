import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { PGLITE_EXTENSIONS, fromPglite, openPostgres, type Database } from '../src/db/client.ts';
import type { App } from '../src/lib/http.ts';
import { withDatabase } from './global-setup.ts';
import { checkRecordedReplies, contractRecorder } from './contract.ts';

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  /** Run every queued background job now (e-mails, notifications). */
  runJobs(): Promise<number>;
}

/** Open this test file's own database: a copy of the migrated template. */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  const pgTemplate = inject('postgresTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (pgTemplate && url) {
    const name = `mb_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
        break;
      } catch (error) {
        // Another file is copying the template at this moment: wait and retry.
        if (attempt > 40) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    const database = openPostgres(withDatabase(url, name), { max: 10, statementTimeoutMs: 10_000 });
    return {
      database,
      // The event bus LISTENs on its own connection to this database (pg_notify delivery).
      url: withDatabase(url, name),
      drop: async () => {
        await database.close().catch(() => undefined);
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
        await admin.end();
      },
    };
  }
  const file = inject('pgliteTemplate');
  const blob = new Blob([readFileSync(file)]);
  const client = await PGlite.create({ loadDataDir: blob, extensions: PGLITE_EXTENSIONS });
  const database = fromPglite(client);
  return { database, drop: () => database.close() };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mb-data-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    STATIC_DIR: path.join(dataDir, 'no-static'),
    // Every cache hit is compared with a fresh read and a stale one fails the test (decision 441).
    CATALOGUE_CACHE: process.env.CATALOGUE_CACHE ?? 'verify',
    // Admins signing in through /auth/login are asked to enrol a second factor but never blocked in the
    // suite's time travel; the MFA tests set their own grace (issue 23, decision 761).
    MFA_GRACE_DAYS: '36500',
    ...overrides,
  });
}

/**
 * Build the app on a fresh database for this test file. Use at the top level of a test file:
 *   const t = useTestApp();  ...  t.app.inject(...)
 */
export function useTestApp(overrides: Record<string, string> = {}): TestContext {
  const ctx = {} as TestContext;
  let drop: (() => Promise<void>) | undefined;
  const recorder = contractRecorder();
  beforeAll(async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    const config = testConfig({ ...(opened.url ? { DATABASE_URL: opened.url } : {}), ...overrides });
    const app = await buildApp({ config, database: opened.database, startJobs: false, logger: false, onSend: recorder.onSend });
    await app.ready();
    Object.assign(ctx, { app, database: opened.database, config, runJobs: () => app.ctx.jobs.runDue() });
  });
  afterAll(async () => {
    await closeTestApp(ctx, recorder, drop);
  });
  return ctx;
}

/**
 * Close a file's app: first check every reply it gave against its OpenAPI document (test/contract.ts,
 * issue 28), then close and drop the database whatever the check found, then fail the file if it found anything.
 */
export async function closeTestApp(
  ctx: Partial<TestContext>,
  recorder: ReturnType<typeof contractRecorder>,
  drop: (() => Promise<void>) | undefined,
): Promise<void> {
  let failure: unknown;
  try {
    if (ctx.app) checkRecordedReplies(ctx.app, recorder.replies);
  } catch (error) {
    failure = error;
  }
  await ctx.app?.close();
  await drop?.();
  if (ctx.config) rmSync(ctx.config.dataDir, { recursive: true, force: true });
  if (failure) throw failure;
}
