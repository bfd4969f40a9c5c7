// What the benches share (issue 29): a scratch PostgreSQL database and the production-like API config on a
// temporary DATA_DIR, and the seeded generator the data sets are drawn with.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config.ts';

export interface ScratchDatabase {
  /** Its connection URL (on the same server as the URL it was made from). */
  url: string;
  /** Drop it (WITH FORCE) and close the admin connection; with `keep`, only say that it was kept. */
  drop: () => Promise<void>;
}

/** A new database `<prefix>_<8 hex>` on the PostgreSQL server of `serverUrl`, through one admin connection. */
export async function scratchDatabase(serverUrl: string, prefix: string, { keep = false } = {}): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      if (keep) console.log(`kept database ${name}`);
      else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** The API's config as in production (warn logs, a fresh JWT secret), on `dataDir`, on PostgreSQL when `databaseUrl` is given. */
export function benchConfig(dataDir: string, databaseUrl: string | undefined, extra: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    LOG_LEVEL: 'warn',
    STATIC_DIR: path.join(dataDir, 'no-static'),
    ...extra,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
}

/** mulberry32: a tiny seeded PRNG (uniform in [0, 1)), so a data set is the same for the same seed. */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
