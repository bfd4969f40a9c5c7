import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../lib/sql.ts';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildStudent } from '../../../test/factories.ts';
import { seedFootprint } from './privacy.fixtures.ts';
import { runRetention } from './retention.ts';

const t = useTestApp();
afterEach(() => t.app.ctx.clock.set(null));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in assertions
type Json = { success: boolean; message?: string; data: any };

/** Every text value in every table, as one string per table (what an attacker with the database sees). */
async function tablesMentioning(needles: string[]): Promise<string[]> {
  const tables = await queryRows<{ table_name: string }>(t.database.db, sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
  const hits: string[] = [];
  for (const { table_name } of tables) {
    const rows = await queryRows<{ r: string }>(t.database.db, sql`SELECT row_to_json(x)::text AS r FROM ${sql.identifier(table_name)} x`);
    for (const r of rows) for (const n of needles) if (r.r.toLowerCase().includes(n.toLowerCase())) hits.push(`${table_name}: ${r.r.slice(0, 300)}`);
  }
  return hits;
}

function grepDir(dir: string, needles: string[]): string[] {
  const hits: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else {
        const text = readFileSync(p).toString('latin1');
        for (const n of needles) if (text.toLowerCase().includes(n.toLowerCase())) hits.push(`${p}: ${n}`);
      }
    }
  };
  walk(dir);
  return hits;
}

