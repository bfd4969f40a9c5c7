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
