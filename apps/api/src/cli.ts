import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { isEmpty, seedDemo } from './demo/index.ts';
import { ensureAdmin } from './modules/auth/index.ts';
import { assertEmbeddedDatabaseIdle, backup, restore } from './ops/backup.ts';
import { createStorage, migrateStorage, type StorageDriver } from './lib/storage.ts';

const USAGE = `Usage:
  migrate                                   apply database migrations
  seed                                      load demo data into an empty database
  admin:create --email E --password P [--first-name F --last-name L]
                                            create an administrator (ADMIN_EMAIL/ADMIN_PASSWORD also work)
  backup --out DIR                          back up the database and uploads into an empty DIR
  restore --from DIR                        replace the database and uploads with a backup, then verify it
  storage:migrate --from local|database --to local|database
                                            copy every stored file to the other driver and verify it
                                            (idempotent; then set STORAGE_DRIVER to the new driver)`;

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'backup' || command === 'restore') {
    const { values } = parseArgs({ args: rest, options: { out: { type: 'string' }, from: { type: 'string' } } });
    if (command === 'backup') {
      if (!values.out) throw new Error('backup needs --out DIR');
      const manifest = await backup(config, values.out);
      const rows = Object.values(manifest.fingerprint.tables).reduce((n, t) => n + t.rows, 0);
      console.log(`backup written to ${values.out}: ${rows} rows in ${Object.keys(manifest.fingerprint.tables).length} tables, ${Object.keys(manifest.fingerprint.files).length} files`);
    } else {
      if (!values.from) throw new Error('restore needs --from DIR');
      await restore(config, values.from);
      console.log(`restored from ${values.from} and verified: rows and files identical to the backup`);
    }
    return;
  }
  if (command === 'storage:migrate') {
    const { values } = parseArgs({ args: rest, options: { from: { type: 'string' }, to: { type: 'string' } } });
    const drivers = ['local', 'database'] as const;
    const from = drivers.find((d) => d === values.from);
    const to = drivers.find((d) => d === values.to);
    if (!from || !to || from === to) throw new Error('storage:migrate needs --from and --to, two different drivers: local, database');
    if (!config.databaseUrl) await assertEmbeddedDatabaseIdle(config);
    const database = await openDatabase(config);
    try {
      await database.migrate();
      const open = (driver: StorageDriver) => createStorage(driver, { root: config.uploadsDir, db: database.db });
      const result = await migrateStorage(open(from), open(to));
      console.log(`storage: ${result.copied} files copied from ${from} to ${to} and verified, ${result.same} already there`);
      if (config.storageDriver !== to) console.log(`now set STORAGE_DRIVER=${to} and restart the servers`);
    } finally {
      await database.close();
    }
    return;
  }
  const database = await openDatabase(config);
  try {
    await database.migrate();
    switch (command) {
      case 'migrate':
        console.log('migrations applied');
        break;
      case 'seed':
        if (!(await isEmpty(database.db))) {
          console.log('database already has accounts: demo data not loaded');
          break;
        }
        await seedDemo(database.db);
        console.log('demo data loaded');
        break;
      case 'admin:create': {
        const { values } = parseArgs({
          args: rest,
          options: {
            email: { type: 'string' },
            password: { type: 'string' },
            'first-name': { type: 'string' },
            'last-name': { type: 'string' },
          },
        });
        const email = values.email ?? config.adminEmail;
        const password = values.password ?? config.adminPassword;
        if (!email || !password) throw new Error('admin:create needs --email and --password (or ADMIN_EMAIL and ADMIN_PASSWORD)');
        if (password.length < 8) throw new Error('The admin password must be at least 8 characters');
        const result = await ensureAdmin(database.db, email, password, {
          firstName: values['first-name'] ?? 'Platform',
          lastName: values['last-name'] ?? 'Admin',
        });
        console.log(result.created ? `administrator ${email} created` : `${email} is already an administrator`);
        break;
      }
      default:
        console.log(USAGE);
        process.exitCode = command ? 1 : 0;
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
