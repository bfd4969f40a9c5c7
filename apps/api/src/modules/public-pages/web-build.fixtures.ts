// A built web app's shape (apps/web/dist after vite build), for the public-pages tests.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const STYLE_LINK = '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">';

/** A temporary web build: index.html with `links` in its head, and `css` as /assets/index-abc.css (and other-def.css). */
export function webBuild(css: string, links = [STYLE_LINK]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mb-style-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'index-abc.css'), css);
  writeFileSync(path.join(dir, 'assets', 'other-def.css'), css);
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="MentorBridge." />
    <title>MentorBridge</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    ${links.join('\n    ')}
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`,
  );
  return dir;
}
