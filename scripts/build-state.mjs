// Is the build missing or older than its sources? Shared by `npm start` and the e2e runner.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const SOURCES = {
  web: ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', 'packages/shared/src'],
  api: ['apps/api/src', 'apps/api/build.mjs', 'packages/shared/src'],
};
const OUTPUTS = { web: 'apps/web/dist/index.html', api: 'apps/api/dist/server.js' };

/** Which parts need building: [] when the build is present and newer than every source. */
export function staleParts(root = process.cwd()) {
  const parts = [];
  for (const part of ['web', 'api']) {
    const output = path.join(root, OUTPUTS[part]);
    if (!existsSync(output)) {
      parts.push(part);
      continue;
    }
    const built = statSync(output).mtimeMs;
    const source = Math.max(...SOURCES[part].map((s) => newestMtime(path.join(root, s))));
    if (source > built) parts.push(part);
  }
  return parts;
}
