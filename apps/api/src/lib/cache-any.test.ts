// Decision 1360: `getAny` entries (rendered public pages) live in their own bounded pool and are valid until
// any table's notification, a reset, or their time-to-live.
import { describe, expect, it, vi } from 'vitest';
import { createCatalogueCache } from './cache.ts';

function cache(maxAnyEntries?: number) {
  return createCatalogueCache({ mode: 'on', live: () => true, barrier: async () => true, maxAnyEntries });
}

describe('catalogue cache getAny (decision 1360)', () => {
  it('keeps at most maxAnyEntries, dropping the least recently used, and leaves the shared entries alone', async () => {
    const c = cache(2);
    await c.get('list', ['workshops'], {}, async () => 'list');
    let computed = 0;
    const page = (url: string) => c.getAny('public-page', { url }, async () => `${url}#${++computed}`, { ttlMs: 60_000 });
    expect(await page('/a')).toBe('/a#1');
    expect(await page('/b')).toBe('/b#2');
    expect(await page('/a')).toBe('/a#1');
    expect(await page('/c')).toBe('/c#3');
    // /b was the least recently used: dropped. /a is still kept.
    expect(c.stats().anyEntries).toBe(2);
    expect(await page('/a')).toBe('/a#1');
    expect(await page('/b')).toBe('/b#4');
    expect(c.stats().entries).toBe(1);
    // The default bound is small (pages are large): 250 distinct addresses keep 200.
    const big = cache();
    for (let i = 0; i < 250; i++) await big.getAny('public-page', { url: `/w?x=${i}` }, async () => 'x'.repeat(10), { ttlMs: 60_000 });
    expect(big.stats().anyEntries).toBe(200);
  });

  it('is computed again after any table changes or a reset, and not after a per-user change', async () => {
    const c = cache();
    let computed = 0;
    const page = () => c.getAny('public-page', { url: '/workshops' }, async () => ++computed, { ttlMs: 60_000 });
    expect(await page()).toBe(1);
    expect(await page()).toBe(1);
    c.onEvent({ type: 'user-cache', userId: '', data: { users: ['u1'] } });
    expect(await page()).toBe(1);
    c.onEvent({ type: 'cache', userId: '', data: { table: 'some_table_nobody_lists' } });
    expect(await page()).toBe(2);
    c.onEvent({ type: 'cache-reset', userId: '', data: {} });
    expect(await page()).toBe(3);
    expect(await page()).toBe(3);
  });

  it('is computed again once its time-to-live has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const c = cache();
      let computed = 0;
      const page = () => c.getAny('public-page', { url: '/about' }, async () => ++computed, { ttlMs: 60_000 });
      expect(await page()).toBe(1);
      vi.setSystemTime(Date.now() + 59_999);
      expect(await page()).toBe(1);
      vi.setSystemTime(Date.now() + 2);
      expect(await page()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
