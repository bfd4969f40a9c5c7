// Issue 13, the per-user parts in the catalogue cache (docs/decisions/645-per-user-parts-in-the-cache.md):
// a student's registrations, likes, bookmarks, alerts, applications and university affiliation are cached
// per user and invalidated by triggers that name the users a statement touched — including statements the
// user did not make (an admin's attendance mark or application review, plain SQL, a suspended university).
// PGlite by default; PostgreSQL with TEST_DATABASE_URL.
import { describe, expect, it } from 'vitest';
import { createCatalogueCache, PER_USER_TABLES, StaleCacheError } from '../src/lib/cache.ts';
import type { AppEvent } from '../src/lib/events.ts';
import { newId } from '../src/lib/ids.ts';
import { apply, createProject } from '../src/modules/rd-projects/rd-test-helpers.ts';
import { insertRegistration, insertWorkshop } from '../src/modules/workshops/workshops.fixtures.ts';
import { body, buildAdmin, buildProfessional, buildStudent, type BuiltUser } from './factories.ts';
import { sql } from 'drizzle-orm';
import { useTestApp } from './harness.ts';

// 'on', not the suite's 'verify': these tests prove the invalidation itself (verify would answer a stale
// entry with a fresh read, or throw), so a missing invalidation shows as a wrong answer here.
const t = useTestApp({ CATALOGUE_CACHE: 'on' });

const userEvent = (users: string[]): AppEvent => ({ userId: '', type: 'user-cache', data: { users } });

describe('the per-user part of the cache itself', () => {
  function make(mode: 'on' | 'verify' = 'on') {
    return createCatalogueCache({ mode, live: () => true, barrier: async () => true });
  }

  it("serves a user's entry until a statement touches that user's rows or a table it reads; other users do not matter", async () => {
    const cache = make();
    let n = 0;
    const read = async () => ++n;
    expect(await cache.forUser('u1', 'x', ['organisations'], read)).toBe(1);
    expect(await cache.forUser('u1', 'x', ['organisations'], read)).toBe(1);
    expect(await cache.forUser('u2', 'x', ['organisations'], read)).toBe(2);
    cache.onEvent(userEvent(['u2', 'u3']));
    expect(await cache.forUser('u1', 'x', ['organisations'], read)).toBe(1);
    expect(await cache.forUser('u2', 'x', ['organisations'], read)).toBe(3);
    cache.onEvent(userEvent(['u1']));
    expect(await cache.forUser('u1', 'x', ['organisations'], read)).toBe(4);
    cache.onEvent({ userId: '', type: 'cache', data: { table: 'organisations' } });
    expect(await cache.forUser('u1', 'x', ['organisations'], read)).toBe(5);
    expect(cache.stats()).toMatchObject({ userHits: 2, userMisses: 5, userEntries: 2 });
  });

  it('"every user" (a TRUNCATE, a statement touching many users) drops every per-user entry but no shared one', async () => {
    const cache = make();
    let n = 0;
    await cache.forUser('u1', 'x', [], async () => ++n);
    await cache.get('list', ['workshops'], 1, async () => 'shared');
    cache.onEvent({ userId: '', type: 'user-cache', data: { all: true } });
    expect(await cache.forUser('u1', 'x', [], async () => ++n)).toBe(2);
    expect(await cache.get('list', ['workshops'], 1, async () => 'read again')).toBe('shared');
  });

  it('an invalidation that arrives while the read runs makes it a miss next time', async () => {
    const cache = make();
    let n = 0;
    await cache.forUser('u1', 'x', [], async () => {
      cache.onEvent(userEvent(['u1']));
      return ++n;
    });
    expect(await cache.forUser('u1', 'x', [], async () => ++n)).toBe(2);
  });

  it('verify mode compares Maps and Sets whatever their order, and throws on a stale one', async () => {
    const cache = make('verify');
    let value = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    const read = async () => value;
    await cache.forUser('u1', 'm', [], read);
    value = new Map([
      ['b', 2],
      ['a', 1],
    ]);
    expect(await cache.forUser('u1', 'm', [], read)).toBeInstanceOf(Map); // same content, other order: a hit
    value = new Map([['a', 1]]); // changed, nothing announced
    await expect(cache.forUser('u1', 'm', [], read)).rejects.toBeInstanceOf(StaleCacheError);
    let set = new Set(['x']);
    await cache.forUser('u1', 's', [], async () => set);
    set = new Set(['x', 'y']);
    await expect(cache.forUser('u1', 's', [], async () => set)).rejects.toBeInstanceOf(StaleCacheError);
  });
});

