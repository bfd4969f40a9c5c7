import type { FastifyReply } from 'fastify';
import { FILE_CSP } from './security-headers.ts';

/** A private file: never sniffed, sandboxed if opened, never cached. */
const FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': FILE_CSP,
  'cache-control': 'private, no-store',
};

/** Send a private file as a download (certificates, calendar files, data archives) under the given name. */
export function sendAttachment(reply: FastifyReply, type: string, filename: string, body: unknown) {
  return reply
    .headers(FILE_HEADERS)
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(body);
}