describe('access rules', () => {
  it('401 without a token, 403 for a wrong role, 404 for another person\'s archive, 400 for bad input', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/privacy/me' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/privacy/me/export' })).statusCode).toBe(401);
    const student = await buildStudent(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/privacy/admin/requests', headers: student.auth })).statusCode).toBe(403);
    const admin = await buildAdmin(t);
    const bad = await t.app.inject({ method: 'POST', url: '/api/privacy/admin/requests', headers: admin.auth, payload: { userId: 'nope', kind: 'export' } });
    expect(bad.statusCode).toBe(400);
    expect(body<Json>(bad).message).toBe('Invalid user id');
    const created = await t.app.inject({ method: 'POST', url: '/api/privacy/me/export', headers: student.auth });
    expect(created.statusCode).toBe(201);
    const other = await buildStudent(t);
    const id = body<Json>(created).data.request.id;
    expect((await t.app.inject({ method: 'GET', url: `/api/privacy/requests/${id}/archive`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/privacy/requests/zzz/archive`, headers: other.auth })).statusCode).toBe(404);
    const refuse = await t.app.inject({ method: 'POST', url: `/api/privacy/admin/requests/${id}/refuse`, headers: admin.auth, payload: { reason: '  ' } });
    expect(refuse.statusCode).toBe(400);
    expect(body<Json>(refuse).message).toBe('Give a reason');
    expect((await t.app.inject({ method: 'POST', url: '/api/privacy/me/export', headers: student.auth })).statusCode).toBe(409);
  });
});

describe('export', () => {
  it('builds a ZIP with a JSON file per module, the files, certificates and calendar; nobody else\'s data', async () => {
    const f = await seedFootprint(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/privacy/me/export', headers: f.person.auth });
    expect(res.statusCode).toBe(201);
    const id = body<Json>(res).data.request.id;
    await t.runJobs();
    const me = body<Json>(await t.app.inject({ method: 'GET', url: '/api/privacy/me', headers: f.person.auth })).data;
    expect(me.requests[0].status).toBe('ready');
    expect(me.requests[0].downloadUrl).toBe(`/api/privacy/requests/${id}/archive`);
    // Told in the bell and by e-mail.
    const bell = await queryRows<{ title: string }>(t.database.db, sql`SELECT title FROM notifications WHERE user_id = ${f.person.id} AND sub_type = 'privacy-export'`);
    expect(bell).toHaveLength(1);
    // The person chose Hindi (the footprint's profile): the e-mail is in Hindi (decision 1150).
    const mails = await queryRows<{ subject: string }>(t.database.db, sql`SELECT subject FROM emails WHERE "to" = ${f.person.email} AND subject = 'आपका MentorBridge डेटा तैयार है'`);
    expect(mails).toHaveLength(1);

    const zip = await t.app.inject({ method: 'GET', url: `/api/privacy/requests/${id}/archive`, headers: f.person.auth });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(String(zip.headers['content-disposition'])).toMatch(/^attachment; filename="mentorbridge-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mb-export-'));
    try {
      writeFileSync(path.join(dir, 'a.zip'), zip.rawPayload);
      execFileSync('unzip', ['-q', 'a.zip', '-d', 'out'], { cwd: dir });
      const out = path.join(dir, 'out');
      const names = readdirSync(out, { recursive: true }).map(String);
      for (const module of ['account', 'workshops', 'mentoring', 'ideas', 'rd-projects', 'notifications', 'emails', 'files', 'privacy', 'audit', 'security', 'sso']) {
        expect(names).toContain(`${module}.json`);
      }
      let all = '';
      for (const n of names.filter((x) => x.endsWith('.json'))) {
        const text = readFileSync(path.join(out, n), 'utf8');
        JSON.parse(text);
        all += text;
      }
      // Everything but the document's text (phrase 7, in files/): also the passkey's name, the SSO subject, the
      // cancellation reason and the sign-in's browser.
      for (const phrase of [...f.unique.phrases.slice(0, 7), ...f.unique.phrases.slice(8)]) expect(all).toContain(phrase);
      expect(all).not.toContain('password_hash');
      // Sign-in security and SSO: sessions (device, IP, times), TOTP on (when confirmed), the identity; never a secret, hash or key.
      const security = JSON.parse(readFileSync(path.join(out, 'security.json'), 'utf8')).tables;
      expect(security.auth_sessions).toEqual([expect.objectContaining({ device: 'Firefox on Linux', ip: '203.0.113.7', created_at: expect.any(String), last_used_at: expect.any(String) })]);
      expect(security.user_mfa).toEqual([expect.objectContaining({ totp_confirmed_at: expect.any(String) })]);
      expect(security.passkeys.map((p: { name: string }) => p.name)).toEqual([`Laptop ${f.unique.phrases[8]}`]);
      const sso = JSON.parse(readFileSync(path.join(out, 'sso.json'), 'utf8')).tables;
      expect(sso.sso_identities).toEqual([expect.objectContaining({ issuer: 'https://idp.privacy.example.edu', subject: `sub-${f.unique.phrases[9]}` })]);
      expect(sso.scim_users).toHaveLength(1);
      const account = JSON.parse(readFileSync(path.join(out, 'account.json'), 'utf8')).tables.users[0];
      expect(account).toEqual(expect.objectContaining({ timezone: 'Asia/Kolkata', language: 'hi' }));
      for (const secret of ['enc-totp-secret-', 'recovery-hash-', 'cred-', 'pk-', 'challenge-', 'id-token-', 'totp_secret', 'code_hash', 'last_id_token_enc', 'public_key']) {
        expect(all, secret).not.toContain(secret);
      }
      // Another person's data: their e-mail and their own messages are absent.
      expect(all).not.toContain(f.other.email);
      expect(all).not.toContain('A message of the other student');
      expect(names.some((n) => n.startsWith('certificates/') && n.endsWith('.pdf'))).toBe(true);
      expect(names.some((n) => n.startsWith('files/') && n.includes('cv-'))).toBe(true);
      expect(readFileSync(path.join(out, 'calendar.ics'), 'utf8')).toContain('BEGIN:VCALENDAR');
      expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('Your MentorBridge data');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Audited; the link expires.
    const audits = await queryRows(t.database.db, sql`SELECT 1 FROM audit_log WHERE action = 'privacy.export' AND entity_id = ${f.person.id}`);
    expect(audits).toHaveLength(1);
    t.app.ctx.clock.set(new Date(Date.now() + 8 * 86_400_000));
    const expired = await t.app.inject({ method: 'GET', url: `/api/privacy/requests/${id}/archive`, headers: f.person.auth });
    expect(expired.statusCode).toBe(410);
  });

  it('an admin produces the archive for someone; the person sees it in their access log', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/privacy/admin/requests', headers: admin.auth, payload: { userId: student.id, kind: 'export' } });
    expect(res.statusCode).toBe(201);
    await t.runJobs();
    const id = body<Json>(res).data.request.id;
    expect((await t.app.inject({ method: 'GET', url: `/api/privacy/requests/${id}/archive`, headers: admin.auth })).statusCode).toBe(200);
    // Not the person's own download (they asked for nothing); their access log says an admin exported it.
    expect((await t.app.inject({ method: 'GET', url: `/api/privacy/requests/${id}/archive`, headers: student.auth })).statusCode).toBe(404);
    const log = body<Json>(await t.app.inject({ method: 'GET', url: '/api/privacy/me/access', headers: student.auth })).data.entries;
    expect(log).toEqual([expect.objectContaining({ action: 'exported', by: 'admin' })]);
  });
});

describe('erasure', () => {
  it('tells the person, can be cancelled, and respects a legal hold', async () => {
    const student = await buildStudent(t);
    const admin = await buildAdmin(t);
    const asked = await t.app.inject({ method: 'POST', url: '/api/privacy/me/erasure', headers: student.auth });
    expect(asked.statusCode).toBe(201);
    const due = new Date(body<Json>(asked).data.request.dueAt).getTime();
    expect(Math.abs(due - Date.now() - 48 * 3_600_000)).toBeLessThan(60_000);
    const notice = await queryRows<{ text: string }>(t.database.db, sql`SELECT text FROM emails WHERE "to" = ${student.email} AND subject = 'Your MentorBridge account will be deleted'`);
    expect(notice[0]?.text).toContain('you can cancel');
    expect((await t.app.inject({ method: 'POST', url: '/api/privacy/me/erasure', headers: student.auth })).statusCode).toBe(409);
    const cancelled = await t.app.inject({ method: 'DELETE', url: '/api/privacy/me/erasure', headers: student.auth });
    expect(cancelled.statusCode).toBe(200);
    t.app.ctx.clock.set(new Date(Date.now() + 49 * 3_600_000));
    await t.app.ctx.scheduler.runDue();
    expect((await t.app.inject({ method: 'GET', url: '/api/privacy/me', headers: student.auth })).statusCode).toBe(200);
    t.app.ctx.clock.set(null);

    // Asked again, refused under a legal hold: the schedule does not erase, "process now" refuses.
    const again = body<Json>(await t.app.inject({ method: 'POST', url: '/api/privacy/me/erasure', headers: student.auth })).data.request.id;
    const refused = await t.app.inject({ method: 'POST', url: `/api/privacy/admin/requests/${again}/refuse`, headers: admin.auth, payload: { reason: 'Litigation hold', legalHold: true } });
    expect(refused.statusCode).toBe(200);
    expect(body<Json>(refused).data.request.legalHold).toBe('Litigation hold');
    const third = body<Json>(await t.app.inject({ method: 'POST', url: '/api/privacy/me/erasure', headers: student.auth })).data.request.id;
    t.app.ctx.clock.set(new Date(Date.now() + 49 * 3_600_000));
    await t.app.ctx.scheduler.runDue();
    t.app.ctx.clock.set(null);
    expect((await t.app.inject({ method: 'GET', url: '/api/privacy/me', headers: student.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/privacy/admin/requests/${third}/process`, headers: admin.auth })).statusCode).toBe(409);
    // Extend moves the due date.
    const extended = await t.app.inject({ method: 'POST', url: `/api/privacy/admin/requests/${third}/extend`, headers: admin.auth, payload: { days: 10, reason: 'Waiting for the registrar' } });
    expect(extended.statusCode).toBe(200);
    expect(new Date(body<Json>(extended).data.request.dueAt).getTime()).toBeGreaterThan(Date.now() + 11 * 86_400_000);
    const queue = body<Json>(await t.app.inject({ method: 'GET', url: '/api/privacy/admin/requests', headers: admin.auth })).data.requests;
    expect(queue.map((r: { id: string }) => r.id)).toContain(third);
  });

  it('the scheduled job erases every trace; others\' counts, averages and capacity hold', async () => {
    const f = await seedFootprint(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/privacy/me/erasure', headers: f.person.auth });
    expect(res.statusCode).toBe(201);
    await t.runJobs();
    // Before the notice ends nothing happens.
    t.app.ctx.clock.set(new Date(Date.now() + 47 * 3_600_000));
    await t.app.ctx.scheduler.runDue();
    expect((await t.app.inject({ method: 'GET', url: '/api/privacy/me', headers: f.person.auth })).statusCode).toBe(200);
    // (Another slot than the earlier tests' runs: each scheduled slot runs once.)
    t.app.ctx.clock.set(new Date(Date.now() + 50 * 3_600_000));
    await t.app.ctx.scheduler.runDue();
    t.app.ctx.clock.set(null);
    await t.runJobs();

    // Signed out everywhere, cannot sign in.
    expect((await t.app.inject({ method: 'GET', url: '/api/privacy/me', headers: f.person.auth })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: f.unique.email, password: f.person.password } });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);

    const needles = [f.unique.first, f.unique.last, f.unique.email, f.unique.phone, ...f.unique.phrases];
    expect(await tablesMentioning(needles)).toEqual([]);
    expect(grepDir(t.config.dataDir, needles)).toEqual([]);
    expect(await t.app.ctx.storage.exists(f.documentKey)).toBe(false);

    const db = t.database.db;
    // Sign-in security, SSO and provisioning rows are gone; the placeholder keeps no timezone or language.
    const [left] = await queryRows<Record<string, number>>(
      db,
      sql`SELECT (SELECT count(*)::int FROM auth_sessions WHERE user_id = ${f.person.id}) AS sessions, (SELECT count(*)::int FROM user_mfa WHERE user_id = ${f.person.id}) AS mfa,
                 (SELECT count(*)::int FROM mfa_recovery_codes WHERE user_id = ${f.person.id}) AS codes, (SELECT count(*)::int FROM passkeys WHERE user_id = ${f.person.id}) AS passkeys,
                 (SELECT count(*)::int FROM webauthn_challenges WHERE user_id = ${f.person.id}) AS challenges, (SELECT count(*)::int FROM sso_identities WHERE user_id = ${f.person.id}) AS identities,
                 (SELECT count(*)::int FROM scim_users WHERE user_id = ${f.person.id}) AS scim, (SELECT count(*)::int FROM sso_results WHERE payload::text LIKE ${`%${f.person.id}%`}) AS results,
                 (SELECT count(*)::int FROM sso_connections WHERE id = ${f.ssoConnectionId}) AS connections`,
    );
    expect(left).toEqual({ sessions: 0, mfa: 0, codes: 0, passkeys: 0, challenges: 0, identities: 0, scim: 0, results: 0, connections: 1 });
    const [placeholder] = await queryRows<{ timezone: string | null; language: string | null }>(db, sql`SELECT timezone, language FROM users WHERE id = ${f.person.id}`);
    expect(placeholder).toEqual({ timezone: null, language: null });
    // Their cancellation reason is gone; the session erasure cancelled says why, without naming them.
    const reasons = await queryRows<{ cancel_reason: string | null }>(db, sql`SELECT cancel_reason FROM mentoring_sessions WHERE cancelled_by = ${f.person.id} ORDER BY cancelled_at`);
    expect(reasons.map((r) => r.cancel_reason)).toEqual([null, 'The participant deleted their account.']);
    const [mentor] = await queryRows<{ rating_sum: number; rating_count: number }>(db, sql`SELECT rating_sum, rating_count FROM professional_profiles WHERE user_id = ${f.mentor.id}`);
    expect(mentor).toEqual({ rating_sum: 9, rating_count: 2 });
    const [idea] = await queryRows<{ likes_count: number; comments_count: number; likes: number }>(
      db,
      sql`SELECT likes_count, comments_count, (SELECT count(*)::int FROM idea_likes WHERE idea_id = ${f.otherIdeaId}) AS likes FROM ideas WHERE id = ${f.otherIdeaId}`,
    );
    expect(idea).toEqual({ likes_count: 1, comments_count: 0, likes: 1 });
    const [seats] = await queryRows<{ registered_count: number; held: number }>(
      db,
      sql`SELECT registered_count, (SELECT count(*)::int FROM workshop_registrations WHERE workshop_id = ${f.upcomingWorkshopId} AND status = 'registered') AS held FROM workshops WHERE id = ${f.upcomingWorkshopId}`,
    );
    expect(seats).toEqual({ registered_count: 1, held: 1 });
    const [role] = await queryRows<{ current_positions: number; accepted: number }>(
      db,
      sql`SELECT current_positions, (SELECT count(*)::int FROM rd_applications WHERE role_id = ${f.roleId} AND status = 'accepted') AS accepted FROM rd_project_roles WHERE id = ${f.roleId}`,
    );
    expect(role).toEqual({ current_positions: 1, accepted: 1 });
    // The upcoming session is cancelled and the mentor got the CANCEL invitation.
    const [session] = await queryRows<{ status: string }>(db, sql`SELECT status FROM mentoring_sessions WHERE id = ${f.upcomingSessionId}`);
    expect(session?.status).toBe('cancelled');
    const cancels = await queryRows(db, sql`SELECT 1 FROM emails WHERE "to" = ${f.mentor.email} AND attachments::text LIKE '%METHOD:CANCEL%'`);
    expect(cancels.length).toBeGreaterThanOrEqual(1);
    // The other student's message and the mentor's reply stay.
    const kept = await queryRows(db, sql`SELECT 1 FROM conversation_messages WHERE professional_id = ${f.mentor.id} AND body IN ('Happy to help.', 'A message of the other student')`);
    expect(kept).toHaveLength(2);
    // The minimal record remains.
    const [record] = await queryRows<{ status: string }>(db, sql`SELECT status FROM privacy_requests WHERE user_id = ${f.person.id} AND kind = 'erasure'`);
    expect(record?.status).toBe('done');

    // A full pg_dump holds none of it (PostgreSQL only).
    const url = t.config.databaseUrl;
    if (url) {
      const dump = execFileSync('pg_dump', ['--data-only', url], { maxBuffer: 256 * 1024 * 1024 }).toString().toLowerCase();
      expect(dump).toContain('erased.invalid');
      for (const n of needles) expect(dump.includes(n.toLowerCase()), n).toBe(false);
    }
  });
});

