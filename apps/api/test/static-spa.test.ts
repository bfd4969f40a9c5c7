import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

// A built web app as apps/web/vite.config.ts writes it: every compressible file with .br and .gz
// copies beside it; small files (the favicon here) without.
const root = mkdtempSync(path.join(os.tmpdir(), 'mb-spa-'));
const html = `<!doctype html><html lang="en"><head><title>MentorBridge</title></head><body>${'<p>shell</p>'.repeat(200)}</body></html>`;
const js = `export const hello = ${JSON.stringify('world '.repeat(500))};`;
function writeWithCopies(file: string, content: string) {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}
mkdirSync(path.join(root, 'assets'));
writeWithCopies(path.join(root, 'index.html'), html);
writeWithCopies(path.join(root, 'assets', 'index-abc123.js'), js);
writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

const t = useTestApp({ STATIC_DIR: root });
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('static SPA serving', () => {
  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(brotliCompressSync(js))).toBe(true);
  });

  it('sends the gzip copy when only gzip is accepted, and the plain file when nothing is', async () => {
    const gz = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(js.length);

    const plain = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(js);
  });

  it('serves the app shell compressed, revalidated, for / and for client routes', async () => {
    // `/` is filled in per request (issue 27, decision 882) and compressed on the fly; other routes get the file's copy.
    const home = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-encoding']).toBe('br');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(home.rawPayload).toString()).toContain('<p>shell</p>');
    for (const url of ['/student/dashboard?tab=ideas']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.rawPayload.equals(brotliCompressSync(html))).toBe(true);
    }
  });

  it('falls back to the plain file when no compressed copy exists, and 404s a missing asset', async () => {
    const icon = await t.app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br, gzip' } });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.body).toContain('<svg');

    const missing = await t.app.inject({ url: '/assets/missing-123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(missing.statusCode).toBe(404);
  });
});
