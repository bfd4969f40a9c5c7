// Issue 13, the catalogue cache (docs/decisions/441-catalogue-cache.md): invalidated by the database
// (statement triggers → pg_notify), read-your-own-writes, nothing outlives a deleted or unpublished
// item, ETag/304, and the verify mode that fails when a cached read is stale. PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workshops } from '../src/db/schema/workshops.ts';
import { createCatalogueCache, installCacheTriggers, StaleCacheError, UNWATCHED_TABLES } from '../src/lib/cache.ts';
import type { AppEvent } from '../src/lib/events.ts';
import { createProject, projectPayload } from '../src/modules/rd-projects/rd-test-helpers.ts';
import { insertWorkshop } from '../src/modules/workshops/workshops.fixtures.ts';
import { body, buildAdmin, buildStudent } from './factories.ts';
import { useTestApp } from './harness.ts';

// 'on', not the suite's 'verify': these tests prove the invalidation itself, not the comparison.
const t = useTestApp({ CATALOGUE_CACHE: 'on' });

const cacheEvent = (table: string): AppEvent => ({ userId: '', type: 'cache', data: { table } });

describe('the cache itself', () => {
  function make(mode: 'on' | 'verify' = 'on') {
    const state = { live: true, barrierHeard: true, barriers: 0 };
    const cache = createCatalogueCache({
      mode,
      live: () => state.live,
      barrier: async () => {
        state.barriers++;
        return state.barrierHeard;
      },
    });
    return { cache, state };
  }

  it('serves a hit until a table it read changes; other tables do not matter', async () => {
    const { cache } = make();
    let n = 0;
    const read = async () => ++n;
    expect(await cache.get('x', ['workshops', 'users'], { page: 1 }, read)).toBe(1);
    expect(await cache.get('x', ['workshops', 'users'], { page: 1 }, read)).toBe(1);
    expect(await cache.get('x', ['workshops', 'users'], { page: 2 }, read)).toBe(2);
    cache.onEvent(cacheEvent('ideas'));
    expect(await cache.get('x', ['workshops', 'users'], { page: 1 }, read)).toBe(1);
    cache.onEvent(cacheEvent('users'));
    expect(await cache.get('x', ['workshops', 'users'], { page: 1 }, read)).toBe(3);
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 3 });
  });

  it('an invalidation that arrives while a read runs makes that read a miss next time', async () => {
    const { cache } = make();
    let n = 0;
    const first = await cache.get('x', ['workshops'], 1, async () => {
      cache.onEvent(cacheEvent('workshops')); // committed while this read was running
      return ++n;
    });
    expect(first).toBe(1);
    expect(await cache.get('x', ['workshops'], 1, async () => ++n)).toBe(2);
  });

  it('concurrent misses for one key read once', async () => {
    const { cache } = make();
    let reads = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++reads), 20));
    const all = await Promise.all([1, 2, 3, 4].map(() => cache.get('x', ['workshops'], 1, slow)));
    expect(all).toEqual([1, 1, 1, 1]);
    expect(reads).toBe(1);
  });

  it('bypasses the cache while invalidations cannot be heard, and starts empty when they can again', async () => {
    const { cache, state } = make();
    let n = 0;
    await cache.get('x', ['workshops'], 1, async () => ++n);
    state.live = false;
    expect(await cache.get('x', ['workshops'], 1, async () => ++n)).toBe(2);
    expect(await cache.get('x', ['workshops'], 1, async () => ++n)).toBe(3);
    state.live = true;
    expect(await cache.get('x', ['workshops'], 1, async () => ++n)).toBe(4);
    expect(cache.stats().bypassed).toBe(2);
  });

  it('a barrier that times out after a write empties the cache; a reset event does too', async () => {
    const { cache, state } = make();
    let n = 0;
    await cache.get('x', ['workshops'], 1, async () => ++n);
    state.barrierHeard = false;
    await cache.settle();
    expect(await cache.get('x', ['workshops'], 1, async () => ++n)).toBe(2);
    cache.onEvent({ userId: '', type: 'cache-reset' });
    expect(await cache.get('x', ['workshops'], 1, async () => ++n)).toBe(3);
  });

  it('entries expire after their time to live', async () => {
    const { cache } = make();
    let n = 0;
    await cache.get('x', ['workshops'], 1, async () => ++n, { ttlMs: 0 });
    expect(await cache.get('x', ['workshops'], 1, async () => ++n, { ttlMs: 0 })).toBe(2);
  });

  it('verify mode: a stale hit throws; a difference explained by an invalidation in flight does not', async () => {
    const { cache } = make('verify');
    let value = 'old';
    const read = async () => value;
    await cache.get('x', ['workshops'], 1, read);
    expect(await cache.get('x', ['workshops'], 1, read)).toBe('old');
    value = 'new'; // changed, and no invalidation ever announced: the bug verify mode exists to catch
    await expect(cache.get('x', ['workshops'], 1, read)).rejects.toBeInstanceOf(StaleCacheError);

    // The invalidation arrives while verify waits for its barrier: a legitimate race, answered fresh.
    const cache2 = createCatalogueCache({
      mode: 'verify',
      live: () => true,
      barrier: async () => {
        cache2.onEvent(cacheEvent('ideas'));
        return true;
      },
    });
    await cache2.get('y', ['ideas'], 1, async () => 'a');
    expect(await cache2.get('y', ['ideas'], 1, async () => 'b')).toBe('b');
  });
});