describe('retention', () => {
  it('removes what is past its period, notices inactive students, logs counts; bounds are enforced', async () => {
    const admin = await buildAdmin(t);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/privacy/admin/retention', headers: admin.auth, payload: { category: 'auditLog', days: 30 } });
    expect(bad.statusCode).toBe(400);
    expect(body<Json>(bad).message).toBe('Audit log: choose between 365 and 3650 days');
    const ok = await t.app.inject({ method: 'PUT', url: '/api/privacy/admin/retention', headers: admin.auth, payload: { category: 'outbox', days: 30 } });
    expect(ok.statusCode).toBe(200);
    const db = t.database.db;
    const sleeper = await buildStudent(t);
    await db.execute(sql`UPDATE users SET last_login_at = now() - interval '1080 days', created_at = now() - interval '1200 days' WHERE id = ${sleeper.id}`);
    await db.execute(sql`INSERT INTO emails (id, "to", subject, text, status, created_at) VALUES ('aaaaaaaaaaaaaaaaaaaaaaaa', 'x@example.com', 'old', 'old', 'outbox', now() - interval '40 days')`);
    const counts = await runRetention(db, { now: new Date(), dataDir: t.config.dataDir, publicUrl: 'http://localhost' });
    expect(counts.outbox).toBeGreaterThanOrEqual(1);
    expect(counts.inactiveNotices).toBe(1);
    const [request] = await queryRows<{ requester_role: string }>(db, sql`SELECT requester_role FROM privacy_requests WHERE user_id = ${sleeper.id}`);
    expect(request?.requester_role).toBe('retention');
    const view = body<Json>(await t.app.inject({ method: 'GET', url: '/api/privacy/admin/retention', headers: admin.auth })).data;
    expect(view.runs.some((r: { counts: Record<string, number> }) => (r.counts.outbox ?? 0) >= 1)).toBe(true);
    expect(view.settings.find((s: { category: string }) => s.category === 'outbox').days).toBe(30);
    // A second run the same day finds nothing new for the same student.
    expect((await runRetention(db, { now: new Date(), publicUrl: 'http://localhost' })).inactiveNotices).toBe(0);
  });
});

