// Decision 1330: a server-rendered public page carries the web build's stylesheet in its head, allowed by the
// CSP through its hash alone; any other page keeps the link to the file.
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { inlineStyle } from './inline-style.ts';
import { STYLE_LINK as LINK, webBuild } from './web-build.fixtures.ts';

const CSS = '.card{color:#123}/* a comment */\n@media (min-width:40rem){.card{padding:1rem}}\n';

const root = webBuild(CSS);
const made: string[] = [root];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
const t = useTestApp({ STATIC_DIR: root, CATALOGUE_CACHE: 'off' });
const hash = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;

describe('the stylesheet in a public page (decision 1330)', () => {
  it('a server-rendered page holds the stylesheet, unchanged, instead of the link, and the CSP allows exactly it', async () => {
    for (const url of ['/workshops', '/about', '/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<style>${CSS}</style>`);
      expect(res.body).not.toContain('rel="stylesheet"');
      // Once, in the head.
      expect(res.body.split('<style>')).toHaveLength(2);
      expect(res.body.indexOf('<style>')).toBeLessThan(res.body.indexOf('</head>'));
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(new RegExp(`style-src 'self' ${hash.replace(/[+/]/g, '\\$&')};`));
      expect(csp).not.toContain('unsafe-inline');
    }
  });

  it('a page the server does not render (the app renders it) keeps the link', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/student/dashboard' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(LINK);
    expect(res.body).not.toContain('<style>');
  });

  it('is left linked when it could end the element early, when there are several, or none', () => {
    const closing = webBuild('.a::after{content:"</style><script>x</script>"}');
    const several = webBuild(CSS, [LINK, '<link rel="stylesheet" crossorigin href="/assets/other-def.css">']);
    const none = webBuild(CSS, []);
    made.push(closing, several, none);
    expect(inlineStyle(closing)).toBeUndefined();
    expect(inlineStyle(several)).toBeUndefined();
    expect(inlineStyle(none)).toBeUndefined();
    expect(inlineStyle(root)).toEqual({ link: LINK, tag: `<style>${CSS}</style>`, source: hash });
  });
});
