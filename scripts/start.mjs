// `npm start`: build what is missing or stale, then run the server (embedded database by default).
import { spawnSync, spawn } from 'node:child_process';
import { staleParts } from './build-state.mjs';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
for (const part of staleParts()) {
  console.log(`Building ${part === 'web' ? 'the web app' : 'the API'}…`);
  const result = spawnSync(npm, ['run', 'build', '-w', `apps/${part}`], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--enable-source-maps', 'apps/api/dist/server.js'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
