// Issue 16: no secret, hash, token or password reaches a log under any failure. Failures are injected
// into the database (constraints that make the real statements fail), so the errors logged are the
// driver's own: drizzle's "Failed query … params: …" and PostgreSQL's "Failing row contains (…)".
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emails, jobs, users } from '../../src/db/schema/index.ts';
import { enqueue } from '../../src/lib/jobs.ts';
import { hashPassword } from '../../src/lib/password.ts';
import { safeError, scrubText } from '../../src/lib/log-safety.ts';
import { sha256 } from '../../src/lib/tokens.ts';
import { buildStudent } from '../factories.ts';
import { useSecurityApp } from './helpers.ts';

const t = useSecurityApp({ capture: true, overrides: { LOGIN_MAX_PER_IP: '100000' } });

const registration = (email: string, password: string, firstName = 'Asha') => ({
  firstName,
  lastName: 'Verma',
  email,
  password,
  university: 'IIT Delhi',
  course: 'Computer Science',
  year: 2,
  rollNumber: 'CS001',
  phone: '+91 98765 43210',
});

function assertClean(logs: string, secrets: string[]) {
  for (const secret of secrets) expect(logs.includes(secret), `log contains ${secret.slice(0, 14)}…`).toBe(false);
  expect(logs).not.toMatch(/\$argon2/);
  expect(logs).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/);
}

describe('failed statements are logged without their parameters', () => {
  it('a registration, a password change and a reset that fail in the database log the failure, never the hash or the password', async () => {
    const db = t.database.db;
    // Injected failures: a registration with this first name, and any update that takes token_version to 1000.
    await db.execute(sql`ALTER TABLE users ADD CONSTRAINT inject_fail_name CHECK (first_name <> 'Failinject') NOT VALID`);
    await db.execute(sql`ALTER TABLE users ADD CONSTRAINT inject_fail_tv CHECK (token_version < 1000) NOT VALID`);
    const from = t.logs.length;
    const secrets: string[] = [];

    const regPassword = 'Reg-Secret-pw-4417';
    const reg = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration(`fail-${Date.now()}@example.com`, regPassword, 'Failinject') });
    expect(reg.statusCode).toBe(500);
    secrets.push(regPassword);

    const student = await buildStudent(t, { password: 'Old-Secret-pw-1' });
    await db.update(users).set({ tokenVersion: 999 }).where(eq(users.id, student.id));
    const token = await t.app.ctx.tokens.sign({ sub: student.id, role: 'student', tv: 999 }, false);
    const newPassword = 'Chg-Secret-pw-8812';
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: { authorization: `Bearer ${token}` },
      payload: { currentPassword: 'Old-Secret-pw-1', newPassword },
    });
    expect(change.statusCode).toBe(500);
    secrets.push('Old-Secret-pw-1', newPassword, token);

    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: student.email } });
    await t.runJobs();
    const [mail] = (await db.select().from(emails).where(eq(emails.to, student.email))).filter((m) => m.text.includes('token='));
    const resetToken = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(resetToken).not.toBe('');
    const resetPassword = 'Rst-Secret-pw-3391';
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: resetToken, newPassword: resetPassword } });
    expect(reset.statusCode).toBe(500);
    secrets.push(resetPassword, resetToken, sha256(resetToken));

    const logs = t.logs.slice(from).join('\n');
    // The failures are really logged (operators see what failed and where) ...
    expect(logs).toContain('unhandled error');
    expect(logs).toContain('inject_fail_name');
    expect(logs).toContain('inject_fail_tv');
    expect(logs).toMatch(/Failed query: insert into \\"users\\"/);
    // ... and nothing that was bound to the statement or stored in the failing row.
    assertClean(logs, secrets);
    expect(logs).not.toContain('Failing row contains');

    await db.execute(sql`ALTER TABLE users DROP CONSTRAINT inject_fail_name`);
    await db.execute(sql`ALTER TABLE users DROP CONSTRAINT inject_fail_tv`);
  });

  it('a failing background job logs and stores its error without the data it carried', async () => {
    const db = t.database.db;
    await db.execute(sql`ALTER TABLE users ADD CONSTRAINT inject_fail_job CHECK (token_version < 5000) NOT VALID`);
    const student = await buildStudent(t);
    const secretHash = await hashPassword('Job-Secret-pw-5510');
    // A job that writes a secret and fails in the database; and one whose failure message quotes a value.
    t.app.ctx.jobs.register('test-secret-write', async (payload) => {
      await db.update(users).set({ passwordHash: String(payload.hash), tokenVersion: 5000 }).where(eq(users.id, String(payload.userId)));
    });
    t.app.ctx.jobs.register('test-secret-cast', async (payload) => {
      await db.execute(sql`SELECT ${String(payload.secret)}::integer AS n`);
    });
    await enqueue(db, 'test-secret-write', { hash: secretHash, userId: student.id }, { maxAttempts: 1 });
    await enqueue(db, 'test-secret-cast', { secret: 'Cast-Secret-pw-7730' }, { maxAttempts: 1 });
    const from = t.logs.length;
    await t.runJobs();
    const logs = t.logs.slice(from).join('\n');
    const stored = JSON.stringify(await db.select({ e: jobs.lastError }).from(jobs).where(inArray(jobs.type, ['test-secret-write', 'test-secret-cast'])));
    expect(logs).toContain('job failed');
    expect(stored).toContain('inject_fail_job');
    assertClean(logs + stored, [secretHash, 'Cast-Secret-pw-7730', 'Job-Secret-pw-5510']);
    await db.execute(sql`ALTER TABLE users DROP CONSTRAINT inject_fail_job`);
  });
});

describe('scrubbing', () => {
  it('keeps what failed and drops bound values, row details, hashes, JWTs and token parameters', () => {
    const cause = Object.assign(new Error('new row for relation "users" violates check constraint "c"'), {
      code: '23514',
      constraint: 'c',
      table: 'users',
      detail: 'Failing row contains (1, a@example.com, $argon2id$v=19$m=19456,t=2,p=1$abc$def).',
      where: 'SQL statement',
    });
    const drizzle = Object.assign(new Error('Failed query: insert into "users" ("a") values ($1)\nparams: hunter2,$argon2id$v=19$x$y'), {
      params: ['hunter2'],
      cause,
    });
    const safe = JSON.stringify(safeError(drizzle));
    expect(safe).toContain('insert into');
    expect(safe).toContain('23514');
    expect(safe).toContain('"constraint":"c"');
    expect(safe).not.toMatch(/hunter2|argon2|Failing row|SQL statement/);
    expect(scrubText('GET /x?token=abc&code=def eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig')).toBe('GET /x?token=[redacted]&code=[redacted] [redacted]');
  });
});
