import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildProfessional, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { auditLog, contactMessages, emails, ideas, siteContent, users } from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql.ts';
import { multipart } from './test-helpers.ts';

const t = useTestApp();
let admin: BuiltUser;
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin.auth });

describe('students', () => {
  it('lists students with search, university filter, activity counts and pagination', async () => {
    admin = await buildAdmin(t);
    await buildStudent(t, { firstName: 'Aarav', university: 'IIT Bombay' });
    await buildStudent(t, { firstName: 'Diya', university: 'Delhi University' });
    for (let i = 0; i < 11; i++) await buildStudent(t, { firstName: `Bulk${i}`, university: 'Anna University' });
    const page1 = body<{
      data: { users: unknown[]; students: unknown[]; pagination: { total: number; pages: number; limit: number } };
    }>(await get('/api/admin/users?role=student'));
    expect(page1.data.users).toHaveLength(10);
    expect(page1.data.students).toHaveLength(10);
    expect(page1.data.pagination).toMatchObject({ total: 13, pages: 2, limit: 10 });
    const search = body<{
      data: { users: { firstName: string; registeredWorkshops: number; connectedProfessionals: number; status: string }[] };
    }>(await get('/api/admin/users?role=student&search=aarav'));
    expect(search.data.users).toHaveLength(1);
    expect(search.data.users[0]).toMatchObject({
      firstName: 'Aarav',
      registeredWorkshops: 0,
      connectedProfessionals: 0,
      status: 'active',
    });
    const uni = body<{ data: { users: { university: string }[] } }>(await get('/api/admin/users?role=student&university=Delhi'));
    expect(uni.data.users.map((u) => u.university)).toEqual(['Delhi University']);
    const bad = await get('/api/admin/users?role=admin');
    expect(bad.statusCode).toBe(400);
  });

  it('Add Student creates an account and e-mails a single-use set-password link (never a password)', async () => {
    const payload = {
      firstName: 'Kabir',
      lastName: 'Shah',
      email: 'Kabir@Example.com',
      university: 'IIT Delhi',
      course: 'CSE',
      year: 2,
      rollNumber: 'R1',
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/users', headers: admin.auth, payload });
    expect(res.statusCode).toBe(201);
    expect(body(res).message).toBe('Student created successfully!');
    const [mail] = await t.database.db.select().from(emails).where(eq(emails.to, 'kabir@example.com'));
    expect(mail?.text).toMatch(/reset-password\?token=/);
    expect(mail?.text).not.toMatch(/temporary password/i);
    const dup = await t.app.inject({ method: 'POST', url: '/api/admin/users', headers: admin.auth, payload });
    expect(dup.statusCode).toBe(409);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: admin.auth,
      payload: { ...payload, email: 'k2@example.com', year: 9 },
    });
    expect(bad.statusCode).toBe(400);
    expect(body<{ errors: string[] }>(bad).errors).toContain('Year of study is required');
  });

  it('deactivation kills tokens and sign-in; reactivation restores sign-in; admins are not touched', async () => {
    const s = await buildStudent(t);
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${s.id}/status`,
      headers: admin.auth,
      payload: { isActive: false },
    });
    expect(off.statusCode).toBe(200);
    expect(body(off).message).toBe('Student deactivated successfully!');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: s.auth })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: s.email, password: s.password } }))
        .statusCode,
    ).toBe(403);
    const on = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${s.id}/status`,
      headers: admin.auth,
      payload: { isActive: true },
    });
    expect(body<{ data: { status: string } }>(on).data.status).toBe('active');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: s.email, password: s.password } }))
        .statusCode,
    ).toBe(200);
    const other = await buildAdmin(t);
    for (const id of [other.id, 'bad', '000000000000000000000000']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${id}/status`,
        headers: admin.auth,
        payload: { isActive: false },
      });
      expect(res.statusCode).toBe(404);
    }
    const missing = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${s.id}/status`,
      headers: admin.auth,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, s.id));
    expect(entries.map((e) => e.action).sort()).toEqual(['deactivate', 'reactivate']);
  });
});

