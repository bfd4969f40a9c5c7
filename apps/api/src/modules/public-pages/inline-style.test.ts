// Decisions 1330, 1390: a server-rendered public page carries, in its head, the part of the web build's
// stylesheet its markup uses, allowed by the CSP through that text's hash alone; any other page keeps the
// link to the file, which the app loads whole before it starts.
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { inlineStyle } from './inline-style.ts';
import { STYLE_LINK as LINK, webBuild } from './web-build.fixtures.ts';

// Tailwind's shape: utilities in their layer. The public pages' plain HTML uses mx-auto and sm:px-6.
const CSS = '@layer utilities{.mx-auto{margin-inline:auto}.card{color:#123}@media (min-width:40rem){.sm\\:px-6{padding-inline:1.5rem}.card{padding:1rem}}}/* a comment */\nbody{margin:0}\n';
const PART = '@layer utilities{.mx-auto{margin-inline:auto}@media (min-width:40rem){.sm\\:px-6{padding-inline:1.5rem}}}/* a comment */\nbody{margin:0}';

const root = webBuild(CSS);
const made: string[] = [root];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
const t = useTestApp({ STATIC_DIR: root, CATALOGUE_CACHE: 'off' });
const hashOf = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

describe('the stylesheet in a public page (decisions 1330, 1390)', () => {
  it("a server-rendered page holds its part of the stylesheet instead of the link, and the CSP allows exactly that text", async () => {
    for (const url of ['/workshops', '/about', '/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      // The rules of the classes on the page, and everything outside the utilities; not the unused .card.
      expect(res.body).toContain(`<style data-stylesheet="/assets/index-abc.css">${PART}</style>`);
      expect(res.body).not.toContain('rel="stylesheet"');
      // Once, in the head.
      expect(res.body.split('<style')).toHaveLength(2);
      expect(res.body.indexOf('<style')).toBeLessThan(res.body.indexOf('</head>'));
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain(`style-src 'self' ${hashOf(PART)};`);
      expect(csp).not.toContain(hashOf(CSS));
      expect(csp).not.toContain('unsafe-inline');
    }
  });

  it('a page the server does not render (the app renders it) keeps the link', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/student/dashboard' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(LINK);
    expect(res.body).not.toContain('<style');
  });

  it('is left linked when it could end the element early, when there are several, or none; whole when it cannot be read', () => {
    const closing = webBuild('.a::after{content:"</style><script>x</script>"}');
    const several = webBuild(CSS, [LINK, '<link rel="stylesheet" crossorigin href="/assets/other-def.css">']);
    const none = webBuild(CSS, []);
    const unbalanced = webBuild('.a{color:red');
    made.push(closing, several, none, unbalanced);
    expect(inlineStyle(closing)).toBeUndefined();
    expect(inlineStyle(several)).toBeUndefined();
    expect(inlineStyle(none)).toBeUndefined();
    expect(inlineStyle(root)).toMatchObject({ link: LINK, href: '/assets/index-abc.css', tag: `<style>${CSS}</style>`, source: hashOf(CSS) });
    expect(inlineStyle(unbalanced)?.forPage('<p class="a">x</p>')).toBe('<style data-stylesheet="/assets/index-abc.css">.a{color:red</style>');
  });
});
