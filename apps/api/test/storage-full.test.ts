// Issue 8, disk full for uploads: when storing a file fails with ENOSPC/EDQUOT the request gets a clean
// 507 in the error envelope, no row refers to a file that is not there, nothing is left on disk, the
// server keeps serving, and uploads work again once there is space (docs/decisions/360-disk-full-uploads.md).
// Also: a row that cannot be written takes its file with it, and the start-up sweep removes files that
// no row references (what a crash between the two leaves).
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { files, rdApplications, users } from '../src/db/schema/index.ts';
import { STORAGE_FULL_MESSAGE } from '../src/lib/errors.ts';
import { createLocalStorage, isStorageFull, storeThenRecord, sweepUnreferenced, type Storage } from '../src/lib/storage.ts';
import { referencedKeys } from '../src/lib/uploads.ts';
import { createProject, multipart, PDF, png } from '../src/modules/rd-projects/rd-test-helpers.ts';
import { body, buildAdmin, buildStudent } from './factories.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();

const enospc = () =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });

/** Every file under the uploads directory (keys like `avatars/abc.webp`, temp files included). */
function storedFiles(): string[] {
  const root = t.config.uploadsDir;
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)));
}

/** Swap the app's storage for one whose `put` fails after `okPuts` successful writes. */
function fillDiskAfter(okPuts: number, code: 'ENOSPC' | 'EDQUOT' = 'ENOSPC'): void {
  const real = createLocalStorage(t.config.uploadsDir);
  let puts = 0;
  const full: Storage = {
    ...real,
    async put(prefix, extension, data) {
      if (puts++ >= okPuts) throw Object.assign(enospc(), { code });
      return real.put(prefix, extension, data);
    },
  };
  t.app.ctx.storage = full;
}

afterEach(() => {
  t.app.ctx.storage = createLocalStorage(t.config.uploadsDir);
});

function imageForm(field: string, content: Buffer) {
  return multipart({}, [{ field, filename: 'me.png', content, contentType: 'image/png' }]);
}

/** The student avatar upload, the route these tests fill the disk under. */
function uploadAvatar(auth: Record<string, string>, form: ReturnType<typeof imageForm>) {
  return t.app.inject({ method: 'POST', url: '/api/auth/upload-profile-image', headers: { ...auth, ...form.headers }, payload: form.payload });
}

describe('disk full while storing an upload', () => {
  it('profile image: 507 in the envelope, no key stored, no file left; health stays 200; works again after', async () => {
    const student = await buildStudent(t);
    const form = imageForm('profileImage', await png());
    fillDiskAfter(0);
    const res = await uploadAvatar(student.auth, form);
    expect(res.statusCode).toBe(507);
    expect(body(res)).toEqual({ success: false, message: STORAGE_FULL_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
    expect(res.body).not.toMatch(/ENOSPC|on device|errno|syscall|\/tmp\//);
    const [row] = await t.database.db.select({ key: users.profileImageKey }).from(users).where(eq(users.id, student.id));
    expect(row?.key).toBeNull();
    expect(storedFiles()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: student.auth })).statusCode).toBe(200);

    // Space freed: the same upload succeeds and its file is there.
    t.app.ctx.storage = createLocalStorage(t.config.uploadsDir);
    const again = await uploadAvatar(student.auth, form);
    expect(again.statusCode).toBe(200);
    const [after] = await t.database.db.select({ key: users.profileImageKey }).from(users).where(eq(users.id, student.id));
    expect(after?.key).toBeTruthy();
    expect(storedFiles()).toEqual([after?.key]);
  });

  it('EDQUOT (quota exceeded) is answered the same way', async () => {
    const student = await buildStudent(t);
    const form = imageForm('profileImage', await png());
    fillDiskAfter(0, 'EDQUOT');
    const res = await uploadAvatar(student.auth, form);
    expect(res.statusCode).toBe(507);
    expect(body(res)).toMatchObject({ message: STORAGE_FULL_MESSAGE });
  });

  it('R&D application: the second document hits a full disk — no application, no file rows, the first file removed', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const project = await createProject(t, admin);
    const before = storedFiles();
    const form = multipart(
      { roleAppliedFor: project.roles[0]?._id ?? '', motivation: 'Sensors.', expectedDuration: '3-6 months' },
      [
        { field: 'resume', filename: 'cv.pdf', content: PDF },
        { field: 'coverLetter', filename: 'letter.pdf', content: PDF },
      ],
    );
    fillDiskAfter(1);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/rd-projects/${project._id}/apply`,
      headers: { ...student.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(507);
    expect(body(res)).toMatchObject({ success: false, message: STORAGE_FULL_MESSAGE });
    expect(await t.database.db.select().from(rdApplications).where(eq(rdApplications.studentId, student.id))).toEqual([]);
    expect(await t.database.db.select().from(files).where(eq(files.ownerId, student.id))).toEqual([]);
    expect(storedFiles().sort()).toEqual(before.sort());
  });

  it('ENOSPC and EDQUOT are recognised through wrapped errors; other file-system errors are not', async () => {
    expect(isStorageFull(enospc())).toBe(true);
    expect(isStorageFull(new Error('wrapped', { cause: enospc() }))).toBe(true);
    expect(isStorageFull(Object.assign(new Error('x'), { code: 'EACCES' }))).toBe(false);
  });
});

describe('file first, then its row', () => {
  it('a row that cannot be written removes its file again', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'mb-store-'));
    try {
      const storage = createLocalStorage(root);
      let stored = '';
      await expect(
        storeThenRecord(storage, { prefix: 'avatars', extension: 'webp', data: Buffer.from('x') }, async (key) => {
          stored = key;
          expect(await storage.exists(key)).toBe(true);
          throw new Error('insert failed');
        }),
      ).rejects.toThrow('insert failed');
      expect(stored).not.toBe('');
      expect(await storage.exists(stored)).toBe(false);
      const kept = await storeThenRecord(
        storage,
        { prefix: 'avatars', extension: 'webp', data: Buffer.from('y') },
        async (key) => key,
      );
      expect(await storage.exists(kept)).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('the sweep removes old unreferenced files and temp files, keeps referenced and recent ones', async () => {
    const student = await buildStudent(t);
    const form = imageForm('profileImage', await png());
    const ok = await uploadAvatar(student.auth, form);
    expect(ok.statusCode).toBe(200);
    const [row] = await t.database.db.select({ key: users.profileImageKey }).from(users).where(eq(users.id, student.id));
    const referenced = row?.key ?? '';
    const root = t.config.uploadsDir;
    const orphan = 'avatars/orphanorphanorphanorphan01.webp';
    const recent = 'avatars/recentrecentrecentrecent01.webp';
    const temp = `avatars/${'t'.repeat(32)}.webp.4242.tmp`;
    mkdirSync(path.join(root, 'avatars'), { recursive: true });
    for (const key of [orphan, recent, temp]) writeFileSync(path.join(root, key), 'x');
    const hourAgo = new Date(Date.now() - 2 * 3_600_000);
    for (const key of [referenced, orphan, temp]) utimesSync(path.join(root, key), hourAgo, hourAgo);

    const keys = await referencedKeys(t.database.db);
    expect(keys.has(referenced)).toBe(true);
    const removed = await sweepUnreferenced(root, keys, new Date(Date.now() - 3_600_000));
    expect(removed.sort()).toEqual([orphan, temp].sort());
    expect(existsSync(path.join(root, referenced))).toBe(true);
    expect(existsSync(path.join(root, recent))).toBe(true);
    rmSync(path.join(root, recent));
  });
});
