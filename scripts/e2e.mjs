// `npm run test:e2e [-- playwright args]`: build what is missing or older than its sources, then run
// the Playwright journeys (playwright.config.ts starts the built server on port 3200).
import { spawn, spawnSync } from 'node:child_process';
import { staleParts } from './build-state.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

const stale = staleParts();
if (stale.length > 0) {
  console.log(`Build is missing or stale (${stale.join(', ')}): running npm run build…`);
  const build = spawnSync(npm, ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed: not running the journeys.');
    process.exit(build.status ?? 1);
  }
}

const child = spawn(npx, ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