describe('breach support', () => {
  it('lists the people with rows in a table during a window and sends them a notice', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    await t.database.db.execute(sql`INSERT INTO notifications (id, user_id, type, title, message) VALUES ('bbbbbbbbbbbbbbbbbbbbbbbb', ${student.id}, 'system', 'Hi', 'Hi')`);
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 3_600_000).toISOString();
    const student403 = await t.app.inject({ method: 'GET', url: '/api/privacy/admin/breach', headers: student.auth, query: { table: 'notifications', from, to } });
    expect(student403.statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'GET', url: '/api/privacy/admin/breach', headers: admin.auth, query: { table: 'site_content', from, to } });
    expect(bad.statusCode).toBe(400);
    expect(body<Json>(bad).message).toBe('Choose a table from the list');
    const tables = await t.app.inject({ method: 'GET', url: '/api/privacy/admin/breach/tables', headers: admin.auth });
    expect(body<Json>(tables).data.tables).toContain('notifications');
    const list = await t.app.inject({ method: 'GET', url: '/api/privacy/admin/breach', headers: admin.auth, query: { table: 'notifications', from, to } });
    expect(list.statusCode).toBe(200);
    expect(body<Json>(list).data.people.map((p: { id: string }) => p.id)).toContain(student.id);
    const earlier = await t.app.inject({ method: 'GET', url: '/api/privacy/admin/breach', headers: admin.auth, query: { table: 'notifications', from: '2020-01-01T00:00:00Z', to: '2020-01-02T00:00:00Z' } });
    expect(body<Json>(earlier).data.people).toEqual([]);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/privacy/admin/breach/notice',
      headers: admin.auth,
      payload: { table: 'notifications', from, to, subject: 'A security incident', message: 'We found that notifications were exposed between these times.' },
    });
    expect(sent.statusCode).toBe(200);
    expect(body<Json>(sent).data.notified).toBeGreaterThanOrEqual(1);
    const mails = await queryRows(t.database.db, sql`SELECT 1 FROM emails WHERE "to" = ${student.email} AND subject = 'A security incident'`);
    expect(mails).toHaveLength(1);
  });
});
