import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { isEmpty, seedDemo } from './db/seed/index.ts';
import { ensureAdmin } from './modules/auth/auth.service.ts';
import { backup, restore } from './ops/backup.ts';

const USAGE = `Usage:
  migrate                                   apply database migrations
  seed                                      load demo data into an empty database
  admin:create --email E --password P [--first-name F --last-name L]
                                            create an administrator (ADMIN_EMAIL/ADMIN_PASSWORD also work)
  backup --out DIR                          back up the database and uploads into an empty DIR
  restore --from DIR                        replace the database and uploads with a backup, then verify it`;

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
