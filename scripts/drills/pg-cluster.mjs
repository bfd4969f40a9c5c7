// PostgreSQL clusters of a drill's own (issue 31): made with Debian's PostgreSQL binaries in a temp dir,
// owned by the postgres user, on their own port (DRILL_PG_PORT, default 5440 and up), never the machine's
// shared cluster. A drill may crash them (`stop -m immediate`, kill -9 of the postmaster), make a
// streaming standby of one with pg_basebackup and promote it. Needs root (to act as postgres) and the
// postgresql package; `available()` says why not otherwise.
import { execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PG_ROOT = '/usr/lib/postgresql';

function binDir() {
  if (!existsSync(PG_ROOT)) return undefined;
  const versions = readdirSync(PG_ROOT).filter((v) => existsSync(path.join(PG_ROOT, v, 'bin', 'initdb')));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(PG_ROOT, versions[0], 'bin') : undefined;
}

/** Why the drill cannot make its own clusters here, or undefined when it can. */
export function unavailable() {
  if (!binDir()) return 'no PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)';
  if (process.getuid?.() !== 0) return 'needs root (to run initdb and the server as the postgres user)';
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'pipe' });
  } catch {
    return 'no postgres system user';
  }
  return undefined;
}

const asPostgres = (cmd, args, opts = {}) =>
  execFileSync('runuser', ['-u', 'postgres', '--', path.join(binDir(), cmd), ...args], { stdio: 'pipe', timeout: 120_000, ...opts });

function postgresIds() {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

/** A directory under the system temp dir that the postgres user owns. */
function ownedTempDir(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const { uid, gid } = postgresIds();
  chownSync(dir, uid, gid);
  return dir;
}

/**
 * A cluster on `port`: `settings` go on the server's command line (so a base backup of it does not
 * inherit them). `init()` runs initdb; `fromBaseBackup(primary, name)` clones a running primary as a
 * streaming standby (standby.signal, primary_conninfo with application_name = name).
 */
export function cluster({ port, name = `n${port}`, settings = {} }) {
  const root = ownedTempDir(`mb-pg-${name}-`);
  const data = path.join(root, 'data');
  const log = path.join(root, 'server.log');
  const options = () =>
    [`-p ${port}`, `-k ${root}`, `-c listen_addresses=127.0.0.1`, ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`)].join(' ');
  /** The backends of a killed postmaster, ended by `destroy()` if they have not exited by then. */
  const orphans = [];
  const self = {
    port,
    name,
    root,
    data,
    url: (db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${db}`,
    settings,
    init() {
      asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
      // Replication from 127.0.0.1 without a password (the cluster only listens there).
      appendFileSync(path.join(data, 'pg_hba.conf'), '\nhost replication postgres 127.0.0.1/32 trust\n');
      return self;
    },
    fromBaseBackup(primary) {
      asPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', data, '-X', 'stream', '-c', 'fast']);
      writeFileSync(path.join(data, 'standby.signal'), '');
      appendFileSync(
        path.join(data, 'postgresql.auto.conf'),
        `\nprimary_conninfo = 'host=127.0.0.1 port=${primary.port} user=postgres application_name=${name}'\n`,
      );
      const { uid, gid } = postgresIds();
      chownSync(path.join(data, 'standby.signal'), uid, gid);
      return self;
    },
    start() {
      asPostgres('pg_ctl', ['-D', data, '-l', log, '-o', options(), '-w', '-t', '60', 'start']);
      return self;
    },
    /** `pg_ctl stop -m immediate`: every server process quits at once, no checkpoint (a crash). */
    crash() {
      asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    /** The postmaster's pid (first line of postmaster.pid), or undefined when it is not running. */
    postmasterPid() {
      try {
        return Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      } catch {
        return undefined;
      }
    },
    /** kill -9 of the postmaster (its backends notice and exit by themselves). */
    kill9() {
      const pid = self.postmasterPid();
      if (!pid) return undefined;
      try {
        const children = execFileSync('pgrep', ['-P', String(pid)], { stdio: 'pipe' }).toString().trim().split('\n');
        orphans.push(...children.filter(Boolean).map(Number));
      } catch {
        /* no children */
      }
      process.kill(pid, 'SIGKILL');
      return pid;
    },
    promote() {
      asPostgres('pg_ctl', ['-D', data, '-w', '-t', '60', 'promote']);
    },
    /** Stop whatever is left (also the orphaned backends of a killed postmaster) and delete the files. */
    destroy() {
      try {
        asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', 'stop'], { timeout: 20_000 });
      } catch {
        /* not running */
      }
      for (const pid of orphans) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          /* gone */
        }
      }
      rmSync(root, { recursive: true, force: true });
    },
    logTail(lines = 20) {
      try {
        return readFileSync(log, 'utf8').trim().split('\n').slice(-lines).join('\n');
      } catch {
        return '';
      }
    },
  };
  return self;
}

// ---- What the drills on these clusters share (pg-crash.mjs, pg-failover.mjs) ----

