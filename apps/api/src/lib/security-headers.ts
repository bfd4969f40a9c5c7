import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import helmet from 'helmet';
import type { FastifyReply } from 'fastify';
import { ErrorCode } from '@app/shared/api';

/**
 * One framing policy for every answer (docs/security.md "Framing"): nothing this server sends may be
 * framed, by anyone. helmet sets `frame-ancestors 'none'` and `X-Frame-Options: DENY` on normal answers;
 * routes that set their own CSP (private files, the API reference) get `frame-ancestors 'none'`
 * appended here, so no route can drop the policy by replacing the header.
 */
export const FRAME_ANCESTORS = "frame-ancestors 'none'";

/** The CSP for private files served inline-safe as attachments: no content runs, nothing frames it. */
export const FILE_CSP = `default-src 'none'; sandbox; ${FRAME_ANCESTORS}`;

export function enforceFramePolicy(reply: FastifyReply): void {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string' && !/frame-ancestors/i.test(csp)) {
    void reply.header('content-security-policy', `${csp.replace(/;\s*$/, '')}; ${FRAME_ANCESTORS}`);
  } else if (typeof csp === 'string' && !/frame-ancestors 'none'/i.test(csp)) {
    void reply.header('content-security-policy', csp.replace(/frame-ancestors[^;]*/i, FRAME_ANCESTORS));
  }
  void reply.header('x-frame-options', 'DENY');
}

/** Answers Fastify writes before any route (malformed URLs) still carry the baseline headers. */
export const FRAMEWORK_ERROR_HEADERS = {
  'content-security-policy': `default-src 'none'; ${FRAME_ANCESTORS}`,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cache-control': 'no-store',
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a malformed request line or header,
 * headers too large, a request that timed out): answered in the product's envelope with the baseline
 * headers, on the raw socket, then the connection is closed.
 */
export function clientErrorHandler(this: { log: { trace(o: object, m: string): void } }, err: NodeJS.ErrnoException, socket: Duplex) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message, code] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'The request took too long to arrive', ErrorCode.VALIDATION]
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers are too large', ErrorCode.TOO_LARGE]
        : [400, 'Bad Request', 'Malformed request', ErrorCode.VALIDATION];
  const body = JSON.stringify({ success: false, message, code, errors: [message] });
  this.log.trace({ err: { code: err.code, message: err.message } }, 'client error');
  if (socket.writable) {
    const headers = Object.entries({ ...FRAMEWORK_ERROR_HEADERS, 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), connection: 'close' })
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n');
    socket.write(`HTTP/1.1 ${status} ${reason}\r\n${headers}\r\n\r\n${body}`);
  }
  socket.destroy(err);
}

/**
 * The headers helmet sets for `options`, computed once (decision 663): helmet's middleware is run against a
 * recording response and what it set is returned, in order, for a hook to set on every answer.
 */
export function helmetHeaders(options: Parameters<typeof helmet>[0]): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
  });
  return [...headers];
}