describe('per-user invalidation by the database (decision 645)', () => {
  it('every per-user table carries the insert, update, delete and truncate triggers', async () => {
    const rows = await t.database.query<{ table: string; name: string }>(
      `SELECT c.relname AS table, g.tgname AS name FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
        WHERE g.tgname LIKE 'app_user_cache_invalidate%' ORDER BY 1, 2`,
    );
    for (const table of Object.keys(PER_USER_TABLES)) {
      expect(
        rows
          .filter((r) => r.table === table)
          .map((r) => r.name)
          .sort(),
        table,
      ).toEqual([
        'app_user_cache_invalidate_del',
        'app_user_cache_invalidate_ins',
        'app_user_cache_invalidate_trunc',
        'app_user_cache_invalidate_upd',
      ]);
    }
  });

  const workshopRow = async (student: BuiltUser, category: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/workshops?category=${category}`, headers: student.auth });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = body<{ data: { workshops: { title: string; registrationStatus: string | null }[] } }>(res).data.workshops;
    return {
      status: row?.registrationStatus ?? null,
      etag: res.headers.etag as string,
      titles: body<{ data: { workshops: { title: string }[] } }>(res).data.workshops.map((w) => w.title),
    };
  };

  it("an admin's attendance mark changes the student's cached registration status and the list's ETag, without the student acting", async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    // Under way: started an hour ago, ends in an hour (listed, and attendance can be marked).
    const w = await insertWorkshop(t.database.db, {
      title: 'Attendance cached',
      category: 'Usercacheattend',
      startsAt: new Date(Date.now() - 3_600_000),
      endsAt: new Date(Date.now() + 3_600_000),
      registeredCount: 1,
    });
    const reg = await insertRegistration(t.database.db, { workshopId: w.id, studentId: student.id });
    await t.app.ctx.cache.settle();
    const before = await workshopRow(student, 'Usercacheattend');
    expect(before.status).toBe('registered');
    const misses = t.app.ctx.cache.stats().userMisses;
    expect((await workshopRow(student, 'Usercacheattend')).status).toBe('registered');
    expect(t.app.ctx.cache.stats().userMisses, 'the second read took the per-user parts from the cache').toBe(misses);

    const mark = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/workshops/${w.id}/registrations/${reg.id}`,
      headers: admin.auth,
      payload: { status: 'attended' },
    });
    expect(mark.statusCode, mark.body).toBe(200);
    const after = await workshopRow(student, 'Usercacheattend');
    expect(after.status).toBe('attended');
    expect(after.etag).not.toBe(before.etag);
    const conditional = await t.app.inject({
      method: 'GET',
      url: '/api/workshops?category=Usercacheattend',
      headers: { ...student.auth, 'if-none-match': before.etag },
    });
    expect(conditional.statusCode).toBe(200);
  });

  it('a registration cancelled in plain SQL shows in the next read (no API code involved)', async () => {
    const student = await buildStudent(t);
    const w = await insertWorkshop(t.database.db, { title: 'Sql cancelled', category: 'Usercachesql', registeredCount: 1 });
    await insertRegistration(t.database.db, { workshopId: w.id, studentId: student.id });
    await t.app.ctx.cache.settle();
    expect((await workshopRow(student, 'Usercachesql')).status).toBe('registered');
    expect((await workshopRow(student, 'Usercachesql')).status).toBe('registered'); // cached now
    await t.database.query(`UPDATE workshop_registrations SET status = 'cancelled' WHERE student_id = $1`, [student.id]);
    await t.app.ctx.cache.settle();
    expect((await workshopRow(student, 'Usercachesql')).status).toBe('cancelled');
    await t.database.query(`DELETE FROM workshop_registrations WHERE student_id = $1`, [student.id]);
    await t.app.ctx.cache.settle();
    expect((await workshopRow(student, 'Usercachesql')).status).toBe(null);
  });

  it("a university's suspension and an affiliation removed in SQL take its workshops out of the student's cached list", async () => {
    const student = await buildStudent(t);
    const org = newId();
    await t.database.query(
      `INSERT INTO organisations (id, type, name, website, status, contact_email) VALUES ($1, 'university', 'Cache University', 'https://cache.example.edu', 'approved', 'c@cache.example.edu')`,
      [org],
    );
    await t.database.query(
      `INSERT INTO student_affiliations (student_id, organisation_id, email, confirmed_at) VALUES ($1, $2, 'me@cache.example.edu', now())`,
      [student.id, org],
    );
    await insertWorkshop(t.database.db, { title: 'Public one', category: 'Usercacheuni', daysFromNow: 3 });
    await insertWorkshop(t.database.db, { title: 'Ours only', category: 'Usercacheuni', daysFromNow: 2, organisationId: org });
    await t.app.ctx.cache.settle();
    const titles = async () => (await workshopRow(student, 'Usercacheuni')).titles;
    expect(await titles()).toEqual(['Ours only', 'Public one']);
    expect(await titles()).toEqual(['Ours only', 'Public one']); // cached now

    await t.database.query(`UPDATE organisations SET status = 'suspended' WHERE id = $1`, [org]);
    await t.app.ctx.cache.settle();
    expect(await titles()).toEqual(['Public one']);

    await t.database.query(`UPDATE organisations SET status = 'approved' WHERE id = $1`, [org]);
    await t.app.ctx.cache.settle();
    expect(await titles()).toEqual(['Ours only', 'Public one']);
    await t.database.query(`DELETE FROM student_affiliations WHERE student_id = $1`, [student.id]);
    await t.app.ctx.cache.settle();
    expect(await titles()).toEqual(['Public one']);
  });

  it("an admin's review of an application shows in the student's cached R&D list", async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const p = await createProject(t, admin, { title: 'Usercache review' });
    const applied = await apply(t, student, p._id, p.roles[0]?._id ?? '');
    expect(applied.statusCode, applied.body).toBe(201);
    const applicationId = body<{ data: { application: { _id: string } } }>(applied).data.application._id;
    const mine = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/rd-projects/user/${student.id}?search=Usercache%20review`,
        headers: student.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = body<{ data: { projects: { userApplication: { status: string } | null; canApply: boolean }[] } }>(res).data
        .projects;
      return { status: row?.userApplication?.status, canApply: row?.canApply };
    };
    expect(await mine()).toEqual({ status: 'pending', canApply: false });
    const misses = t.app.ctx.cache.stats().userMisses;
    expect(await mine()).toEqual({ status: 'pending', canApply: false });
    expect(t.app.ctx.cache.stats().userMisses, 'the second read took the per-user parts from the cache').toBe(misses);

    const review = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/rd-projects/${p._id}/applications/${applicationId}`,
      headers: admin.auth,
      payload: { status: 'under-review' },
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(await mine()).toEqual({ status: 'under-review', canApply: false });
  });

  it("a like removed in plain SQL, and another user's like, are each seen only by their own user", async () => {
    const [author, a, b] = [await buildStudent(t), await buildStudent(t), await buildStudent(t)];
    const [idea] = await t.database.query<{ id: string }>(
      `INSERT INTO ideas (id, author_id, title, description, category, is_public, status) VALUES ($1, $2, 'Usercache idea', 'd', 'Usercachelikes', true, 'approved') RETURNING id`,
      [newId(), author.id],
    );
    const liked = async (u: BuiltUser) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/ideas?category=Usercachelikes', headers: u.auth });
      expect(res.statusCode, res.body).toBe(200);
      return body<{ data: { ideas: { isLiked: boolean }[] } }>(res).data.ideas[0]?.isLiked;
    };
    await t.app.ctx.cache.settle();
    expect([await liked(a), await liked(b)]).toEqual([false, false]);
    const like = await t.app.inject({ method: 'POST', url: `/api/ideas/${idea?.id}/like`, headers: a.auth });
    expect(like.statusCode, like.body).toBe(200);
    expect([await liked(a), await liked(b)]).toEqual([true, false]);
    expect([await liked(a), await liked(b)]).toEqual([true, false]); // both cached now
    await t.database.query(`DELETE FROM idea_likes WHERE user_id = $1`, [a.id]);
    await t.app.ctx.cache.settle();
    expect(await liked(a)).toBe(false);
  });
});

