import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema/users.ts';
import { backup, fingerprint, restore } from '../src/ops/backup.ts';
import { CHUNK_BYTES, createStorage } from '../src/lib/storage.ts';
import { withDatabase } from './global-setup.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

function tempDir(prefix: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function fill(config: ReturnType<typeof loadConfig>) {
  const database = await openDatabase(config);
  await database.migrate();
  await database.db.insert(users).values([
    { role: 'student', email: 'a@example.com', passwordHash: 'x', firstName: 'A', lastName: 'Ä — "quoted"' },
    { role: 'admin', email: 'b@example.com', passwordHash: 'y', firstName: 'B' },
  ]);
  const storage = createStorage(config.storageDriver, { root: config.uploadsDir, db: database.db });
  if (config.storageDriver === 'local') {
    mkdirSync(path.join(config.uploadsDir, 'avatars'), { recursive: true });
    writeFileSync(path.join(config.uploadsDir, 'avatars', `${randomBytes(24).toString('base64url')}.webp`), randomBytes(2048));
  } else {
    await storage.put('avatars', 'webp', randomBytes(2048));
    await storage.put('rd-documents', 'pdf', randomBytes(CHUNK_BYTES + 17)); // two chunks
  }
  const before = await fingerprint(database, storage);
  await database.close();
  return before;
}

/** Two empty PostgreSQL databases (source, destination) on TEST_DATABASE_URL's server, dropped after the test. */
async function scratchDatabases(): Promise<string[]> {
  const url = process.env.TEST_DATABASE_URL ?? '';
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  cleanup.push(() => admin.end());
  const names = [`mb_bk_src_${randomBytes(4).toString('hex')}`, `mb_bk_dst_${randomBytes(4).toString('hex')}`];
  for (const name of names) {
    await admin.query(`CREATE DATABASE ${name}`);
    cleanup.push(async () => void (await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
  }
  return names.map((name) => withDatabase(url, name));
}

describe('backup and restore drill', () => {
  it('restores an embedded database and its uploads identically', async () => {
    const source = loadConfig({ NODE_ENV: 'test', DATA_DIR: tempDir('mb-src-'), LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(40) });
    const before = await fill(source);
    const out = path.join(tempDir('mb-backup-'), 'b1');
    const manifest = await backup(source, out);
    expect(manifest.fingerprint).toEqual(before);

    const target = loadConfig({ NODE_ENV: 'test', DATA_DIR: tempDir('mb-dst-'), LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(40) });
    const restored = await restore(target, out);
    expect(restored).toEqual(before);
    expect(before.tables.users?.rows).toBe(2);
    expect(Object.keys(before.files)).toHaveLength(1);
  }, 180_000);

  it('restores an embedded database whose files are in the database driver, and refuses another driver', async () => {
    const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(40), STORAGE_DRIVER: 'database' } as const;
    const source = loadConfig({ ...env, DATA_DIR: tempDir('mb-src-') });
    const before = await fill(source);
    expect(Object.keys(before.files)).toHaveLength(2);
    expect(before.tables.stored_file_chunks?.rows).toBe(3);
    const out = path.join(tempDir('mb-backup-'), 'b3');
    const manifest = await backup(source, out);
    expect(manifest.storageDriver).toBe('database');

    const local = loadConfig({ ...env, STORAGE_DRIVER: 'local', DATA_DIR: tempDir('mb-dst-') });
    await expect(restore(local, out)).rejects.toThrow(/restore with STORAGE_DRIVER=database, then move them with npm run storage:migrate/);
    const target = loadConfig({ ...env, DATA_DIR: tempDir('mb-dst-') });
    expect(await restore(target, out)).toEqual(before);
  }, 180_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)('restores a PostgreSQL database identically', async () => {
    const [src, dst] = await scratchDatabases();
    const source = loadConfig({ NODE_ENV: 'test', DATABASE_URL: src, DATA_DIR: tempDir('mb-src-'), LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(40) });
    const before = await fill(source);
    const out = path.join(tempDir('mb-backup-'), 'b2');
    await backup(source, out);
    const target = loadConfig({ NODE_ENV: 'test', DATABASE_URL: dst, DATA_DIR: tempDir('mb-dst-'), LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(40) });
    expect(await restore(target, out)).toEqual(before);
  }, 180_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)('restores a PostgreSQL database with its files in the database driver', async () => {
    const [src, dst] = await scratchDatabases();
    const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(40), STORAGE_DRIVER: 'database' } as const;
    const source = loadConfig({ ...env, DATABASE_URL: src, DATA_DIR: tempDir('mb-src-') });
    const before = await fill(source);
    expect(Object.keys(before.files)).toHaveLength(2);
    const out = path.join(tempDir('mb-backup-'), 'b4');
    await backup(source, out);
    const target = loadConfig({ ...env, DATABASE_URL: dst, DATA_DIR: tempDir('mb-dst-') });
    expect(await restore(target, out)).toEqual(before);
  }, 180_000);
});
