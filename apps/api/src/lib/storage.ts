import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';

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
