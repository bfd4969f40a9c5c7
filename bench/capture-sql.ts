// The student lists of the bench (issue 7, scenarios 1–2) and the exact SQL each one sends.
//
//   node --import tsx bench/capture-sql.ts <out.json>     env: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite)
//
// Calls the real service functions, as the bench student (student1@bench.local, made by bench/generate.ts),
// through a drizzle instance whose logger records every statement and its parameters (the second call is
// kept: the first warms caches). Writes { lists: [{ key, path, statements: [{ sql, params }] }], student }.
// scripts/bench.mjs sends `path` to the API and bench/raw-server.mjs replays `statements` in order (the
// services run them one after another) as the minimal-handler ceiling of that list.
// PGlite allows one process per data directory: run it while the API is stopped.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { ideaListQuery } from '@app/shared/ideas';
import { professionalListQuery } from '@app/shared/professionals';
import { publicProjectListQuery, studentProjectListQuery } from '@app/shared/rd-projects';
import { workshopListQuery } from '@app/shared/workshops';
import * as schema from '../apps/api/src/db/schema/index.ts';
import { PGLITE_EXTENSIONS, type Db } from '../apps/api/src/db/client.ts';
import type { Actor } from '../apps/api/src/lib/http.ts';
import {
  adminIdeaQuery,
  professionalListQuery as adminProfessionalListQuery,
  studentListQuery as adminStudentListQuery,
} from '@app/shared/admin';
import { adminProjectListQuery } from '@app/shared/rd-projects';
import { adminWorkshopListQuery } from '@app/shared/workshop-admin';
import { listProfessionals as listProfessionalsForAdmin } from '../apps/api/src/modules/admin/professionals.service.ts';
import { listStudents } from '../apps/api/src/modules/admin/students.service.ts';
import { listIdeasForAdmin } from '../apps/api/src/modules/ideas/ideas-admin.service.ts';
import { listProjects } from '../apps/api/src/modules/rd-projects/projects-admin.service.ts';
import { listManagedWorkshops } from '../apps/api/src/modules/workshops/workshops-manage.service.ts';
import { listPublicIdeas } from '../apps/api/src/modules/ideas/ideas.service.ts';
import { listProfessionals } from '../apps/api/src/modules/professionals/professionals.service.ts';
import { listForStudent, publicProjects } from '../apps/api/src/modules/rd-projects/projects-student.service.ts';
import { listWorkshops } from '../apps/api/src/modules/workshops/workshops.service.ts';

interface Statement {
  sql: string;
  params: unknown[];
}

/** The list requests: default pages, filters, search and sorts a student uses. `{me}` is the student's id. */
export const LISTS: { key: string; path: string; run: (db: Db, actor: Actor) => Promise<unknown> }[] = [
  { key: 'workshops', path: '/api/workshops', run: (db, a) => listWorkshops(db, a, workshopListQuery.parse({})) },
  {
    key: 'workshops-filtered',
    path: '/api/workshops?category=Technology&search=Intro&page=2',
    run: (db, a) => listWorkshops(db, a, workshopListQuery.parse({ category: 'Technology', search: 'Intro', page: 2 })),
  },
  { key: 'professionals', path: '/api/professionals', run: (db) => listProfessionals(db, professionalListQuery.parse({})) },
  {
    key: 'professionals-filtered',
    path: '/api/professionals?expertise=Data%20Science&page=2',
    run: (db) => listProfessionals(db, professionalListQuery.parse({ expertise: 'Data Science', page: 2 })),
  },
  { key: 'ideas', path: '/api/ideas', run: (db, a) => listPublicIdeas(db, a, ideaListQuery.parse({})) },
  {
    key: 'ideas-category',
    path: '/api/ideas?category=Environment&page=3',
    run: (db, a) => listPublicIdeas(db, a, ideaListQuery.parse({ category: 'Environment', page: 3 })),
  },
  {
    key: 'ideas-search',
    path: '/api/ideas?search=irrigation',
    run: (db, a) => listPublicIdeas(db, a, ideaListQuery.parse({ search: 'irrigation' })),
  },
  {
    key: 'rd-public',
    path: '/api/rd-projects/public?field=Biotechnology',
    run: (db) => publicProjects(db, publicProjectListQuery.parse({ field: 'Biotechnology' })),
  },
  {
    key: 'rd-user-deadline',
    path: '/api/rd-projects/user/{me}?sortBy=deadline-asc&deadlineFilter=open',
    run: (db, a) =>
      listForStudent(db, a, a.id, studentProjectListQuery.parse({ sortBy: 'deadline-asc', deadlineFilter: 'open' })),
  },
  {
    key: 'rd-user-popular',
    path: '/api/rd-projects/user/{me}?sortBy=popular&field=Machine%20Learning',
    run: (db, a) => listForStudent(db, a, a.id, studentProjectListQuery.parse({ sortBy: 'popular', field: 'Machine Learning' })),
  },
];

