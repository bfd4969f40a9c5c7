// `npm run dev`: the API with reload (tsx watch) and Vite with hot reload (proxying /api).
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const children = [
  spawn(npm, ['run', 'dev', '-w', 'apps/api'], { stdio: 'inherit', env: { ...process.env, STATIC_DIR: process.env.STATIC_DIR ?? '.tmp/no-static' } }),
  spawn(npm, ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
];
console.log('API on http://localhost:3000 · web with hot reload on http://localhost:5173');
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => {
  stop();
  process.exit(code ?? 0);
});
