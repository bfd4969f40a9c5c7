import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { isEmpty, seedDemo } from './demo/index.ts';
import { ensureAdmin } from './modules/auth/index.ts';

export interface Prepared {
  database: Database;
  seeded: boolean;
}

/**
 * Open and migrate the database, load demo data on a new one, create the administrator named by
 * ADMIN_EMAIL/ADMIN_PASSWORD. Configuration that is given is never silently ignored: what cannot be
 * applied is logged as a warning (or refuses to start, when applying it would be wrong).
 */
export async function prepareDatabase(config: Config, log: Pick<FastifyBaseLogger, 'info' | 'warn'>): Promise<Prepared> {
  // A lost connection is logged and the pool opens a new one when asked; it never ends the process.
  const database = await openDatabase(config, (err) => log.warn(`database connection lost: ${err.message}`));
  try {
    await database.migrate();
    let seeded = false;
    const wantSeed = config.seedDemo === 'true' || (config.seedDemo === 'auto' && database.kind === 'pglite');
    if (wantSeed && (await isEmpty(database.db))) {
      log.info('new database: loading demo data');
      await seedDemo(database.db);
      seeded = true;
    } else if (config.seedDemo === 'true') {
      log.warn('SEED_DEMO=true ignored: the database already has accounts (demo data is only loaded into a new database)');
    }
    if (config.adminEmail && config.adminPassword) {
      // Also on a demo database, which has its own admin: the operator asked for this one.
      const admin = await ensureAdmin(database.db, config.adminEmail, config.adminPassword);
      if (admin.created) log.info(`administrator ${config.adminEmail} created from ADMIN_EMAIL`);
      else {
        log.warn(
          `ADMIN_EMAIL ${config.adminEmail} is already an administrator: ADMIN_PASSWORD was not applied (an existing password is never overwritten at start; change it in the app or through forgot-password)`,
        );
      }
    }
    return { database, seeded };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
