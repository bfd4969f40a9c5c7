// Shared helpers for the fault drills: start the built server on its own database, wait, clean up.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serverJs = path.join(root, 'apps/api/dist/server.js');

/** A fresh PostgreSQL database when DRILL_DATABASE_URL is set, else a PGlite DATA_DIR. */
export async function freshDatabase(work) {
  const url = process.env.DRILL_DATABASE_URL;
  if (!url) return { env: { DATA_DIR: path.join(work, 'data') }, drop: async () => {} };
  const { default: pg } = await import('pg');
  const name = `mb_drill_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    env: { DATABASE_URL: u.toString(), SEED_DEMO: 'true', DATA_DIR: path.join(work, 'data') },
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export function workDir() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'mb-drill-'));
  mkdirSync(path.join(work, 'static'));
  return { work, cleanup: () => rmSync(work, { recursive: true, force: true }) };
}

export function startServer({ port, env, work, log = 'server.log' }) {
  const fd = openSync(path.join(work, log), 'a');
  return spawn(process.execPath, [serverJs], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET: 'drill-secret-that-is-long-enough-for-hs256-0123456789',
      LOG_LEVEL: 'info',
      LOGIN_MAX_PER_IP: '100000',
      STATIC_DIR: path.join(work, 'static'),
      ...env,
    },
    stdio: ['ignore', fd, fd],
  });
}

export async function waitHealthy(port, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      /* not yet */
    }
    await sleep(200);
  }
  throw new Error(`server on ${port} not healthy after ${timeoutMs} ms`);
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function login(port, email, password) {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return (await res.json()).data.token;
}

export const exited = (child) => (child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((r) => child.once('exit', (code) => r(code))));

export function report(name, ok, details) {
  console.log(JSON.stringify({ drill: name, result: ok ? 'PASS' : 'FAIL', ...details }, null, 2));
  process.exitCode = ok ? 0 : 1;
}
