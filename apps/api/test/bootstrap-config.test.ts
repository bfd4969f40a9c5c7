// Issue 16: configuration that is given is never silently ignored. ADMIN_EMAIL/ADMIN_PASSWORD on a new
// embedded database with demo data create that administrator too (the demo data has its own admin).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { users } from '../src/db/schema/index.ts';
import { verifyPassword } from '../src/lib/password.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mb-boot-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const env = (extra: Record<string, string>) => ({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
  ...extra,
});

function recorder() {
  const lines: { level: 'info' | 'warn'; msg: string }[] = [];
  const text = (m: unknown) => (typeof m === 'string' ? m : JSON.stringify(m));
  return { lines, log: { info: (m: unknown) => void lines.push({ level: 'info', msg: text(m) }), warn: (m: unknown) => void lines.push({ level: 'warn', msg: text(m) }) } as never };
}

describe('ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  it('on a new embedded database with demo data: the demo data and that administrator', { timeout: 120_000 }, async () => {
    const config = loadConfig(env({ SEED_DEMO: 'true', ADMIN_EMAIL: 'Ops@Example.org', ADMIN_PASSWORD: 'Operator-pass-1' }));
    const { lines, log } = recorder();
    const { database, seeded } = await prepareDatabase(config, log);
    try {
      expect(seeded).toBe(true);
      const [ops] = await database.db.select().from(users).where(eq(users.email, 'ops@example.org'));
      expect(ops?.role).toBe('admin');
      expect(await verifyPassword(ops?.passwordHash ?? '', 'Operator-pass-1')).toBe(true);
      const [demoAdmin] = await database.db.select().from(users).where(eq(users.email, 'admin@example.com'));
      expect(demoAdmin?.role).toBe('admin');
      expect(lines.some((l) => l.msg.includes('ops@example.org created'))).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('on restart with another password: not overwritten, and says so (warning), no second account', { timeout: 60_000 }, async () => {
    const config = loadConfig(env({ SEED_DEMO: 'true', ADMIN_EMAIL: 'ops@example.org', ADMIN_PASSWORD: 'Another-pass-2' }));
    const { lines, log } = recorder();
    const { database, seeded } = await prepareDatabase(config, log);
    try {
      expect(seeded).toBe(false);
      const rows = await database.db.select().from(users).where(eq(users.email, 'ops@example.org'));
      expect(rows).toHaveLength(1);
      expect(await verifyPassword(rows[0]?.passwordHash ?? '', 'Operator-pass-1')).toBe(true);
      const warnings = lines.filter((l) => l.level === 'warn').map((l) => l.msg).join('\n');
      expect(warnings).toMatch(/ADMIN_PASSWORD was not applied/);
      expect(warnings).toMatch(/SEED_DEMO=true ignored/);
    } finally {
      await database.close();
    }
  });

  it('an ADMIN_EMAIL that belongs to a student refuses to start (it would be ignored otherwise)', { timeout: 60_000 }, async () => {
    const config = loadConfig(env({ ADMIN_EMAIL: 'student@example.com', ADMIN_PASSWORD: 'Operator-pass-1' }));
    await expect(prepareDatabase(config, recorder().log)).rejects.toThrow(/student@example.com already belongs to a student account/);
  });

  it('half of the pair refuses to start', () => {
    expect(() => loadConfig(env({ ADMIN_EMAIL: 'ops@example.org' }))).toThrow(/ADMIN_PASSWORD: required with ADMIN_EMAIL/);
    expect(() => loadConfig(env({ ADMIN_PASSWORD: 'Operator-pass-1' }))).toThrow(/ADMIN_EMAIL: required with ADMIN_PASSWORD/);
  });
});
