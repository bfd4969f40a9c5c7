import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { isEmpty, seedDemo } from './db/seed/index.ts';
import { adminExists, ensureAdmin } from './modules/auth/auth.service.ts';

export interface Prepared {
  database: Database;
  seeded: boolean;
}

/** Open and migrate the database, load demo data on a new one, create the first admin if asked. */
export async function prepareDatabase(config: Config, log: Pick<FastifyBaseLogger, 'info' | 'warn'>): Promise<Prepared> {
  const database = await openDatabase(config);
  await database.migrate();
  let seeded = false;
  const wantSeed = config.seedDemo === 'true' || (config.seedDemo === 'auto' && database.kind === 'pglite');
  if (wantSeed && (await isEmpty(database.db))) {
    log.info('new database: loading demo data');
    await seedDemo(database.db);
    seeded = true;
  }
  if (config.adminEmail && config.adminPassword && !(await adminExists(database.db))) {
    await ensureAdmin(database.db, config.adminEmail, config.adminPassword);
    log.info({ email: config.adminEmail }, 'first administrator created from ADMIN_EMAIL');
  }
  return { database, seeded };
}
