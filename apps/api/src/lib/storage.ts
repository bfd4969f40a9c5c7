import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { causes, errorCode } from './errors.ts';

/**
 * Where uploaded bytes live. Local directory now (outside the web root); the same interface
 * fronts an S3-compatible store when the platform runs on several machines (docs/scaling.md).
 */
export interface Storage {
  /** Write atomically (temp file + rename) under a generated key; returns the key. */
  put(prefix: string, extension: string, data: Buffer): Promise<string>;
  read(key: string): Readable;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z-]+\/[A-Za-z0-9_-]{20,64}\.[a-z0-9]{2,5}$/;

export function createLocalStorage(root: string): Storage {
  function resolve(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error('Invalid storage key');
    return path.join(root, key);
  }
  return {
    async put(prefix, extension, data) {
      const key = `${prefix}/${randomBytes(24).toString('base64url')}.${extension}`;
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${process.pid}.tmp`;
      try {
        await writeFile(temp, data, { flag: 'wx' });
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return key;
    },
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
  };
}

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** The disk (or the quota) is full: the bytes could not be written. Answered 507 by the error handler. */
export function isStorageFull(error: unknown): boolean {
  for (const e of causes(error)) {
    const code = errorCode(e);
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
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
