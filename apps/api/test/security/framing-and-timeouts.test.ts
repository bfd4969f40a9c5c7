// Issue 16: one framing policy on every kind of answer, and explicit server timeouts.
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
