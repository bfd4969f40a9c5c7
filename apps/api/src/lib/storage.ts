import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { storedFileChunks, storedFiles } from '../db/schema/platform.ts';
import { causes, errorCode } from './errors.ts';

/**
 * Where uploaded bytes live, chosen by STORAGE_DRIVER: `local` (a directory outside the web root, one
 * machine) or `database` (the `stored_files` tables: every process on the same PostgreSQL serves every
 * file; docs/decisions/440-database-file-storage.md).
 */
export interface Storage {
  readonly driver: StorageDriver;
  /** Write atomically under a generated key; returns the key. */
  put(prefix: string, extension: string, data: Buffer): Promise<string>;
  /** Write under a given key, replacing what is there (the migration between drivers). */
  putAt(key: string, data: Buffer): Promise<void>;
  read(key: string): Readable;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /** Every stored key, sorted. */
  list(): Promise<string[]>;
  /** Remove objects no row references that were written before `olderThan` (and leftover temp files). */
  sweep(referenced: ReadonlySet<string>, olderThan: Date): Promise<string[]>;
}

export type StorageDriver = 'local' | 'database';

const KEY_PATTERN = /^[a-z-]+\/[A-Za-z0-9_-]{20,64}\.[a-z0-9]{2,5}$/;

function newKey(prefix: string, extension: string): string {
  return `${prefix}/${randomBytes(24).toString('base64url')}.${extension}`;
}

function checkKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error('Invalid storage key');
  return key;
}

export function createStorage(driver: StorageDriver, options: { root: string; db: Db }): Storage {
  return driver === 'database' ? createDatabaseStorage(options.db) : createLocalStorage(options.root);
}

