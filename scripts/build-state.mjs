// Is the build missing or older than its sources? Shared by `npm start` and the e2e runner.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'dist-ssr') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const SOURCES = {
  web: ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', 'packages/shared/src'],
  api: ['apps/api/src', 'apps/api/build.mjs', 'packages/shared/src'],
};
// The web part is the browser's app and the server-rendering bundle the API imports (decision 1070).
const OUTPUTS = { web: ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.js'], api: ['apps/api/dist/server.js'] };

/** Which parts need building: [] when the build is present and newer than every source. */
export function staleParts(root = process.cwd()) {
  const parts = [];
  for (const part of ['web', 'api']) {
    const outputs = OUTPUTS[part].map((o) => path.join(root, o));
    if (!outputs.every((o) => existsSync(o))) {
      parts.push(part);
      continue;
    }
    const built = Math.min(...outputs.map((o) => statSync(o).mtimeMs));
    const source = Math.max(...SOURCES[part].map((s) => newestMtime(path.join(root, s))));
    if (source > built) parts.push(part);
  }
  return parts;
}
