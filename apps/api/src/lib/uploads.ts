import type { FastifyRequest } from 'fastify';
import { badRequest, tooLarge } from './errors.ts';

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

function isFileTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE';
}
