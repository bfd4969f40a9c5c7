import { count } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { users } from '../schema/users.ts';
import { seedAccounts } from './accounts.ts';
import { seedMentoring } from './mentoring.ts';
import { seedIdeas } from './ideas.ts';
import { seedNotifications } from './notifications.ts';
import { seedWorkshops } from './workshops.ts';
import { seedRdProjects } from './rd-projects.ts';
import { seedOrganisations } from './organisations.ts';
import { seedRelationships } from '../../modules/relationships/demo-seed.ts';

export { DEMO_ACCOUNTS } from './accounts.ts';

/** True when the database has no accounts yet (a new database). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Demo data for a new database. Each domain adds its own step here; all of it runs in one
 * transaction so a crash never leaves half a seed behind (and the next start seeds again).
 */
export async function seedDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const ids = await seedAccounts(tx);
    const demoWorkshops = await seedWorkshops(tx, ids);
    const demoIdeas = await seedIdeas(tx, ids);
    await seedNotifications(tx, ids, { workshops: demoWorkshops, ideas: demoIdeas });
    await seedMentoring(tx, ids);
    await seedRdProjects(tx, ids);
    await seedOrganisations(tx, ids);
    await seedRelationships(tx, ids);
  });
}