describe('invalidation by the database', () => {
  it('every table but the high-churn ones carries the trigger, and a table added later gets it at the next start', async () => {
    const rows = await t.database.query<{ name: string; has: boolean }>(
      // users carries its own variant (inserts, deletes, truncates; updates through its per-user trigger, decision 657).
      `SELECT c.relname AS name, EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid
              AND g.tgname = CASE WHEN c.relname = 'users' THEN 'app_cache_invalidate_users' ELSE 'app_cache_invalidate' END) AS has
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'`,
    );
    expect(rows.length).toBeGreaterThan(20);
    for (const r of rows) expect(r.has, r.name).toBe(!UNWATCHED_TABLES.has(r.name));
    await t.database.query(`CREATE TABLE i13_added_later (id int)`);
    expect(await installCacheTriggers(t.database)).toEqual(['i13_added_later']);
    expect(await installCacheTriggers(t.database)).toEqual([]);
  });

  it('a write no API code knows of (plain SQL) invalidates the cached detail and list', async () => {
    const w = await insertWorkshop(t.database.db, { title: 'Before SQL', category: 'Cachetest' });
    await t.app.ctx.cache.settle(); // the insert's own invalidation has been heard
    const detail = async () => body<{ data: { workshop: { title: string } } }>(await t.app.inject({ method: 'GET', url: `/api/workshops/${w.id}` })).data.workshop.title;
    const list = async () =>
      body<{ data: { workshops: { title: string }[] } }>(await t.app.inject({ method: 'GET', url: '/api/workshops?category=Cachetest' })).data.workshops.map(
        (x) => x.title,
      );
    expect(await detail()).toBe('Before SQL');
    expect(await list()).toEqual(['Before SQL']);
    const hits = t.app.ctx.cache.stats().hits;
    expect(await detail()).toBe('Before SQL');
    expect(t.app.ctx.cache.stats().hits).toBe(hits + 1);

    await t.database.query(`UPDATE workshops SET title = 'After SQL' WHERE id = $1`, [w.id]);
    await t.app.ctx.cache.settle(); // the notification has been heard (it is asynchronous on PostgreSQL)
    expect(await detail()).toBe('After SQL');
    expect(await list()).toEqual(['After SQL']);
  });

  it('read-your-own-writes: the admin sees their edit in the next read, without waiting', async () => {
    const admin = await buildAdmin(t);
    const w = await insertWorkshop(t.database.db, { title: 'Ownwrite workshop', manualInstructor: { name: 'Guest Speaker', email: 'guest@example.com', title: 'CTO' } });
    const read = async () => body<{ data: { workshops: { title: string; spotsRemaining: number }[] } }>(
      await t.app.inject({ method: 'GET', url: '/api/workshops?search=Ownwrite' }),
    ).data.workshops;
    expect((await read())[0]?.spotsRemaining).toBe(30);
    expect((await read())[0]?.spotsRemaining).toBe(30); // cached now
    const res = await t.app.inject({ method: 'PUT', url: `/api/admin/workshops/${w.id}`, headers: admin.auth, payload: { maxParticipants: 45 } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await read())[0]?.spotsRemaining).toBe(45);
  });

  it('no entry outlives an unpublished or deleted workshop', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const w = await insertWorkshop(t.database.db, { title: 'Going away', category: 'Goingaway' });
    const detail = () => t.app.inject({ method: 'GET', url: `/api/workshops/${w.id}`, headers: student.auth });
    const listed = async () =>
      body<{ data: { workshops: unknown[] } }>(await t.app.inject({ method: 'GET', url: '/api/workshops?category=Goingaway', headers: student.auth })).data
        .workshops.length;
    expect((await detail()).statusCode).toBe(200);
    expect(await listed()).toBe(1);

    await t.database.db.update(workshops).set({ status: 'draft' }).where(eq(workshops.id, w.id));
    await t.app.ctx.cache.settle();
    expect((await detail()).statusCode).toBe(404);
    expect(await listed()).toBe(0);

    await t.database.db.update(workshops).set({ status: 'published' }).where(eq(workshops.id, w.id));
    await t.app.ctx.cache.settle();
    expect(await listed()).toBe(1);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/workshops/${w.id}`, headers: admin.auth });
    expect(del.statusCode, del.body).toBe(200);
    expect((await detail()).statusCode).toBe(404);
    expect(await listed()).toBe(0);
  });

  it("per-user parts are the caller's own: a registration shows for that student only", async () => {
    const [a, b] = [await buildStudent(t), await buildStudent(t)];
    const w = await insertWorkshop(t.database.db, { title: 'Per user', category: 'Peruser' });
    const statusOf = async (auth: Record<string, string>) => {
      const [row] = body<{ data: { workshops: { registrationStatus: string | null; isRegistered: boolean; spotsRemaining: number }[] } }>(
        await t.app.inject({ method: 'GET', url: '/api/workshops?category=Peruser', headers: auth }),
      ).data.workshops;
      return { status: row?.registrationStatus, isRegistered: row?.isRegistered, spots: row?.spotsRemaining };
    };
    expect(await statusOf(a.auth)).toEqual({ status: null, isRegistered: false, spots: 30 });
    expect(await statusOf(b.auth)).toEqual({ status: null, isRegistered: false, spots: 30 });
    const reg = await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/register`, headers: a.auth });
    expect(reg.statusCode, reg.body).toBe(201);
    expect(await statusOf(a.auth)).toEqual({ status: 'registered', isRegistered: true, spots: 29 });
    expect(await statusOf(b.auth)).toEqual({ status: null, isRegistered: false, spots: 29 });
  });
});

