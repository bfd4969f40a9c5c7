import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { seedAccounts } from './accounts.ts';
import { seedMentoring } from './mentoring.ts';
import { seedIdeas } from './ideas.ts';
import { seedNotifications } from './notifications.ts';
import { seedWorkshops } from './workshops.ts';
import { seedRdProjects } from './rd-projects.ts';
import { seedOrganisations } from './organisations.ts';
import { seedRelationships } from '../modules/relationships/index.ts';
import { seedSurveys } from '../modules/surveys/index.ts';
import { seedOutcomes } from '../modules/outcomes/index.ts';

export { DEMO_ACCOUNTS } from './accounts.ts';

/**
 * Demo data is the top layer of the API below the app itself (docs/decisions/801-demo-data-layer.md):
 * it may use every module's public entry, and nothing below imports it.
 */

/** What earlier steps made, for later steps to point at. */
export interface DemoRefs {
  /** Demo account ids by e-mail (filled by the accounts step, which runs first). */
  ids: Record<string, string>;
  /** Demo workshop ids by key (online, offline, live…). */
  workshops: Record<string, string>;
  /** Demo idea ids by key. */
  ideas: Record<string, string>;
}

export interface DemoStep {
  name: string;
  run: (db: Db, refs: DemoRefs) => Promise<void>;
}

/**
 * Every demo data step, in order. To add demo data: write `demo/<domain>.ts` exporting
 * `seed<Domain>(db, ids)` and add ONE line to this list (after the steps whose rows it points at).
 */
export const DEMO_STEPS: DemoStep[] = [
  { name: 'accounts', run: async (db, r) => void Object.assign(r.ids, await seedAccounts(db)) },
  { name: 'workshops', run: async (db, r) => void Object.assign(r.workshops, await seedWorkshops(db, r.ids)) },
  { name: 'ideas', run: async (db, r) => void Object.assign(r.ideas, await seedIdeas(db, r.ids)) },
  { name: 'notifications', run: (db, r) => seedNotifications(db, r.ids, r) },
  { name: 'mentoring', run: (db, r) => seedMentoring(db, r.ids) },
  { name: 'rd-projects', run: (db, r) => seedRdProjects(db, r.ids) },
  { name: 'organisations', run: (db, r) => seedOrganisations(db, r.ids) },
  // Issue 26: a running programme with pairs in each health state (modules/relationships/demo-seed.ts).
  { name: 'relationships', run: (db, r) => seedRelationships(db, r.ids) },
  // Issue 26: surveys on that programme, one with enough answers to show results (modules/surveys/demo-seed.ts).
  { name: 'surveys', run: (db, r) => seedSurveys(db, r.ids) },
  // Issue 26: a closed programme with its report and certificates, and one to close (modules/outcomes/demo-seed.ts).
  { name: 'outcomes', run: (db, r) => seedOutcomes(db, r.ids) },
];

/** True when the database has no accounts yet (a new database). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Demo data for a new database: every step of DEMO_STEPS, all in one transaction so a crash never
 * leaves half a seed behind (and the next start seeds again).
 */
export async function seedDemo(db: Db, steps: DemoStep[] = DEMO_STEPS): Promise<DemoRefs> {
  const refs: DemoRefs = { ids: {}, workshops: {}, ideas: {} };
  await db.transaction(async (tx) => {
    for (const step of steps) await step.run(tx, refs);
  });
  return refs;
}
