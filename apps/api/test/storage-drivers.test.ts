// Issue 13, shared file storage: the `database` driver keeps uploads in the database, so every API
// process on the same PostgreSQL serves every file (docs/decisions/440-database-file-storage.md).
// Runs on PGlite and, in CI's second pass, on PostgreSQL (TEST_DATABASE_URL) — for real, no fake server.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openPostgres } from '../src/db/client.ts';
import { storedFileChunks, storedFiles as storedFilesTable } from '../src/db/schema/platform.ts';
import { users } from '../src/db/schema/users.ts';
import {
  CHUNK_BYTES,
  createDatabaseStorage,
  createLocalStorage,
  isStorageFull,
  migrateStorage,
  readAll,
  type Storage,
} from '../src/lib/storage.ts';
import { png } from '../src/modules/rd-projects/rd-test-helpers.ts';
import { buildStudent } from './factories.ts';
import { testConfig, useTestApp } from './harness.ts';

const t = useTestApp({ STORAGE_DRIVER: 'database' });
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mb-store-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function drivers(): [string, () => Storage][] {
  return [
    ['local', () => createLocalStorage(tempDir())],
    ['database', () => createDatabaseStorage(t.database.db)],
  ];
}

describe.each(drivers())('the %s driver', (_name, make) => {
  it('puts, reads, lists and removes; a missing key is absent; a bad key is refused', async () => {
    const storage = make();
    const small = randomBytes(100);
    const large = randomBytes(CHUNK_BYTES * 2 + 123); // three chunks in the database driver
    const empty = Buffer.alloc(0);
    const a = await storage.put('avatars', 'webp', small);
    const b = await storage.put('rd-documents', 'pdf', large);
    const c = await storage.put('rd-documents', 'txt', empty);
    expect(a).toMatch(/^avatars\/[A-Za-z0-9_-]{32}\.webp$/);
    expect(await readAll(storage.read(a))).toEqual(small);
    expect((await readAll(storage.read(b))).equals(large)).toBe(true);
    expect(await readAll(storage.read(c))).toEqual(empty);
    expect(await storage.exists(a)).toBe(true);
    const listed = await storage.list();
    expect(listed).toEqual(expect.arrayContaining([a, b, c]));
    expect(listed).toEqual([...listed].sort());

    await storage.remove(a);
    expect(await storage.exists(a)).toBe(false);
    await expect(readAll(storage.read(a))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(() => storage.read('../etc/passwd')).toThrow('Invalid storage key');
    expect(await storage.exists('avatars/../../x.webp')).toBe(false);
  });

  it('putAt replaces an object under its key', async () => {
    const storage = make();
    const key = await storage.put('banners', 'webp', Buffer.from('one'));
    await storage.putAt(key, Buffer.from('two, longer'));
    expect((await readAll(storage.read(key))).toString()).toBe('two, longer');
  });

  it('sweep removes only old unreferenced objects', async () => {
    const storage = make();
    const kept = await storage.put('avatars', 'webp', Buffer.from('kept'));
    const orphan = await storage.put('avatars', 'webp', Buffer.from('orphan'));
    expect(await storage.sweep(new Set([kept]), new Date(Date.now() - 60_000))).toEqual([]); // too young
    const removed = await storage.sweep(new Set([kept]), new Date(Date.now() + 60_000));
    expect(removed).toContain(orphan);
    expect(removed).not.toContain(kept);
    expect(await storage.exists(kept)).toBe(true);
    expect(await storage.exists(orphan)).toBe(false);
  });
});

describe('the database driver behind the HTTP routes', () => {
  it('an avatar uploaded through one process downloads through another (its own connections)', async () => {
    const student = await buildStudent(t);
    const image = await png();
    const form = new FormData();
    form.append('profileImage', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'me.png');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/auth/upload-profile-image',
      headers: { ...student.auth, 'content-type': request.headers.get('content-type') ?? '' },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(upload.statusCode).toBe(200);
    const [row] = await t.database.db.select({ key: users.profileImageKey }).from(users).where(eq(users.id, student.id));
    const key = row?.key ?? '';
    expect(key).toMatch(/^avatars\//);
    // The bytes are rows, not a file in the uploads directory.
    const [stored] = await t.database.db.select().from(storedFilesTable).where(eq(storedFilesTable.key, key));
    expect(stored?.size).toBeGreaterThan(0);

    // A second app: on PostgreSQL with its own pool (as another machine would be), on PGlite the same database.
    const url = t.config.databaseUrl;
    const database = url ? openPostgres(url, { max: 2 }) : t.database;
    const config = testConfig({ STORAGE_DRIVER: 'database', ...(url ? { DATABASE_URL: url } : {}) });
    const other = await buildApp({ config, database, startJobs: false, logger: false });
    await other.ready();
    cleanup.push(async () => {
      await other.close();
      if (url) await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    });
    const download = await other.inject({ method: 'GET', url: `/api/uploads/${key}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/webp');
    expect(download.rawPayload.length).toBe(stored?.size);
    const missing = await other.inject({ method: 'GET', url: '/api/uploads/avatars/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.webp' });
    expect(missing.statusCode).toBe(404);
  });

  it('a full database (53100 disk_full) is recognised as full storage (507)', () => {
    expect(isStorageFull(Object.assign(new Error('could not extend file'), { code: '53100' }))).toBe(true);
  });
});

describe('migrating existing files between drivers', () => {
  it('copies every file with its key, verifies it, is idempotent, and works back again', async () => {
    const root = tempDir();
    const local = createLocalStorage(root);
    const database = createDatabaseStorage(t.database.db);
    const keys = [
      await local.put('avatars', 'webp', randomBytes(5000)),
      await local.put('rd-documents', 'pdf', randomBytes(CHUNK_BYTES + 1)),
    ];
    const first = await migrateStorage(local, database);
    expect(first).toEqual({ copied: 2, same: 0 });
    for (const key of keys) expect((await readAll(database.read(key))).equals(await readAll(local.read(key)))).toBe(true);
    expect(await migrateStorage(local, database)).toEqual({ copied: 0, same: 2 });
    const chunks = await t.database.db.select({ seq: storedFileChunks.seq }).from(storedFileChunks).where(eq(storedFileChunks.key, keys[1] ?? ''));
    expect(chunks.map((c) => c.seq).sort()).toEqual([0, 1]);

    const back = createLocalStorage(tempDir());
    const result = await migrateStorage(database, back);
    expect(result.copied).toBeGreaterThanOrEqual(2);
    for (const key of keys) expect((await readAll(back.read(key))).equals(await readAll(local.read(key)))).toBe(true);
  });
});