describe('exports', () => {
  it('streams CSV with BOM, file name, filters, and neutralised formula cells that round-trip', async () => {
    await buildStudent(t, { firstName: '=HYPERLINK("http://evil")', lastName: 'Zoë, "Q"', university: '@Evil Uni' });
    const res = await get('/api/admin/export/students');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="students-${today}.csv"`);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(res.rawPayload, { bom: true }) as string[][];
    expect(rows[0]).toEqual(expect.arrayContaining(['Name', 'Email', 'University']));
    const students = await t.database.db.select().from(users).where(eq(users.role, 'student'));
    expect(rows.length - 1).toBe(students.length);
    const evil = rows.find((r) => r[0]?.includes('HYPERLINK'));
    expect(evil?.[0]).toBe('\'=HYPERLINK("http://evil") Zoë, "Q"');
    expect(evil?.[3]).toBe("'@Evil Uni");
    // Every other cell round-trips unchanged.
    const kabir = rows.find((r) => r[1] === 'kabir@example.com');
    expect(kabir?.slice(0, 4)).toEqual(['Kabir Shah', 'kabir@example.com', '', 'IIT Delhi']);
    const filtered = parse((await get('/api/admin/export/students?university=Anna')).rawPayload, { bom: true }) as string[][];
    expect(filtered.length - 1).toBe(11);
  });

  it('spreadsheets: ?format=xlsx on every export delivers a real XLSX with typed text cells (no formula, no apostrophe)', async () => {
    await buildStudent(t, { firstName: '=HYPERLINK("http://evil.example")', lastName: 'Xl', university: '@Evil Uni' });
    const res = await get('/api/admin/export/students?format=xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="students-${today}.xlsx"`);
    expect(res.rawPayload.readUInt32LE(0)).toBe(0x04034b50); // a ZIP (Office Open XML)
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual(expect.arrayContaining(['Name', 'Email', 'Phone', 'University']));
    const students = await t.database.db.select().from(users).where(eq(users.role, 'student'));
    expect((sheet?.actualRowCount ?? 0) - 1).toBe(students.length);
    let evil: ExcelJS.Row | undefined;
    sheet?.eachRow((row) => {
      if (String(row.getCell(1).value).includes('evil.example')) evil = row;
    });
    expect(evil?.getCell(1).value).toBe('=HYPERLINK("http://evil.example") Xl'); // as typed: no apostrophe
    expect(evil?.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(evil?.getCell(3).value).toBe('+91 98765 43210');
    expect(evil?.getCell(3).type).toBe(ExcelJS.ValueType.String);
    expect(evil?.getCell(4).value).toBe('@Evil Uni');
    // No formula anywhere in the file.
    sheet?.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
    // A count is a number cell.
    const header = (sheet?.getRow(1).values as unknown[]).indexOf('Registered Workshops');
    expect(evil?.getCell(header).type).toBe(ExcelJS.ValueType.Number);
    for (const kind of ['professionals', 'workshops', 'ideas']) {
      const other = await get(`/api/admin/export/${kind}?format=xlsx`);
      expect(other.statusCode).toBe(200);
      expect(other.headers['content-disposition']).toBe(`attachment; filename="${kind}-${today}.xlsx"`);
      const b = new ExcelJS.Workbook();
      await b.xlsx.load(other.rawPayload as unknown as ArrayBuffer);
      expect(b.worksheets[0]?.getRow(1).getCell(1).value).toBe(kind === 'professionals' ? 'Name' : 'Title');
    }
    const bad = await get('/api/admin/export/students?format=pdf');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('Format must be csv or xlsx');
  });

  it('spreadsheets: CSV keeps an international phone number as it is (no apostrophe), formulas still neutralised', async () => {
    const owner0 = await buildStudent(t, { firstName: 'Phone', lastName: 'Owner' });
    await t.database.db.update(users).set({ phone: '+44 20 7946 0958' }).where(eq(users.id, owner0.id));
    const rows = parse((await get('/api/admin/export/students?search=Phone Owner')).rawPayload, { bom: true }) as string[][];
    const owner = rows.find((r) => r[0] === 'Phone Owner');
    expect(owner?.[2]).toBe('+44 20 7946 0958');
  });

  it('pages through more than one page of students: every row once, in the list order, ties and microseconds included', async () => {
    // 1,203 students over 3 creation instants with microseconds (a JavaScript Date keeps only milliseconds):
    // pages of 500 end inside runs of equal times, where only the id orders the rows.
    const instants = ['2025-01-01 10:00:00.123456+00', '2025-01-01 10:00:00.123457+00', '2025-01-02 09:00:00.5+00'];
    const n = 1203;
    await t.database.query(
      `INSERT INTO users (id, role, email, password_hash, first_name, last_name, created_at)
       SELECT left(md5('keyset' || g), 24), 'student', 'keyset' || g || '@example.com', 'x', 'Keyset', 'Student ' || g, ($1::text[])[1 + g % 3]::timestamptz
       FROM generate_series(1, $2) g`,
      [instants, n],
    );
    const rows = parse((await get('/api/admin/export/students?search=keyset')).rawPayload, { bom: true }) as string[][];
    const emails = rows.slice(1).map((r) => r[1]);
    expect(emails).toHaveLength(n);
    expect(new Set(emails).size).toBe(n);
    const expected = await t.database.query<{ email: string }>(
      `SELECT email FROM users WHERE email LIKE 'keyset%' ORDER BY created_at DESC, id ASC`,
    );
    expect(emails).toEqual(expected.map((r) => r.email));
    // The dashboard tests below count students: leave the table as it was.
    await t.database.query(`DELETE FROM users WHERE email LIKE 'keyset%'`);
  });

  it('exports professionals, workshops and ideas; unknown kinds are 400', async () => {
    await buildProfessional(t, { title: '+cmd|calc' });
    const pros = parse((await get('/api/admin/export/professionals')).rawPayload, { bom: true }) as string[][];
    expect(pros.some((r) => r[3] === "'+cmd|calc")).toBe(true);
    const w = await get('/api/admin/export/workshops');
    expect(w.statusCode).toBe(200);
    expect((parse(w.rawPayload, { bom: true }) as string[][])[0]?.[0]).toBe('Title');
    const author = await buildStudent(t);
    await t.database.db
      .insert(ideas)
      .values({ authorId: author.id, title: '-1+1', description: 'd', category: 'Technology', status: 'under_review' });
    await t.database.db
      .insert(ideas)
      .values({ authorId: author.id, title: 'Private draft', description: 'd', category: 'Technology', status: 'draft' });
    const i = parse((await get('/api/admin/export/ideas')).rawPayload, { bom: true }) as string[][];
    expect(i.map((r) => r[0])).toContain("'-1+1");
    expect(i.map((r) => r[0])).not.toContain('Private draft');
    expect((await get('/api/admin/export/passwords')).statusCode).toBe(400);
  });
});