describe('the account behind a token, cached per user (decision 646)', () => {
  const me = (u: BuiltUser) => t.app.inject({ method: 'GET', url: `/api/rd-projects/user/${u.id}`, headers: u.auth });

  it("an admin's deactivation refuses the student's token at the next request, without waiting", async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    expect((await me(student)).statusCode).toBe(200);
    const misses = t.app.ctx.cache.stats().userMisses;
    expect((await me(student)).statusCode).toBe(200);
    expect(t.app.ctx.cache.stats().userMisses, 'the account came from the cache').toBe(misses);
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${student.id}/status`,
      headers: admin.auth,
      payload: { isActive: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await me(student)).statusCode).toBe(401);
  });

  it('a password change made in plain SQL (token version bumped) refuses the old token', async () => {
    const student = await buildStudent(t);
    expect((await me(student)).statusCode).toBe(200);
    expect((await me(student)).statusCode).toBe(200); // cached now
    await t.database.query(`UPDATE users SET token_version = token_version + 1 WHERE id = $1`, [student.id]);
    await t.app.ctx.cache.settle();
    expect((await me(student)).statusCode).toBe(401);
  });
});

describe('what a cache hit costs', () => {
  /** Counts the statements the API sends while `run` runs (both drivers: PGlite's client, PostgreSQL's pool). */
  async function statementsDuring(run: () => Promise<void>): Promise<number> {
    const { pglite, pool } = t.database;
    const target = (pglite ?? pool) as unknown as Record<string, (...args: unknown[]) => unknown>;
    const methods = pglite ? ['query', 'exec', 'transaction'] : ['query', 'connect'];
    const originals = methods.map((m) => [m, target[m]] as const);
    let n = 0;
    for (const [m, original] of originals) {
      if (typeof original !== 'function') continue;
      target[m] = function (this: unknown, ...args: unknown[]) {
        n++;
        return original.apply(this, args);
      };
    }
    try {
      await run();
    } finally {
      for (const [m, original] of originals) if (original) target[m] = original;
    }
    return n;
  }

  it('a repeated list read by a signed-in student sends no SQL at all (shared page, own state and account cached)', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    await insertWorkshop(t.database.db, { title: 'Hit cost', category: 'Usercachehit' });
    const p = await createProject(t, admin, { title: 'Usercache hitcost' });
    expect((await apply(t, student, p._id, p.roles[0]?._id ?? '')).statusCode).toBe(201);
    await t.app.ctx.cache.settle();
    const urls = [
      '/api/workshops',
      '/api/workshops?category=Usercachehit',
      '/api/ideas',
      '/api/rd-projects/public',
      `/api/rd-projects/user/${student.id}?sortBy=deadline-asc`,
    ];
    for (const url of urls) {
      const get = async () => {
        const res = await t.app.inject({ method: 'GET', url, headers: student.auth });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      };
      expect(await statementsDuring(get), `${url}: the first read fills the shared entry`).toBeGreaterThan(0);
      expect(await statementsDuring(get), url).toBe(0);
    }
  });

  it('a sign-in leaves the shared lists cached; a changed name empties them (decision 657)', async () => {
    const pro = await buildProfessional(t);
    const student = await buildStudent(t);
    await insertWorkshop(t.database.db, { title: 'Sign-in rush', category: 'Usercachesignin', professionalId: pro.id });
    const url = '/api/workshops?category=Usercachesignin';
    const read = async () => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      return body<{ data: { workshops: { instructor: { name: string } | null }[] } }>(res).data.workshops;
    };
    // The set-up's inserts (made beside the API) are heard first: one heard after the read below would
    // leave its entry stale before the sign-ins (the test's flake on a loaded CI machine).
    await t.app.ctx.cache.settle();
    await read();
    // The instructor and another user sign in: users.last_login_at (and drizzle's updated_at) change.
    for (const u of [pro, student]) {
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: u.password } });
      expect(login.statusCode, login.body).toBe(200);
    }
    await t.database.db.execute(sql`UPDATE users SET last_login_at = now(), updated_at = now() WHERE id = ${pro.id}`);
    await t.app.ctx.cache.settle();
    expect(await statementsDuring(async () => void (await read()))).toBe(0);
    // A change anyone can see (the instructor's name) still reaches the list.
    await t.database.db.execute(sql`UPDATE users SET first_name = 'Renamed', updated_at = now() WHERE id = ${pro.id}`);
    await t.app.ctx.cache.settle();
    let workshops: { instructor: { name: string } | null }[] = [];
    expect(await statementsDuring(async () => void (workshops = await read()))).toBeGreaterThan(0);
    expect(workshops[0]?.instructor?.name).toMatch(/^Renamed /);
  });
});
