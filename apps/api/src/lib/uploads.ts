import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { badRequest, tooLarge } from './errors.ts';
import { processImage } from './images.ts';
import { queryRows } from './sql.ts';
import type { Storage } from './storage.ts';

/**
 * Read the single file part of a multipart request into memory, enforcing the size limit while
 * streaming (the request is cut off past it). Returns the bytes, the declared name and the other fields.
 */
export async function readSingleFile(
  request: FastifyRequest,
  options: { field: string; maxBytes: number; tooLargeMessage: string; missingMessage: string },
): Promise<{ buffer: Buffer; filename: string; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw badRequest(options.missingMessage);
  const fields: Record<string, string> = {};
  let file: { buffer: Buffer; filename: string } | undefined;
  for await (const part of request.parts({ limits: { fileSize: options.maxBytes, files: 1 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== options.field || file) {
        part.file.resume();
        continue;
      }
      let buffer: Buffer;
      try {
        buffer = await part.toBuffer();
      } catch (error) {
        if (isFileTooLarge(error)) throw tooLarge(options.tooLargeMessage);
        throw error;
      }
      if (part.file.truncated) throw tooLarge(options.tooLargeMessage);
      file = { buffer, filename: part.filename };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  if (!file || file.buffer.length === 0) throw badRequest(options.missingMessage);
  return { ...file, fields };
}

/**
 * An uploaded image (avatars, banners): the single file part, then checked and re-encoded by
 * `processImage`. `typeMessage` answers both a missing file and one that is not an accepted image.
 */
export async function readImageUpload(
  request: FastifyRequest,
  options: { field: string; maxBytes: number; tooLargeMessage: string; typeMessage: string; maxWidth: number; maxHeight: number },
) {
  const { buffer } = await readSingleFile(request, {
    field: options.field,
    maxBytes: options.maxBytes,
    tooLargeMessage: options.tooLargeMessage,
    missingMessage: options.typeMessage,
  });
  return processImage(buffer, { maxWidth: options.maxWidth, maxHeight: options.maxHeight, message: options.typeMessage });
}

function isFileTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE';
}

const HOUR = 3_600_000;

/** Every storage key a row refers to: avatars, workshop banners, the `files` table (R&D documents), data-export archives. */
export async function referencedKeys(db: Db): Promise<Set<string>> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`SELECT profile_image_key AS key FROM users WHERE profile_image_key IS NOT NULL
        UNION SELECT banner_image_key FROM workshops WHERE banner_image_key IS NOT NULL
        UNION SELECT storage_key FROM files
        UNION SELECT archive_key FROM privacy_requests WHERE archive_key IS NOT NULL`,
  );
  return new Set(rows.map((r) => r.key));
}

export const UPLOAD_SWEEP_EVERY_MS = HOUR;

/**
 * Remove unreferenced uploads older than `graceMs` (a scheduled task, hourly: lib/scheduler.ts). A crash
 * between writing a file and committing its row leaves such a file; the grace period keeps uploads in
 * flight in another process (same PostgreSQL, same directory) safe. File ages come from the file system,
 * so they are compared with the real time, not the application clock.
 */
export async function runUploadSweep(db: Db, storage: Storage, log: FastifyBaseLogger, graceMs = HOUR): Promise<number> {
  const removed = await storage.sweep(await referencedKeys(db), new Date(Date.now() - graceMs));
  if (removed.length > 0) log.info({ removed: removed.length, keys: removed.slice(0, 20) }, 'removed unreferenced uploads');
  return removed.length;
}
