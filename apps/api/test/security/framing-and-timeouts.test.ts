// Issue 16: one framing policy on every kind of answer, and explicit server timeouts.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { buildStudent } from '../factories.ts';
import { useSecurityApp } from './helpers.ts';

const t = useSecurityApp({ overrides: { HEADERS_TIMEOUT_MS: '7000', REQUEST_TIMEOUT_MS: '20000', KEEP_ALIVE_TIMEOUT_MS: '61000', CONNECTION_TIMEOUT_MS: '90000' } });

function assertNeverFramed(res: { statusCode: number; headers: Record<string, unknown> }, label: string) {
  expect(String(res.headers['content-security-policy'] ?? ''), `${label}: CSP`).toMatch(/frame-ancestors 'none'/);
  expect(res.headers['x-frame-options'], `${label}: X-Frame-Options`).toBe('DENY');
}

describe('framing', () => {
  it("every kind of answer says the same: frame-ancestors 'none' and X-Frame-Options DENY", async () => {
    const student = await buildStudent(t);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();
    const boundary = '----robust';
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/auth/upload-profile-image',
      headers: { ...student.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="profileImage"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode).toBe(200);
    const imageUrl = (JSON.parse(upload.body) as { data: { imageUrl: string } }).data.imageUrl;
    const cases: [string, string][] = [
      ['json', '/api/health'],
      ['error', '/api/auth/me'],
      ['api 404', '/api/nothing-here'],
      ['API reference page', '/api/docs/'],
      ['API document', '/api/docs/json'],
      ['stored file', new URL(imageUrl, 'http://x').pathname],
      ['malformed URL', '/api/workshops/%E0%A4%A'],
      ['non-api 404', '/nothing.png'],
    ];
    for (const [label, url] of cases) {
      const res = await t.app.inject({ method: 'GET', url, headers: student.auth });
      expect(res.statusCode, label).toBeLessThan(500);
      assertNeverFramed(res, `${label} (${res.statusCode})`);
    }
  });
});

describe('timeouts', () => {
  it('the HTTP server runs with the configured header, request, keep-alive and idle timeouts', () => {
    expect(t.app.server.headersTimeout).toBe(7000);
    expect(t.app.server.requestTimeout).toBe(20000);
    expect(t.app.server.keepAliveTimeout).toBe(61000);
    expect(t.app.server.timeout).toBe(90000);
  });
});

/** Send raw bytes to a listening copy of the app and read the whole answer. */
async function raw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (d) => (answer += d.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', (e) => (answer ? resolve(answer) : reject(e)));
  });
}

describe('requests the HTTP parser refuses', () => {
  it('are answered in the envelope with the baseline headers, not Fastify\'s raw shape', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as net.AddressInfo).port;
    for (const [label, bytes, status] of [
      ['garbage request line', 'HELLO THERE\r\n\r\n', 400],
      ['bad header', 'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', 400],
      ['NUL in the path', 'GET /api/he\u0000alth HTTP/1.1\r\nHost: x\r\n\r\n', 400],
      ['huge header', `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ] as const) {
      const answer = await raw(port, bytes);
      expect(answer, label).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      const [head, body] = answer.split('\r\n\r\n');
      expect(head, label).toMatch(/x-frame-options: DENY/i);
      expect(head, label).toMatch(/frame-ancestors 'none'/);
      expect(JSON.parse(body ?? '{}'), label).toMatchObject({ success: false, message: expect.any(String), code: expect.any(String) });
      expect(body, label).not.toMatch(/statusCode|"error"/);
    }
  });
});
