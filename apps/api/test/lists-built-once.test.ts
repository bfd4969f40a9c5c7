import { describe, expect, it } from 'vitest';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { ideaListQuery } from '@app/shared/ideas';
import { professionalListQuery } from '@app/shared/professionals';
import { publicProjectListQuery, studentProjectListQuery } from '@app/shared/rd-projects';
import { workshopListQuery } from '@app/shared/workshops';
import { useTestApp } from './harness.ts';
import { buildAdmin, buildProfessional, buildStudent, type BuiltUser } from './factories.ts';
import type { Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';
import { ideaLikes, ideas } from '../src/db/schema/index.ts';
import { listPublicIdeas } from '../src/modules/ideas/ideas.service.ts';
import { listProfessionals } from '../src/modules/professionals/professionals.service.ts';
import { createProject } from '../src/modules/rd-projects/rd-test-helpers.ts';
import { listForStudent, publicProjects } from '../src/modules/rd-projects/projects-student.service.ts';
import { insertRegistration, insertWorkshop } from '../src/modules/workshops/workshops.fixtures.ts';
import { listWorkshops } from '../src/modules/workshops/workshops.service.ts';
import type { Actor } from '../src/lib/http.ts';

/**
 * Decision 640: each student list builds its statements once per shape and binds each request's values.
 * Every call below runs twice: on the app's handle, whose statements are reused from earlier calls with
 * other values, and on a new handle over the same connection, whose statements are built for that call
 * alone (as before the change). Both must answer the same; the parameters change from call to call so a
 * value (or a shape) left over from an earlier call would show.
 */
const t = useTestApp();

/** A new drizzle handle on the test database: nothing built on it yet. */
function freshDb(): Db {
  const { pool, pglite } = t.database;
  if (pool) return drizzlePg({ client: pool, schema });
  if (pglite) return drizzlePglite({ client: pglite, schema });
  throw new Error('no database client');
}

const actorOf = (u: BuiltUser): Actor => ({ id: u.id, role: u.role, email: u.email, firstName: 'Test', lastName: 'User', isTemporaryPassword: false });

async function sameOnReuse<T>(label: string, run: (db: Db) => Promise<T>): Promise<T> {
  const reused = await run(t.database.db);
  const built = await run(freshDb());
  expect(reused, label).toEqual(built);
  return reused;
}

describe('student lists built once per shape (decision 640)', () => {
  it('workshops: search, category, page and the student’s own statuses change per call', async () => {
    const tag = `P${Date.now()}`;
    const design = await insertWorkshop(t.database.db, { title: `${tag} design`, category: 'Design', daysFromNow: 2 });
    const tech = await insertWorkshop(t.database.db, { title: `${tag} tech`, category: 'Technology', daysFromNow: 3 });
    const tech2 = await insertWorkshop(t.database.db, { title: `${tag} tech two`, category: 'Technology', daysFromNow: 4 });
    const a = await buildStudent(t);
    const b = await buildStudent(t);
    await insertRegistration(t.database.db, { workshopId: design.id, studentId: a.id });
    await insertRegistration(t.database.db, { workshopId: tech.id, studentId: b.id });
    const list = (actor: Actor | null, q: Record<string, unknown>) => (db: Db) => listWorkshops(db, actor, workshopListQuery.parse(q));
    const calls: [string, Actor | null, Record<string, unknown>][] = [
      ['a, search', actorOf(a), { search: tag }],
      ['b, search', actorOf(b), { search: tag }],
      ['a, search + category', actorOf(a), { search: tag, category: 'technology' }],
      ['b, search + category, page 2', actorOf(b), { search: tag, category: 'Technology', limit: 1, page: 2 }],
      ['anonymous, search', null, { search: tag }],
      ['a, no filter', actorOf(a), {}],
      ['b, no filter', actorOf(b), {}],
      ['a, search again', actorOf(a), { search: tag }],
    ];
    const answers: Awaited<ReturnType<typeof listWorkshops>>[] = [];
    for (const [label, actor, q] of calls) answers.push(await sameOnReuse(`workshops ${label}`, list(actor, q)));
    const status = (answer: Awaited<ReturnType<typeof listWorkshops>>, id: string) => answer.workshops.find((w) => w._id === id)?.registrationStatus;
    expect(answers[0]?.workshops.map((w) => w._id)).toEqual([design.id, tech.id, tech2.id]);
    expect([status(answers[0]!, design.id), status(answers[0]!, tech.id)]).toEqual(['registered', null]);
    expect([status(answers[1]!, design.id), status(answers[1]!, tech.id)]).toEqual([null, 'registered']);
    expect(answers[2]?.workshops.map((w) => w._id)).toEqual([tech.id, tech2.id]);
    expect(answers[3]?.workshops.map((w) => w._id)).toEqual([tech2.id]);
    expect(answers[3]?.pagination.total).toBe(2);
    expect(answers[4]?.workshops.every((w) => w.registrationStatus === null)).toBe(true);
    expect(answers[7]).toEqual(answers[0]);
  });

  it('professionals: search and expertise change per call', async () => {
    const tag = `pp${Date.now()}`;
    const ds = await buildProfessional(t, { firstName: `Dee${tag}`, expertise: 'Data Science' });
    const cy = await buildProfessional(t, { firstName: `Cy${tag}`, expertise: 'Cybersecurity' });
    const list = (q: Record<string, unknown>) => (db: Db) => listProfessionals(db, professionalListQuery.parse(q));
    const all = await sameOnReuse('search', list({ search: tag }));
    const data = await sameOnReuse('search + expertise', list({ search: tag, expertise: 'data science' }));
    const cyber = await sameOnReuse('search + other expertise', list({ search: tag, expertise: 'Cybersecurity' }));
    await sameOnReuse('no filter', list({}));
    await sameOnReuse('past the end', list({ search: tag, page: 5 }));
    expect(all.professionals.map((p) => p._id).sort()).toEqual([ds.id, cy.id].sort());
    expect(data.professionals.map((p) => p._id)).toEqual([ds.id]);
    expect(cyber.professionals.map((p) => p._id)).toEqual([cy.id]);
  });

  it('ideas: search, category and the viewer’s likes change per call', async () => {
    const tag = `pi${Date.now()}`;
    const author = await buildStudent(t);
    const a = await buildStudent(t);
    const b = await buildStudent(t);
    const insert = async (title: string, category: string) => {
      const [row] = await t.database.db
        .insert(ideas)
        .values({ authorId: author.id, title, description: 'Details', category, isPublic: true, status: 'under_review' })
        .returning();
      if (!row) throw new Error('insert failed');
      return row;
    };
    const green = await insert(`${tag} green`, 'Environment');
    const health = await insert(`${tag} health`, 'Healthcare');
    await t.database.db.insert(ideaLikes).values([
      { ideaId: green.id, userId: a.id },
      { ideaId: health.id, userId: b.id },
    ]);
    const list = (actor: Actor | null, q: Record<string, unknown>) => (db: Db) => listPublicIdeas(db, actor, ideaListQuery.parse(q));
    const forA = await sameOnReuse('a, search', list(actorOf(a), { search: tag }));
    const forB = await sameOnReuse('b, search', list(actorOf(b), { search: tag }));
    const env = await sameOnReuse('b, search + category', list(actorOf(b), { search: tag, category: 'environment' }));
    const anon = await sameOnReuse('anonymous, search', list(null, { search: tag }));
    await sameOnReuse('a, no filter', list(actorOf(a), {}));
    const liked = (answer: typeof forA) => answer.ideas.filter((i) => i.isLiked).map((i) => i._id);
    expect(liked(forA)).toEqual([green.id]);
    expect(liked(forB)).toEqual([health.id]);
    expect(env.ideas.map((i) => i._id)).toEqual([green.id]);
    expect(liked(anon)).toEqual([]);
  });

  it('R&D: the public list and a student’s list with fields, searches, deadlines and sorts changing per call', async () => {
    const admin = await buildAdmin(t);
    const tag = `pr${Date.now()}`;
    const bio = await createProject(t, admin, { title: `${tag} cells`, field: 'Biotechnology' });
    const ml = await createProject(t, admin, { title: `${tag} models`, field: 'Machine Learning' });
    const student = actorOf(await buildStudent(t));
    const now = new Date();
    const pub = (q: Record<string, unknown>) => (db: Db) => publicProjects(db, publicProjectListQuery.parse(q));
    const mine = (q: Record<string, unknown>) => (db: Db) => listForStudent(db, student, student.id, studentProjectListQuery.parse(q), now);
    const pubBio = await sameOnReuse('public, field + search', pub({ field: 'Biotechnology', search: tag }));
    const pubMl = await sameOnReuse('public, other field + search', pub({ field: 'Machine Learning', search: tag }));
    const pubAll = await sameOnReuse('public, search', pub({ search: tag }));
    await sameOnReuse('public, no filter', pub({}));
    const mineMl = await sameOnReuse('student, field + search, popular', mine({ field: 'Machine Learning', search: tag, sortBy: 'popular' }));
    const mineBio = await sameOnReuse('student, other field + search, popular', mine({ field: 'Biotechnology', search: tag, sortBy: 'popular' }));
    await sameOnReuse('student, open deadline', mine({ search: tag, sortBy: 'deadline-asc', deadlineFilter: 'open' }));
    const week = await sameOnReuse('student, this week', mine({ search: tag, deadlineFilter: 'this-week' }));
    const month = await sameOnReuse('student, this month', mine({ search: tag, deadlineFilter: 'this-month' }));
    await sameOnReuse('student, past the end', mine({ search: tag, page: 4 }));
    const byTitle = await sameOnReuse('student, search, by title', mine({ search: tag, sortBy: 'title' }));
    const newest = await sameOnReuse('student, search, newest', mine({ search: tag, sortBy: 'newest' }));
    expect(pubBio.projects.map((p) => p._id)).toEqual([bio._id]);
    expect(pubMl.projects.map((p) => p._id)).toEqual([ml._id]);
    expect(pubAll.projects.map((p) => p._id).sort()).toEqual([bio._id, ml._id].sort());
    expect(mineMl.projects.map((p) => p._id)).toEqual([ml._id]);
    expect(mineBio.projects.map((p) => p._id)).toEqual([bio._id]);
    // The projects' deadline is 20 days out: inside this month, not this week.
    expect(week.projects).toEqual([]);
    expect(month.projects.map((p) => p._id).sort()).toEqual([bio._id, ml._id].sort());
    expect(byTitle.projects.map((p) => p._id)).toEqual([bio._id, ml._id]);
    expect(newest.projects.map((p) => p._id)).toEqual([ml._id, bio._id]);
    expect(mineMl.projects[0]?.roles.map((r) => r.title)).toEqual(['intern']);
  });
});