describe('R&D project lists (decision 610)', () => {
  type Listed = { _id: string; title: string; isBookmarked?: boolean; canApply?: boolean };
  const publicList = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/rd-projects/public?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return body<{ data: { projects: Listed[]; pagination: { total: number } } }>(res).data;
  };
  const studentList = async (student: { id: string; auth: Record<string, string> }, query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/rd-projects/user/${student.id}?${query}`, headers: student.auth });
    expect(res.statusCode, res.body).toBe(200);
    return body<{ data: { projects: Listed[] } }>(res).data.projects;
  };

  it('both lists are served from the cache, and a plain-SQL change is seen by the next read', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const p = await createProject(t, admin, { title: 'Rdcache before' });
    await t.app.ctx.cache.settle();
    expect((await publicList('search=Rdcache')).projects.map((x) => x.title)).toEqual(['Rdcache before']);
    expect((await studentList(student, 'search=Rdcache')).map((x) => x.title)).toEqual(['Rdcache before']);
    const hits = t.app.ctx.cache.stats().hits;
    await publicList('search=Rdcache');
    await studentList(student, 'search=Rdcache');
    expect(t.app.ctx.cache.stats().hits).toBe(hits + 2);

    await t.database.query(`UPDATE rd_projects SET title = 'Rdcache after' WHERE id = $1`, [p._id]);
    await t.app.ctx.cache.settle();
    expect((await publicList('search=Rdcache')).projects.map((x) => x.title)).toEqual(['Rdcache after']);
    expect((await studentList(student, 'search=Rdcache')).map((x) => x.title)).toEqual(['Rdcache after']);
  });

  it("read-your-own-writes: the admin's edit shows in the next read, without waiting", async () => {
    const admin = await buildAdmin(t);
    const p = await createProject(t, admin, { title: 'Rdown original' });
    expect((await publicList('search=Rdown')).projects[0]?.title).toBe('Rdown original');
    expect((await publicList('search=Rdown')).projects[0]?.title).toBe('Rdown original'); // cached now
    const res = await t.app.inject({ method: 'PUT', url: `/api/admin/rd-projects/${p._id}`, headers: admin.auth, payload: projectPayload({ title: 'Rdown edited', status: 'active' }) });
    expect(res.statusCode, res.body).toBe(200);
    expect((await publicList('search=Rdown')).projects[0]?.title).toBe('Rdown edited');
  });

  it('no entry outlives a paused or deleted project', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const p = await createProject(t, admin, { title: 'Rdgone' });
    const counts = async () => [(await publicList('search=Rdgone')).projects.length, (await studentList(student, 'search=Rdgone')).length];
    expect(await counts()).toEqual([1, 1]);
    expect(await counts()).toEqual([1, 1]); // cached now
    const closed = await t.app.inject({ method: 'PUT', url: `/api/admin/rd-projects/${p._id}/status`, headers: admin.auth, payload: { status: 'paused' } });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await counts()).toEqual([0, 0]);

    await t.database.query(`UPDATE rd_projects SET status = 'active' WHERE id = $1`, [p._id]);
    await t.app.ctx.cache.settle();
    expect(await counts()).toEqual([1, 1]);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/rd-projects/${p._id}`, headers: admin.auth });
    expect(del.statusCode, del.body).toBe(200);
    expect(await counts()).toEqual([0, 0]);
  });

  it("per-user parts are the caller's own: a bookmark and an application show for that student only", async () => {
    const admin = await buildAdmin(t);
    const [a, b] = [await buildStudent(t), await buildStudent(t)];
    const p = await createProject(t, admin, { title: 'Rdmine' });
    const state = async (s: typeof a) => {
      const [row] = await studentList(s, 'search=Rdmine');
      return { bookmarked: row?.isBookmarked, canApply: row?.canApply };
    };
    expect(await state(a)).toEqual({ bookmarked: false, canApply: true });
    expect(await state(b)).toEqual({ bookmarked: false, canApply: true });
    const mark = await t.app.inject({ method: 'POST', url: `/api/rd-projects/${p._id}/bookmark`, headers: a.auth });
    expect(mark.statusCode, mark.body).toBe(200);
    expect(await state(a)).toEqual({ bookmarked: true, canApply: true });
    expect(await state(b)).toEqual({ bookmarked: false, canApply: true });
  });
});

describe('conditional GET', () => {
  it('a repeat fetch with If-None-Match answers 304 without a body; a change answers 200 with a new ETag', async () => {
    const w = await insertWorkshop(t.database.db, { title: 'Etag one', category: 'Etagtest' });
    const first = await t.app.inject({ method: 'GET', url: '/api/workshops?category=Etagtest' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({ method: 'GET', url: '/api/workshops?category=Etagtest', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/api/workshops?category=Etagtest', headers: { 'if-none-match': `W/${etag}` } })).statusCode).toBe(304);

    await t.database.query(`UPDATE workshops SET title = 'Etag two' WHERE id = $1`, [w.id]);
    await t.app.ctx.cache.settle();
    const changed = await t.app.inject({ method: 'GET', url: '/api/workshops?category=Etagtest', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    // Routes that did not opt in carry no ETag.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers.etag).toBeUndefined();
  });
});
