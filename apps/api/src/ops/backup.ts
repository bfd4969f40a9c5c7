import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config.ts';
import { PGLITE_EXTENSIONS, openDatabase, type Database } from '../db/client.ts';
import { createStorage, readAll, type Storage, type StorageDriver } from '../lib/storage.ts';

const run = promisify(execFile);

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  databaseFile: string;
  /** Where the uploads were (absent in older backups: local). `database`: inside the database dump. */
  storageDriver?: StorageDriver;
  fingerprint: Fingerprint;
}

export interface Fingerprint {
  /** table → { rows, md5 of all rows in a stable order } */
  tables: Record<string, { rows: number; md5: string }>;
  /** storage key (upload path) → sha256, read through the configured storage driver */
  files: Record<string, string>;
}

/** Every table's row count and content hash, and every upload's hash: equal fingerprints, equal data. */
export async function fingerprint(database: Database, storage: Storage): Promise<Fingerprint> {
  const tables = await database.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const result: Fingerprint = { tables: {}, files: {} };
  for (const { table_name } of tables) {
    const quoted = `"${table_name.replace(/"/g, '""')}"`;
    const [row] = await database.query<{ rows: number | string; md5: string | null }>(
      // Each row hashed first: rows holding file chunks (1 MiB) never build one giant string.
      `SELECT count(*) AS rows, md5(coalesce(string_agg(md5(t::text), '|' ORDER BY md5(t::text)), '')) AS md5 FROM ${quoted} t`,
    );
    result.tables[table_name] = { rows: Number(row?.rows ?? 0), md5: row?.md5 ?? '' };
  }
  for (const key of await storage.list()) {
    result.files[key] = createHash('sha256').update(await readAll(storage.read(key))).digest('hex');
  }
  return result;
}

function storageOf(config: Config, database: Database): Storage {
  return createStorage(config.storageDriver, { root: config.uploadsDir, db: database.db });
}

/** The embedded database is one process's files: refuse while a server holds it. */
export async function assertEmbeddedDatabaseIdle(config: Config) {
  const lock = path.join(config.dataDir, 'server.pid');
  if (!existsSync(lock)) return;
  const pid = Number((await readFile(lock, 'utf8')).trim());
  if (pid && pid !== process.pid && isAlive(pid)) {
    throw new Error(`A server (pid ${pid}) is using ${config.dataDir}. Stop it first: the embedded database cannot be shared.`);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Back up the database and the uploads into `outDir`: PGlite as a data-directory dump, PostgreSQL
 * with pg_dump (custom format). The manifest carries a fingerprint to verify a restore against.
 */
export async function backup(config: Config, outDir: string): Promise<BackupManifest> {
  if (!config.databaseUrl) await assertEmbeddedDatabaseIdle(config);
  await mkdir(outDir, { recursive: true });
  if ((await readdir(outDir)).length > 0) throw new Error(`${outDir} is not empty`);
  const database = await openDatabase(config);
  try {
    let databaseFile: string;
    if (database.pglite) {
      databaseFile = 'database.tar.gz';
      const dump = await database.pglite.dumpDataDir('gzip');
      await writeFile(path.join(outDir, databaseFile), Buffer.from(await dump.arrayBuffer()));
    } else {
      databaseFile = 'database.pgdump';
      await run('pg_dump', ['--format=custom', '--no-owner', '--file', path.join(outDir, databaseFile), config.databaseUrl ?? '']);
    }
    // The database driver's files are rows: the dump above carries them.
    if (config.storageDriver === 'local' && existsSync(config.uploadsDir)) {
      await cp(config.uploadsDir, path.join(outDir, 'uploads'), { recursive: true });
    }
    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      database: database.kind,
      databaseFile,
      storageDriver: config.storageDriver,
      fingerprint: await fingerprint(database, storageOf(config, database)),
    };
    await writeFile(path.join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
    return manifest;
  } finally {
    await database.close();
  }
}

/**
 * Restore a backup into the configured (empty or to-be-replaced) database and uploads directory,
 * then verify that the fingerprint matches. Throws when it does not.
 */
export async function restore(config: Config, fromDir: string): Promise<Fingerprint> {
  const manifest = JSON.parse(await readFile(path.join(fromDir, 'manifest.json'), 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new Error('Unknown backup format');
  const wantsPostgres = Boolean(config.databaseUrl);
  if (wantsPostgres !== (manifest.database === 'postgres')) {
    throw new Error(`This backup is of a ${manifest.database} database; configure the same kind to restore it`);
  }
  const backedUpDriver = manifest.storageDriver ?? 'local';
  if (backedUpDriver !== config.storageDriver) {
    throw new Error(
      `This backup's files are in the ${backedUpDriver} storage driver; restore with STORAGE_DRIVER=${backedUpDriver}, then move them with npm run storage:migrate`,
    );
  }
  if (!wantsPostgres) {
    await assertEmbeddedDatabaseIdle(config);
    const dbDir = path.join(config.dataDir, 'db');
    await rm(dbDir, { recursive: true, force: true });
    await mkdir(dbDir, { recursive: true });
    const blob = new Blob([await readFile(path.join(fromDir, manifest.databaseFile))]);
    const client = await PGlite.create(dbDir, { loadDataDir: blob, extensions: PGLITE_EXTENSIONS });
    await client.close();
  } else {
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--dbname', config.databaseUrl ?? '', path.join(fromDir, manifest.databaseFile)]);
  }
  if (config.storageDriver === 'local') {
    await rm(config.uploadsDir, { recursive: true, force: true });
    const uploads = path.join(fromDir, 'uploads');
    if (existsSync(uploads) && (await stat(uploads)).isDirectory()) await cp(uploads, config.uploadsDir, { recursive: true });
  }

  const database = await openDatabase(config);
  try {
    const restored = await fingerprint(database, storageOf(config, database));
    const problems = compareFingerprints(manifest.fingerprint, restored);
    if (problems.length > 0) throw new Error(`Restore verification failed:\n  ${problems.join('\n  ')}`);
    return restored;
  } finally {
    await database.close();
  }
}

export function compareFingerprints(expected: Fingerprint, actual: Fingerprint): string[] {
  const problems: string[] = [];
  for (const [table, want] of Object.entries(expected.tables)) {
    const got = actual.tables[table];
    if (!got) problems.push(`table ${table} missing`);
    else if (got.rows !== want.rows || got.md5 !== want.md5) problems.push(`table ${table}: ${got.rows} rows (${got.md5}) ≠ ${want.rows} rows (${want.md5})`);
  }
  for (const [file, hash] of Object.entries(expected.files)) {
    if (actual.files[file] !== hash) problems.push(`upload ${file} missing or different`);
  }
  return problems;
}