/** The admin lists of the bench (scripts/bench.mjs scenario 6), keyed by the path the bench requests. */
export const ADMIN_LISTS: { key: string; path: string; run: (db: Db, actor: Actor) => Promise<unknown> }[] = [
  {
    key: 'admin-students',
    path: '/api/admin/users?search=Sharma&university=Delhi',
    run: (db) => listStudents(db, adminStudentListQuery.parse({ search: 'Sharma', university: 'Delhi' })),
  },
  {
    key: 'admin-professionals',
    path: '/api/admin/professionals?expertise=Data%20Science&status=active',
    run: (db) => listProfessionalsForAdmin(db, adminProfessionalListQuery.parse({ expertise: 'Data Science', status: 'active' })),
  },
  {
    key: 'admin-ideas',
    path: '/api/ideas/admin/all?status=under_review&category=Environment',
    run: (db, a) => listIdeasForAdmin(db, a, adminIdeaQuery.parse({ status: 'under_review', category: 'Environment' })),
  },
  {
    key: 'admin-workshops',
    path: '/api/admin/workshops?status=published&category=Technology',
    run: (db, a) => listManagedWorkshops(db, { kind: 'admin', actor: a }, adminWorkshopListQuery.parse({ status: 'published', category: 'Technology' })),
  },
  {
    key: 'admin-rd-projects',
    path: '/api/admin/rd-projects?status=active&field=Biotechnology',
    run: (db) => listProjects(db, adminProjectListQuery.parse({ status: 'active', field: 'Biotechnology' })),
  },
];

/**
 * The admin searches (not benched; bench/explain-lists.mjs explains them): each admin list with its search box
 * filled and nothing else, and the students list unfiltered (the admin's first page over every student).
 */
export const ADMIN_SEARCHES: { key: string; path: string; run: (db: Db, actor: Actor) => Promise<unknown> }[] = [
  { key: 'admin-students-all', path: '/api/admin/users', run: (db) => listStudents(db, adminStudentListQuery.parse({})) },
  {
    key: 'admin-students-search',
    path: '/api/admin/users?search=kumar',
    run: (db) => listStudents(db, adminStudentListQuery.parse({ search: 'kumar' })),
  },
  {
    key: 'admin-professionals-search',
    path: '/api/admin/professionals?search=data',
    run: (db) => listProfessionalsForAdmin(db, adminProfessionalListQuery.parse({ search: 'data' })),
  },
  { key: 'admin-ideas-all', path: '/api/ideas/admin/all', run: (db, a) => listIdeasForAdmin(db, a, adminIdeaQuery.parse({})) },
  {
    key: 'admin-ideas-search',
    path: '/api/ideas/admin/all?search=irrigation',
    run: (db, a) => listIdeasForAdmin(db, a, adminIdeaQuery.parse({ search: 'irrigation' })),
  },
  {
    key: 'admin-workshops-search',
    path: '/api/admin/workshops?search=Intro',
    run: (db, a) => listManagedWorkshops(db, { kind: 'admin', actor: a }, adminWorkshopListQuery.parse({ search: 'Intro' })),
  },
  {
    key: 'admin-rd-projects-search',
    path: '/api/admin/rd-projects?search=learning',
    run: (db) => listProjects(db, adminProjectListQuery.parse({ search: 'learning' })),
  },
];

async function main() {
  const out = process.argv[2];
  if (!out) throw new Error('usage: capture-sql.ts <out.json>');
  let captured: Statement[] = [];
  const logger = { logQuery: (sql: string, params: unknown[]) => captured.push({ sql, params }) };
  let db: Db;
  let close: () => Promise<void>;
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    db = drizzlePg({ client: pool, schema, logger }) as unknown as Db;
    close = () => pool.end();
  } else {
    const client = await PGlite.create(path.join(process.env.DATA_DIR ?? './data', 'db'), { extensions: PGLITE_EXTENSIONS });
    db = drizzlePglite({ client, schema, logger }) as unknown as Db;
    close = () => client.close();
  }
  const [student] = await db
    .select({
      id: schema.users.id,
      email: schema.users.email,
      firstName: schema.users.firstName,
      lastName: schema.users.lastName,
    })
    .from(schema.users)
    .where(sql`${schema.users.email} = 'student1@bench.local'`);
  if (!student) throw new Error('student1@bench.local is missing: the database was not made by bench/generate.ts');
  const actor: Actor = { ...student, role: 'student', isTemporaryPassword: false };
  const lists = [];
  for (const l of LISTS) {
    await l.run(db, actor);
    captured = [];
    await l.run(db, actor);
    lists.push({ key: l.key, path: l.path.replace('{me}', actor.id), statements: captured });
    captured = [];
  }
  const [admin] = await db
    .select({ id: schema.users.id, email: schema.users.email, firstName: schema.users.firstName, lastName: schema.users.lastName })
    .from(schema.users)
    .where(sql`${schema.users.email} = 'admin@bench.local'`);
  const adminLists = [];
  const adminSearches = [];
  if (admin) {
    const adminActor: Actor = { ...admin, role: 'admin', isTemporaryPassword: false };
    for (const [from, into] of [
      [ADMIN_LISTS, adminLists],
      [ADMIN_SEARCHES, adminSearches],
    ] as const) {
      for (const l of from) {
        await l.run(db, adminActor);
        captured = [];
        await l.run(db, adminActor);
        into.push({ key: l.key, path: l.path, statements: captured });
        captured = [];
      }
    }
  }
  await close();
  writeFileSync(out, JSON.stringify({ student: actor, lists, adminLists, adminSearches }, null, 2));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
