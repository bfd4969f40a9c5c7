import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { isEmpty, seedDemo } from './db/seed/index.ts';
import { ensureAdmin } from './modules/auth/auth.service.ts';

const USAGE = `Usage:
  migrate                                   apply database migrations
  seed                                      load demo data into an empty database
  admin:create --email E --password P [--first-name F --last-name L]
                                            create an administrator (ADMIN_EMAIL/ADMIN_PASSWORD also work)`;

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const config = loadConfig();
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
