// Drill: the uploads disk is full. UPLOADS_DIR is a 2 MB tmpfs (needs root and `mount`); a student
// uploads a profile image (200), the disk is filled to the last byte, the next upload must answer 507
// in the error envelope with a clear message, the stored key must still be the first image (whose file
// is there: no row without its file), no partial or temp file may be left, health and other requests
// must keep answering 200; after the filler is deleted the upload must work again.
// Without `mount` (not root, a container without CAP_SYS_ADMIN) it is skipped: the API test
// apps/api/test/storage-full.test.ts injects ENOSPC instead.
// Usage: node scripts/drills/disk-full.mjs   [DRILL_DATABASE_URL=…]
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  api,
  exited,
  freshDatabase,
  login,
  pngBytes,
  report,
  startHealthy,
  stopServer,
  uploadMismatches,
  uploadedFiles,
  withDirect,
  workDir,
} from './lib.mjs';

const PORT = 3165;
const { work, cleanup } = workDir();
const uploads = path.join(work, 'uploads');
mkdirSync(uploads);
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', uploads], { stdio: 'pipe' });
} catch (error) {
  console.log(
    `disk-full: skipped (cannot mount a tmpfs: ${String(error.stderr ?? error.message).trim()}); see apps/api/test/storage-full.test.ts`,
  );
  cleanup();
  process.exit(0);
}
const db = await freshDatabase(work);
let server;
try {
  server = await startHealthy({ port: PORT, env: { ...db.env, UPLOADS_DIR: uploads }, work });
  const token = await login(PORT, 'student@example.com', 'Student@123');
  const png = await pngBytes();
  const upload = () => {
    const form = new FormData();
    form.append('profileImage', new Blob([png], { type: 'image/png' }), 'me.png');
    return api(PORT, 'POST', '/api/auth/upload-profile-image', { token, form });
  };
  const keyOf = (res) => res.body?.data?.imageUrl?.replace(/^\/api\/uploads\//, '') ?? null;

  // The demo seed stores documents of its own (R&D applications): only files added after this count.
  const seeded = new Set(uploadedFiles(work, uploads));
  const first = await upload();
  // Fill the disk: 64 KiB writes, then single bytes, until ENOSPC.
  const filler = path.join(uploads, 'filler.bin');
  const fd = openSync(filler, 'w');
  let filled = 0;
  for (const size of [65_536, 1]) {
    const chunk = Buffer.alloc(size, 1);
    try {
      for (;;) filled += writeSync(fd, chunk);
    } catch (error) {
      if (error.code !== 'ENOSPC') throw error;
    }
  }
  closeSync(fd);
  const full = await upload();
  const health = await api(PORT, 'GET', '/api/health');
  const me = await api(PORT, 'GET', '/api/auth/me', { token });
  const storedWhileFull = me.body?.data?.user?.profileImageUrl?.replace(/^\/api\/uploads\//, '') ?? null;
  const filesWhileFull = uploadedFiles(work, uploads).filter((f) => f !== 'filler.bin' && !seeded.has(f));
  rmSync(filler);
  const again = await upload();
  const after = await api(PORT, 'GET', '/api/auth/me', { token });
  const storedAfter = after.body?.data?.user?.profileImageUrl?.replace(/^\/api\/uploads\//, '') ?? null;
  server.kill('SIGTERM');
  await exited(server);
  const { missing, orphans } = await withDirect(db, work, (d) => uploadMismatches(d, work, uploads));
  const ok =
    first.status === 200 &&
    full.status === 507 &&
    full.body?.success === false &&
    full.body?.code === 'SERVICE_UNAVAILABLE' &&
    /no space left to store files/.test(full.body?.message ?? '') &&
    health.status === 200 &&
    me.status === 200 &&
    storedWhileFull === keyOf(first) &&
    filesWhileFull.length === 1 &&
    filesWhileFull[0] === keyOf(first) &&
    again.status === 200 &&
    storedAfter === keyOf(again) &&
    missing.length === 0 &&
    orphans.length === 0;
  report('disk full for uploads', ok, {
    database: db.url ? 'PostgreSQL' : 'PGlite',
    tmpfsBytesFilled: filled,
    firstUpload: first.status,
    uploadWhileFull: { status: full.status, body: full.body },
    healthWhileFull: health.status,
    meWhileFull: me.status,
    storedKeyWhileFullIsFirst: storedWhileFull === keyOf(first),
    filesWhileFull,
    uploadAfterSpaceFreed: again.status,
    rowsReferringToMissingFiles: missing,
    unreferencedFiles: orphans,
    loadAverage: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  });
} finally {
  await stopServer(server);
  try {
    execFileSync('umount', [uploads], { stdio: 'pipe' });
  } catch {
    /* not mounted */
  }
  await db.drop();
  cleanup();
}