export function createLocalStorage(root: string): Storage {
  function resolve(key: string): string {
    return path.join(root, checkKey(key));
  }
  async function writeAt(key: string, data: Buffer) {
    const target = resolve(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeFile(temp, data, { flag: 'wx' });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }
  return {
    driver: 'local',
    async put(prefix, extension, data) {
      const key = newKey(prefix, extension);
      await writeAt(key, data);
      return key;
    },
    putAt: (key, data) => writeAt(key, data),
    read(key) {
      return createReadStream(resolve(key));
    },
    async exists(key) {
      try {
        return (await stat(resolve(key))).isFile();
      } catch {
        return false;
      }
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async list() {
      const keys: string[] = [];
      for (const prefix of await readdirOrEmpty(root)) {
        if (!/^[a-z-]+$/.test(prefix)) continue;
        for (const name of await readdirOrEmpty(path.join(root, prefix))) {
          const key = `${prefix}/${name}`;
          if (KEY_PATTERN.test(key)) keys.push(key);
        }
      }
      return keys.sort();
    },
    sweep: (referenced, olderThan) => sweepUnreferenced(root, referenced, olderThan),
  };
}

async function readdirOrEmpty(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
}

/** Bytes per row of `stored_file_chunks`: reads stream chunk by chunk, never the whole file at once. */
export const CHUNK_BYTES = 1024 * 1024;

/**
 * Files in PostgreSQL (or PGlite): `stored_files` holds the key, size and hash, `stored_file_chunks`
 * the bytes. A put is one transaction, so a key is either fully there or absent; the backup (pg_dump,
 * PGlite dump) carries the files with the rows that reference them.
 */
export function createDatabaseStorage(db: Db): Storage {
  async function write(key: string, data: Buffer, replace: boolean) {
    const digest = createHash('sha256').update(data).digest('hex');
    await db.transaction(async (tx) => {
      if (replace) await tx.delete(storedFiles).where(eq(storedFiles.key, key));
      await tx.insert(storedFiles).values({ key, size: data.length, sha256: digest });
      for (let seq = 0, at = 0; at < data.length || seq === 0; seq++, at += CHUNK_BYTES) {
        await tx.insert(storedFileChunks).values({ key, seq, data: data.subarray(at, at + CHUNK_BYTES) });
      }
    });
  }
  return {
    driver: 'database',
    async put(prefix, extension, data) {
      const key = newKey(prefix, extension);
      await write(key, data, false);
      return key;
    },
    putAt: (key, data) => write(checkKey(key), data, true),
    read(key) {
      checkKey(key);
      async function* chunks() {
        const [head] = await db.select({ size: storedFiles.size }).from(storedFiles).where(eq(storedFiles.key, key));
        if (!head) throw Object.assign(new Error(`ENOENT: no stored file ${key}`), { code: 'ENOENT' });
        for (let seq = 0; ; seq++) {
          const [chunk] = await db
            .select({ data: storedFileChunks.data })
            .from(storedFileChunks)
            .where(and(eq(storedFileChunks.key, key), eq(storedFileChunks.seq, seq)));
          if (!chunk) return;
          yield chunk.data;
        }
      }
      return Readable.from(chunks(), { objectMode: false });
    },
    async exists(key) {
      if (!KEY_PATTERN.test(key)) return false;
      const rows = await db.select({ key: storedFiles.key }).from(storedFiles).where(eq(storedFiles.key, key));
      return rows.length > 0;
    },
    async remove(key) {
      await db.delete(storedFiles).where(eq(storedFiles.key, checkKey(key)));
    },
    async list() {
      const rows = await db.select({ key: storedFiles.key }).from(storedFiles).orderBy(asc(storedFiles.key));
      return rows.map((r) => r.key);
    },
    async sweep(referenced, olderThan) {
      const candidates = await db
        .select({ key: storedFiles.key })
        .from(storedFiles)
        .where(lt(storedFiles.createdAt, olderThan));
      const removed = candidates.map((r) => r.key).filter((k) => !referenced.has(k));
      for (const key of removed) await db.delete(storedFiles).where(and(eq(storedFiles.key, key), lt(storedFiles.createdAt, olderThan)));
      return removed;
    },
  };
}

/**
 * Copy every object from one driver to another under the same key and verify it byte for byte
 * (`npm run storage:migrate`). Idempotent: an object already present with the same bytes is skipped,
 * so an interrupted run is simply run again. The source is left as it was.
 */
export async function migrateStorage(
  from: Storage,
  to: Storage,
  onProgress: (key: string, action: 'copied' | 'same') => void = () => undefined,
): Promise<{ copied: number; same: number }> {
  let copied = 0;
  let same = 0;
  for (const key of await from.list()) {
    const data = await readAll(from.read(key));
    if ((await to.exists(key)) && (await readAll(to.read(key))).equals(data)) {
      same++;
      onProgress(key, 'same');
      continue;
    }
    await to.putAt(key, data);
    if (!(await readAll(to.read(key))).equals(data)) throw new Error(`Verification failed for ${key}`);
    copied++;
    onProgress(key, 'copied');
  }
  return { copied, same };
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** The disk (or the quota) is full: the bytes could not be written. Answered 507 by the error handler. */
export function isStorageFull(error: unknown): boolean {
  for (const e of causes(error)) {
    const code = errorCode(e);
    // 53100: PostgreSQL's disk_full, when the database driver stores the bytes.
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') return true;
  }
  return false;
}

/**
 * Store a file, then record it (`record` writes the row that references the key). Never a row without
 * its file: the bytes are written (and renamed into place) before the row. If recording fails, the
 * file is removed again, so a failed request leaves nothing behind. A crash between the two leaves an
 * unreferenced file, which `sweepUnreferenced` removes at the next start.
 */
export async function storeThenRecord<T>(
  storage: Storage,
  file: { prefix: string; extension: string; data: Buffer },
  record: (key: string) => Promise<T>,
): Promise<T> {
  const key = await storage.put(file.prefix, file.extension, file.data);
  try {
    return await record(key);
  } catch (error) {
    await storage.remove(key).catch(() => undefined);
    throw error;
  }
}

/**
 * Remove files under `root` that no row references (left by a crash between writing a file and its
 * row, or between replacing an image and deleting the old one) and temp files of interrupted writes.
 * Only files last modified before `olderThan` are touched, so an upload in flight in another process
 * (its row not yet committed) is never removed. Returns the removed keys.
 */
export async function sweepUnreferenced(root: string, referenced: ReadonlySet<string>, olderThan: Date): Promise<string[]> {
  const removed: string[] = [];
  let prefixes: string[];
  try {
    prefixes = await readdir(root);
  } catch {
    return removed; // nothing uploaded yet
  }
  for (const prefix of prefixes) {
    if (!/^[a-z-]+$/.test(prefix)) continue;
    let names: string[];
    try {
      names = await readdir(path.join(root, prefix));
    } catch {
      continue; // not a directory
    }
    for (const name of names) {
      const key = `${prefix}/${name}`;
      const isTemp = name.endsWith('.tmp');
      if (!isTemp && (!KEY_PATTERN.test(key) || referenced.has(key))) continue;
      const file = path.join(root, prefix, name);
      try {
        const info = await stat(file);
        if (!info.isFile() || info.mtime >= olderThan) continue;
        await rm(file, { force: true });
        removed.push(key);
      } catch {
        /* gone meanwhile */
      }
    }
  }
  return removed;
}
