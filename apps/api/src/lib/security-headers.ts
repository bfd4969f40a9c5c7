import type { FastifyReply } from 'fastify';

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
