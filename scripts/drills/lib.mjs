// Shared helpers for the fault drills: start the built server on its own database, wait, clean up.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../server-flags.mjs';

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
  return spawn(process.execPath, [...SERVER_NODE_FLAGS, serverJs], {
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

/** startServer, then wait until it answers /api/health; a server that never does is killed before the error. */
export async function startHealthy(options, timeoutMs = 120_000) {
  const child = startServer(options);
  try {
    await waitHealthy(options.port, timeoutMs);
  } catch (error) {
    await stopServer(child);
    throw error;
  }
  return child;
}

/** Stop a process (by default with SIGKILL, as a crash would) unless it has already ended, and wait until it has. */
export async function stopServer(child, signal = 'SIGKILL') {
  if (child && isRunning(child)) {
    child.kill(signal);
    await exited(child);
  }
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

/** Resolves with the exit code (null when killed by a signal), also when the child has already exited. */
export const exited = (child) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((r) => child.once('exit', (code) => r(code)));
export const isRunning = (child) => child.exitCode === null && child.signalCode === null;

export function report(name, ok, details) {
  console.log(JSON.stringify({ drill: name, result: ok ? 'PASS' : 'FAIL', ...details }, null, 2));
  process.exitCode = ok ? 0 : 1;
}

/**
 * Query the drill's database directly (checks the API does not expose): PostgreSQL at any time; the
 * embedded database only while the server is stopped (one process owns it).
 */
export async function openDirect(db, work) {
  if (db.url) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    return { query: async (text, params) => (await client.query(text, params)).rows, close: () => client.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create(path.join(work, 'data', 'db'), { extensions: { btree_gist, pg_trgm } });
  return { query: async (text, params) => (await client.query(text, params)).rows, close: () => client.close() };
}

/** Run `fn` with a direct connection, closing it after. */
export async function withDirect(db, work, fn) {
  const direct = await openDirect(db, work);
  try {
    return await fn(direct);
  } finally {
    await direct.close();
  }
}

/** Files under the uploads directory, as storage keys (`avatars/…`), temp files included. */
export function uploadedFiles(work, root = path.join(work, 'data', 'uploads')) {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)));
}

/** Every storage key a row refers to (the same three columns the server's sweep reads). */
export async function referencedKeys(direct) {
  const rows = await direct.query(
    `SELECT profile_image_key AS key FROM users WHERE profile_image_key IS NOT NULL
     UNION SELECT banner_image_key FROM workshops WHERE banner_image_key IS NOT NULL
     UNION SELECT storage_key FROM files`,
  );
  return new Set(rows.map((r) => r.key));
}

/** Rows against files: keys a row refers to with no file (`missing`), files no row refers to (`orphans`). */
export async function uploadMismatches(direct, work, uploadsRoot) {
  const referenced = await referencedKeys(direct);
  const files = new Set(uploadedFiles(work, uploadsRoot));
  return { missing: [...referenced].filter((k) => !files.has(k)), orphans: [...files].filter((f) => !referenced.has(f)) };
}

/** A tiny PNG made with the API's own sharp. */
export async function pngBytes() {
  const require = createRequire(path.join(root, 'apps/api/package.json'));
  const sharp = require('sharp');
  return sharp({ create: { width: 16, height: 16, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
}

/** fetch with JSON in and out; never throws for HTTP statuses, returns status 0 when the connection failed. */
export async function api(port, method, url, { token, json, form, timeoutMs = 30_000, headers: extra = {} } = {}) {
  const headers = { ...extra };
  if (token) headers.authorization = `Bearer ${token}`;
  let body;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) body = form;
  try {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
    return { status: res.status, body: data };
  } catch (error) {
    return { status: 0, error: error.cause?.code ?? error.name ?? String(error) };
  }
}

/** A published workshop far in the future with `capacity` seats, created by the admin. */
export async function createWorkshop(port, adminToken, capacity, title = 'Drill workshop') {
  const res = await api(port, 'POST', '/api/admin/workshops', {
    token: adminToken,
    json: {
      title,
      description: 'Seats taken and given back under faults.',
      category: 'Technology',
      date: '2030-01-15',
      startTime: '10:00',
      endTime: '12:00',
      timezone: 'UTC',
      maxParticipants: capacity,
      status: 'published',
      manualInstructor: { name: 'Drill Instructor', email: 'drill.instructor@example.com', title: 'Engineer' },
    },
  });
  if (res.status !== 201) throw new Error(`create workshop: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.workshop._id;
}

/** Resident set size of a process in bytes (Linux /proc). */
export function rssBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/** Demo seed: two demo students use Student@123, the other four Demo@12345 (apps/api/src/demo/accounts.ts). */
export const DEMO_STUDENTS = [
  'student@example.com',
  'priya@example.com',
  'rohan@example.com',
  'sara@example.com',
  'li.wei@example.com',
  'emma@example.com',
];
export const demoPassword = (email) =>
  email === 'student@example.com' || email === 'priya@example.com' ? 'Student@123' : 'Demo@12345';

// A drill that throws prints one readable line (not a minified driver's source) and fails.
process.on('uncaughtException', (error) => {
  console.error(
    `drill error: ${error?.stack?.split('\n').slice(0, 3).join('\n') ?? error}${error?.query ? `\nquery: ${error.query}` : ''}`,
  );
  process.exit(1);
});

/** The blocks of a Server-Sent Events body (each the text between blank lines), as they arrive. */
async function* sseBlocks(body) {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      yield buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
    }
  }
}

/**
 * A Server-Sent Events client on /api/notifications/stream (of the server or balancer on `port`) that
 * reconnects like EventSource (after `retryMs`) whenever the stream ends or fails; with `resume` it sends
 * the last event id it received as Last-Event-ID, as EventSource does. `events` collects
 * { at, event, id, data, connection }; `backends` the x-backend header of each connection's response.
 */
export function sseClient(port, token, { retryMs = 1000, resume = false } = {}) {
  const events = [];
  const backends = [];
  let lastId;
  let stopped = false;
  let controller;
  let connections = 0;
  const run = async () => {
    while (!stopped) {
      controller = new AbortController();
      const connection = ++connections;
      try {
        const headers = resume && lastId ? { 'last-event-id': lastId } : {};
        const res = await fetch(`http://127.0.0.1:${port}/api/notifications/stream?token=${token}`, {
          headers,
          signal: controller.signal,
        });
        backends.push(res.headers.get('x-backend'));
        if (res.ok && res.body) {
          for await (const block of sseBlocks(res.body)) {
            const id = /^id: (.*)$/m.exec(block)?.[1];
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (id) lastId = id;
            if (event) events.push({ at: Date.now(), event, id, data: data ? JSON.parse(data) : null, connection });
          }
        }
      } catch {
        /* dropped: reconnect */
      }
      if (!stopped) await sleep(retryMs);
    }
  };
  const done = run();
  return {
    events,
    backends,
    get connections() {
      return connections;
    },
    async close() {
      stopped = true;
      controller?.abort();
      await done;
    },
  };
}
