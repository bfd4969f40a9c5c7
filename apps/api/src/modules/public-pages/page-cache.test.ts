// Decision 1360: a public page rendered for a visitor is served again to the next visitor with the same
// languages until any watched table changes (the catalogue cache's invalidation) or a minute has passed.
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildProfessional } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { workshops } from '../../db/schema/workshops.ts';
import { insertWorkshop } from '../workshops/workshops.fixtures.ts';
import { PAGE_TTL_MS } from './public-pages.ts';
import { webBuild } from './web-build.fixtures.ts';

const root = webBuild('', []);
const t = useTestApp({ STATIC_DIR: root, CATALOGUE_CACHE: 'on' });
afterAll(() => rmSync(root, { recursive: true, force: true }));

// A page served again reads nothing: no cache entry at all is computed (the API's own lists are entries too).
const misses = () => t.app.ctx.cache.stats().misses;

describe('a rendered public page is kept until what it shows can have changed (decision 1360)', () => {
  it('is served again, then rendered anew after a change in the database, from any write path', async () => {
    const pro = await buildProfessional(t, { firstName: 'Leela', lastName: 'Nair' });
    await insertWorkshop(t.database.db, { daysFromNow: 9, professionalId: pro.id, title: 'Soldering for beginners' });
    await t.app.ctx.cache.settle();
    const first = await t.app.inject({ url: '/workshops' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Soldering for beginners');
    const before = misses();
    const again = await t.app.inject({ url: '/workshops' });
    expect(again.body).toBe(first.body);
    expect(misses()).toBe(before);

    // A change made straight in the database (no request, no write path that knows of the cache).
    const added = await insertWorkshop(t.database.db, { daysFromNow: 12, professionalId: pro.id, title: 'Antenna design clinic' });
    await t.app.ctx.cache.settle();
    const after = await t.app.inject({ url: '/workshops' });
    expect(after.body).toContain('Antenna design clinic');
    // Cancelled: out of the page at once.
    await t.database.db.update(workshops).set({ status: 'cancelled' }).where(eq(workshops.id, added.id));
    await t.app.ctx.cache.settle();
    expect((await t.app.inject({ url: '/workshops' })).body).not.toContain('Antenna design clinic');
  });

  it('keeps one page per address and languages: another language or query is its own page', async () => {
    const english = await t.app.inject({ url: '/about', headers: { 'accept-language': 'en' } });
    const spanish = await t.app.inject({ url: '/about', headers: { 'accept-language': 'es' } });
    expect(english.body).toContain('<html lang="en"');
    expect(spanish.body).not.toBe(english.body);
    expect((await t.app.inject({ url: '/about', headers: { 'accept-language': 'en' } })).body).toBe(english.body);
    const missing = await t.app.inject({ url: '/workshops/000000000000000000000000' });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/workshops/000000000000000000000000' })).statusCode).toBe(404);
  });

  it('is rendered anew once its minute has passed, though nothing changed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await t.app.inject({ url: '/projects' });
      const before = misses();
      await t.app.inject({ url: '/projects' });
      expect(misses()).toBe(before);
      vi.setSystemTime(Date.now() + PAGE_TTL_MS + 1);
      await t.app.inject({ url: '/projects' });
      expect(misses()).toBeGreaterThan(before);
    } finally {
      vi.useRealTimers();
    }
  });
});