describe('dashboard, analytics, audit, settings', () => {
  it('dashboard counts from the database with month-over-month change and recent registrations', async () => {
    const res = await get('/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    const data = body<{ data: { statistics: Record<string, unknown>; recentRegistrations: { email: string }[] } }>(res).data;
    const students = await t.database.db.select().from(users).where(eq(users.role, 'student'));
    expect(data.statistics.totalStudents).toBe(students.length);
    expect(data.statistics).toMatchObject({ totalRDProjects: 0, activeRDProjects: 0 });
    // Everything was created this month: no earlier total to compare with.
    expect((data.statistics.changes as Record<string, unknown>).students).toBeNull();
    expect(data.recentRegistrations.length).toBe(5);
  });

  it('analytics: registrations by month, funnels and top expertise computed in SQL', async () => {
    const data = body<{
      data: {
        registrations: { month: string; students: number }[];
        ideaFunnel: { status: string; count: number }[];
        topExpertise: { expertise: string; count: number }[];
      };
    }>(await get('/api/admin/analytics')).data;
    expect(data.registrations).toHaveLength(12);
    const month = new Date().toISOString().slice(0, 7);
    const students = await t.database.db.select().from(users).where(eq(users.role, 'student'));
    expect(data.registrations.at(-1)).toMatchObject({ month, students: students.length });
    expect(data.ideaFunnel.find((f) => f.status === 'under_review')?.count).toBe(1);
    expect(data.topExpertise[0]).toMatchObject({ expertise: 'Software Development' });
  });

  it('analytics: ?months picks the range; every month is present (0 when empty); ideas and registrations per month', async () => {
    type Series = { data: { registrations: { month: string; students: number; ideas: number; workshopRegistrations: number }[] } };
    const three = body<Series>(await get('/api/admin/analytics?months=3')).data.registrations;
    expect(three).toHaveLength(3);
    expect(three.at(-1)?.month).toBe(new Date().toISOString().slice(0, 7));
    const months = three.map((r) => r.month);
    expect([...months].sort()).toEqual(months);
    expect(three.every((r) => Number.isInteger(r.ideas) && Number.isInteger(r.workshopRegistrations))).toBe(true);
    const [ideaCount] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM ideas WHERE status <> 'draft' AND submitted_at >= date_trunc('month', now())`,
    );
    expect(three.at(-1)?.ideas).toBe(Number(ideaCount?.n ?? 0));
    expect(body<Series>(await get('/api/admin/analytics?months=24')).data.registrations).toHaveLength(24);
    for (const bad of ['0', '37', 'abc', '2.5']) {
      const res = await get(`/api/admin/analytics?months=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(body<{ message: string }>(res).message).toContain('months must be a whole number from 1 to 36');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/analytics?months=3' })).statusCode).toBe(401);
    const student = await buildStudent(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/analytics?months=3', headers: student.auth })).statusCode).toBe(403);
  });

  it('audit log lists admin changes with actor, filterable and paginated', async () => {
    const res = body<{
      data: { entries: { action: string; entity: string; actor: { email: string } | null }[]; pagination: { total: number } };
    }>(await get('/api/admin/audit?entity=student&limit=5'));
    expect(res.data.entries.length).toBeGreaterThan(0);
    expect(res.data.entries.every((e) => e.entity === 'student')).toBe(true);
    expect(res.data.entries[0]?.actor?.email).toBe(admin.email);
    const exports = body<{ data: { entries: { action: string }[] } }>(await get('/api/admin/audit?action=export'));
    expect(exports.data.entries.length).toBeGreaterThanOrEqual(4);
  });

  it('site content round-trips and is validated', async () => {
    const current = body<{ data: Record<string, unknown> }>(await get('/api/admin/content')).data;
    const changed = { ...current, vision: 'A clearly fictional vision.' };
    const put = await t.app.inject({ method: 'PUT', url: '/api/admin/content', headers: admin.auth, payload: changed });
    expect(put.statusCode).toBe(200);
    const pub = body<{ data: { vision: string } }>(await t.app.inject({ method: 'GET', url: '/api/content/site' }));
    expect(pub.data.vision).toBe('A clearly fictional vision.');
    const bad = await t.app.inject({ method: 'PUT', url: '/api/admin/content', headers: admin.auth, payload: { vision: 1 } });
    expect(bad.statusCode).toBe(400);
  });

  it('site content links are http(s) only: a javascript: link is refused, and one stored earlier is never served', async () => {
    const current = body<{ data: { team: { link: string }[] } }>(await get('/api/admin/content')).data;
    expect(current.team.length).toBeGreaterThan(0);
    const team = current.team.map((m, i) => (i === 0 ? { ...m, link: 'javascript:alert(document.cookie)' } : m));
    const put = await t.app.inject({ method: 'PUT', url: '/api/admin/content', headers: admin.auth, payload: { ...current, team } });
    expect(put.statusCode).toBe(400);
    expect(body<{ message: string }>(put).message).toMatch(/http/);
    // A row written before the rule (or by hand) is not served as it is.
    await t.database.db.insert(siteContent).values({ key: 'site', value: { ...current, team } }).onConflictDoUpdate({ target: siteContent.key, set: { value: { ...current, team } } });
    const pub = await t.app.inject({ method: 'GET', url: '/api/content/site' });
    expect(pub.statusCode).toBe(200);
    expect(pub.body).not.toMatch(/javascript:/i);
  });

  it('contact messages list and mark handled; outbox lists e-mails', async () => {
    await t.database.db.insert(contactMessages).values({ name: 'N', email: 'n@example.com', subject: 'S', message: 'M' });
    const list = body<{ data: { messages: { _id: string; handled: boolean }[] } }>(
      await get('/api/admin/contact-messages?handled=false'),
    );
    const id = list.data.messages[0]?._id ?? '';
    const mark = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/contact-messages/${id}`,
      headers: admin.auth,
      payload: { handled: true },
    });
    expect(body<{ data: { message: { handled: boolean } } }>(mark).data.message.handled).toBe(true);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/admin/contact-messages/zzz',
          headers: admin.auth,
          payload: { handled: true },
        })
      ).statusCode,
    ).toBe(404);
    const outbox = body<{ data: { emails: { to: string }[]; pagination: { total: number } } }>(await get('/api/admin/emails'));
    expect(outbox.data.emails.map((e) => e.to)).toContain('kabir@example.com');
  });
});

describe('GET /api/admin/emails never shows secrets', () => {
  it('temporary passwords and reset links are hidden in the outbox view; the operator file has them', async () => {
    const boss = await buildAdmin(t);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/admin/professionals',
      headers: boss.auth,
      payload: {
        name: 'Secret Keeper',
        email: 'secret.keeper@example.com',
        phone: '+91 98765 43210',
        title: 'Engineer',
        company: 'Fictional Co',
        expertise: 'Data Science',
        experience: 3,
        bio: 'A fictional professional.',
      },
    });
    expect(create.statusCode).toBe(201);
    const student = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: boss.auth,
      payload: {
        firstName: 'Mira',
        lastName: 'Rao',
        email: 'mira.secret@example.com',
        university: 'U',
        course: 'C',
        year: 1,
        rollNumber: 'R9',
      },
    });
    expect(student.statusCode).toBe(201);
    const bulk = multipart(
      {
        filename: 'pros.csv',
        content: 'Name,Email,Title,Company,Expertise\nBulk Secret,bulk.secret@example.com,Engineer,Fictional Co,Finance\n',
      },
      {},
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/admin/professionals/bulk-upload',
      headers: { ...boss.auth, ...bulk.headers },
      payload: bulk.payload,
    });
    expect(body<{ data: { successfullyCreated: number } }>(uploaded).data.successfullyCreated).toBe(1);
    const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: boss.email } });
    expect(forgot.statusCode).toBe(200);

    // The secrets as sent (the stored text is what SMTP delivers).
    const stored = await t.database.db.select().from(emails);
    const sent = (to: string) => stored.find((e) => e.to === to)?.text ?? '';
    const passwords = ['secret.keeper@example.com', 'mira.secret@example.com', 'bulk.secret@example.com'].map(
      (to) => /(\S*reset-password\?token=\S+)/.exec(sent(to))?.[1] ?? '',
    );
    const link = /(\S*reset-password\?token=\S+)/.exec(sent(boss.email))?.[1] ?? '';
    const token = decodeURIComponent(link.split('token=')[1] ?? '');
    for (const secret of [...passwords, link, token]) expect(secret.length).toBeGreaterThan(7);

    const res = await t.app.inject({ method: 'GET', url: '/api/admin/emails?limit=100', headers: boss.auth });
    expect(res.statusCode).toBe(200);
    for (const secret of [...passwords, link, token, encodeURIComponent(token)]) expect(res.body).not.toContain(secret);
    expect(res.body).not.toMatch(/reset-password\?token=/);
    const view = body<{ data: { emails: { to: string; text: string }[] } }>(res).data.emails;
    const shown = (to: string) => view.find((e) => e.to === to)?.text ?? '';
    expect(shown('secret.keeper@example.com')).toContain('within 7 days; it works once:\n\n[hidden]');
    expect(shown('bulk.secret@example.com')).toContain('[hidden]');
    expect(shown('mira.secret@example.com')).toContain('[hidden]');
    expect(shown(boss.email)).toContain('[hidden]');
    // A row stored without a preview (before the column existed) shows no text at all.
    await t.database.db.insert(emails).values({ to: 'old@example.com', subject: 'Old', text: 'password: hunter2-old' });
    const old = body<{ data: { emails: { to: string; text: string }[] } }>(
      await t.app.inject({ method: 'GET', url: '/api/admin/emails', headers: boss.auth }),
    ).data.emails.find((e) => e.to === 'old@example.com');
    expect(old?.text).toBe('The text of this e-mail is not shown.');

    // Without SMTP the operator relays from DATA_DIR/outbox, where the full message is kept (owner-only).
    await t.runJobs();
    const id = stored.find((e) => e.to === 'secret.keeper@example.com')?.id ?? '';
    const file = path.join(t.config.dataDir, 'outbox', `${id}.eml`);
    expect(readFileSync(file, 'utf8').replace(/=\r\n/g, '')).toContain('reset-password?token');
    expect(statSync(file).mode & 0o077).toBe(0);
  });
});
