import { describe, expect, it } from 'vitest';
import { body } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';

const t = useTestApp();

/** Every string in a JSON value, with its path. */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}

describe('GET /api/content/site (the shipped content file)', () => {
  it('reads like a real platform: no operator notes, placeholders or "sample" markers on public pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/content/site' });
    expect(res.statusCode).toBe(200);
    const all = strings(body<{ data: unknown }>(res).data);
    expect(all.length).toBeGreaterThan(20);
    const notes = /\(sample\)|sample content|fictional|replace this|site\.json|admin console|coming soon|lorem|00000/i;
    expect(all.filter(([, text]) => notes.test(text))).toEqual([]);
    // A profile link is either the person's own page or absent: never a site's front page.
    const links = all.filter(([path]) => /\.link$/.test(path)).map(([, link]) => link);
    expect(links.filter((link) => link !== '' && new URL(link).pathname.replace(/\/$/, '') === '')).toEqual([]);
  });
});