/** Three API processes on `databaseUrl`: the first migrates and seeds the demo data, then the other two. */
export async function startApiProcesses({ ports, databaseUrl, work, startServer, waitHealthy }) {
  const env = { DATABASE_URL: databaseUrl, SEED_DEMO: 'true', DATA_DIR: path.join(work, 'data'), STATEMENT_TIMEOUT_MS: '5000' };
  const servers = [startServer({ port: ports[0], env, work, log: 'server-0.log' })];
  await waitHealthy(ports[0]);
  for (const i of [1, 2]) servers.push(startServer({ port: ports[i], env, work, log: `server-${i}.log` }));
  await Promise.all(ports.map((p) => waitHealthy(p)));
  return servers;
}

/** An approved public idea the load comments on, written straight into `databaseUrl`. */
export async function insertDrillIdea(pg, databaseUrl, { title, description }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `INSERT INTO ideas (id, author_id, title, description, category, is_public, status)
       VALUES (substr(md5(random()::text), 1, 24), (SELECT id FROM users WHERE email = 'rohan@example.com'),
               $1, $2, 'Technology', true, 'approved') RETURNING id`,
      [title, description],
    );
    return rows[0].id;
  } finally {
    await client.end();
  }
}

/** One API request; never throws (a refused or timed-out connection is status 0 with its cause). */
export async function call(port, method, url, { token, json } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (json) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers,
      body: json ? JSON.stringify(json) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    await res.arrayBuffer();
    return { status: res.status, retryAfter: res.headers.get('retry-after') };
  } catch (error) {
    return { status: 0, error: error.cause?.code ?? error.name };
  }
}

/**
 * The write load: each student posts comments on the idea and registers for / cancels the workshop, in
 * turn through every port. Every request is pushed to `log` with `tag()` (the drill's round/phase);
 * acknowledged comments are added to `acked`. `stop()` ends the load and waits for it.
 */
export function writeLoad({ ports, tokens, ideaId, workshopId, label, log, acked, tag, sleep }) {
  let stopped = false;
  const record = (kind, port, start, res) =>
    log.push({ ...tag(), kind, port, start, end: Date.now(), status: res.status, error: res.error, retryAfter: res.retryAfter });
  const commenter = async (i) => {
    let n = 0;
    while (!stopped) {
      const port = ports[n % ports.length];
      const text = `${label} ${i}-${n++}`;
      const start = Date.now();
      const res = await call(port, 'POST', `/api/ideas/${ideaId}/comments`, { token: tokens[i], json: { body: text } });
      record('comment', port, start, res);
      if (res.status === 201) acked.add(text);
      else await sleep(50);
    }
  };
  const registrar = async (i) => {
    let n = 0;
    while (!stopped) {
      const port = ports[(n + i) % ports.length];
      const cancel = n++ % 2 === 1;
      const start = Date.now();
      const res = await call(port, cancel ? 'DELETE' : 'POST', `/api/workshops/${workshopId}/register`, { token: tokens[i] });
      record(cancel ? 'cancel' : 'register', port, start, res);
      if (res.status >= 500 || res.status === 0) await sleep(50);
    }
  };
  const workers = tokens.flatMap((_, i) => [commenter(i), registrar(i)]);
  return {
    async stop() {
      stopped = true;
      await Promise.all(workers);
    },
  };
}

/** When each port first acknowledged a comment started at or after `since` (ms after `from`), polled up to 30 s. */
export async function firstWritesAfter({ ports, log, since, from, sleep }) {
  const firstOk = {};
  while (Date.now() - from < 30_000 && ports.some((p) => firstOk[p] === undefined)) {
    for (const p of ports) {
      if (firstOk[p] !== undefined) continue;
      const hit = log.find((e) => e.port === p && e.kind === 'comment' && e.status === 201 && e.start >= since);
      if (hit) firstOk[p] = hit.end - from;
    }
    await sleep(50);
  }
  return ports.map((p) => firstOk[p] ?? null);
}

/** The comments on the idea that are stored in `databaseUrl`. */
export async function storedComments(pg, databaseUrl, ideaId) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return new Set((await client.query('SELECT body FROM idea_comments WHERE idea_id = $1', [ideaId])).rows.map((r) => r.body));
  } finally {
    await client.end();
  }
}

/** SIGTERM each API process still running and collect the exit codes (a dead one's own code or signal). */
export function stopApiProcesses(servers, { isRunning, exited }) {
  return Promise.all(
    servers.map(async (s) => {
      if (!isRunning(s)) return s.exitCode ?? s.signalCode;
      s.kill('SIGTERM');
      return exited(s);
    }),
  );
}

/** The failed requests (5xx or no answer) by cause; a clean outage has only "503 with Retry-After". */
export function failuresByCause(log) {
  const byCause = {};
  for (const e of log) {
    if (e.status >= 200 && e.status < 500) continue;
    const cause = e.status === 0 ? `connection ${e.error}` : `${e.status}${e.status === 503 ? (e.retryAfter ? ' with Retry-After' : ' without Retry-After') : ''}`;
    byCause[cause] = (byCause[cause] ?? 0) + 1;
  }
  return byCause;
}
