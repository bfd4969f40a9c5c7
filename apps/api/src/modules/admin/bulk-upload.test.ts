import { describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildProfessional, type BuiltUser } from '../../../test/factories.ts';
import { auditLog, emails, passwordResetTokens, users } from '../../db/schema/index.ts';
import { BULK_MESSAGES, type BulkUploadResult } from '@app/shared/admin';
import { bulkCreateProfessionals } from './bulk-upload.service.ts';
import { multipart } from './test-helpers.ts';
import { zip } from '../rd-projects/rd-test-helpers.ts';

const t = useTestApp();
const HEADER = 'Name,Email,Title,Company,Expertise,Phone,Experience,Skills';
const row = (i: number, prefix = 'bulk') =>
  `Person ${i},${prefix}${i}@example.com,Engineer,Fictional Co,Data Science,,${i % 30},"SQL, Python"`;
const csv = (rows: string[]) => [HEADER, ...rows].join('\n');

let admin: BuiltUser;
async function upload(
  file: { filename: string; content: Buffer | string } | null,
  fields: Record<string, string> = {},
  query = '',
) {
  admin ??= await buildAdmin(t);
  const mp = multipart(file, fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/professionals/bulk-upload${query}`,
    headers: { ...admin.auth, ...mp.headers },
    payload: mp.payload,
  });
}
const result = (res: { body: string }) => body<BulkUploadResult>(res);
const countByPrefix = async (prefix: string) =>
  Number(
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(sql`${users.email} LIKE ${`${prefix}%`}`)
    )[0]?.n,
  );

/** A minimal deflated ZIP (as spreadsheet files are); `declared` lets a test lie about the uncompressed size. */
const deflatedZip = (entries: Parameters<typeof zip>[0]) => zip(entries, { deflate: true });

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

describe('POST /api/admin/professionals/bulk-upload', () => {
  it('creates every valid row of a CSV with the exact result shape, e-mails and audit', async () => {
    const res = await upload({ filename: 'pros.csv', content: csv([row(1, 'good'), row(2, 'good'), row(3, 'good')]) });
    expect(res.statusCode).toBe(200);
    const r = result(res);
    expect(r).toMatchObject({ success: true, errors: [], conflicts: [] });
    expect(r.data).toMatchObject({
      successfullyCreated: 3,
      emailsSent: 3,
      emailsFailed: 0,
      skippedRecords: [],
      processingErrors: [],
    });
    expect(r.data.createdProfessionals.map((c) => c.row)).toEqual([2, 3, 4]);
    expect(r.data.createdProfessionals[0]?.professional).toMatchObject({
      name: 'Person 1',
      email: 'good1@example.com',
      title: 'Engineer',
    });
    expect(r.data.emailResults.every((e) => e.sent && e.password === undefined)).toBe(true);
    const created = await t.database.db
      .select()
      .from(users)
      .where(inArray(users.email, ['good1@example.com', 'good2@example.com', 'good3@example.com']));
    expect(created.every((u) => u.role === 'professional' && u.isTemporaryPassword)).toBe(true);
    const mails = await t.database.db.select().from(emails).where(eq(emails.to, 'good2@example.com'));
    expect(mails[0]?.text).toMatch(/reset-password\?token=/);
    expect(mails[0]?.text).not.toMatch(/password:/i);
    expect(await t.runJobs()).toBeGreaterThanOrEqual(3);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'bulk_upload'));
    expect(entries.length).toBe(1);
  });

  it('reports invalid rows with row numbers and reasons, duplicates in the file and existing accounts as conflicts', async () => {
    const existing = await buildProfessional(t, { email: 'taken@example.com' });
    const content = [
      HEADER,
      row(1, 'mixed'),
      ',bad-email,Engineer,Co,Data Science,,,',
      'No Expertise,noexp@example.com,Engineer,Co,Astrology,,,',
      `Dup,MIXED1@example.com,Engineer,Co,Finance,,,`,
      `Taken,${existing.email},Engineer,Co,Finance,,,`,
      'Neg,neg@example.com,Engineer,Co,finance,,-2,',
      '',
      row(2, 'mixed'),
    ].join('\r\n');
    const r = result(await upload({ filename: 'mixed.csv', content }));
    expect(r.data.successfullyCreated).toBe(2);
    expect(r.data.skippedRecords.map((s) => s.row)).toEqual([3, 4, 5, 6, 7]);
    expect(r.data.skippedRecords[0]).toMatchObject({ row: 3, originalData: { name: '', email: 'bad-email', title: 'Engineer' } });
    expect(r.data.skippedRecords[0]?.reason).toMatch(/Name is required; Please enter a valid email address/);
    expect(r.errors).toEqual(
      expect.arrayContaining([
        'Row 3: Name is required',
        'Row 4: Unknown expertise "Astrology"',
        'Row 7: Years of experience must be a whole number of 0 or more',
      ]),
    );
    expect(r.conflicts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 5, email: 'mixed1@example.com', type: 'duplicate_in_file' }),
        expect.objectContaining({
          row: 6,
          email: 'taken@example.com',
          type: 'existing_account',
          message: 'An account with this email already exists',
        }),
      ]),
    );
    expect(r.suggestion).toBeTruthy();
  });

  it("words the report in the administrator's language: row problems, warnings and conflicts (Arabic)", async () => {
    admin ??= await buildAdmin(t);
    const existing = await buildProfessional(t, { email: 'taken.ar@example.com' });
    const content = [
      `${HEADER},Notes`,
      'Layla Hassan,layla.ar@example.com,Engineer,Co,Finance,,,,hello',
      ',bad-email,Engineer,Co,Data Science,,,,',
      'Omar,omar.ar@example.com,Engineer,Co,Astrology,,,,',
      'Dup,LAYLA.AR@example.com,Engineer,Co,Finance,,,,',
      `Taken,${existing.email},Engineer,Co,Finance,,,,`,
    ].join('\n');
    const mp = multipart({ filename: 'ar.csv', content }, { dryRun: 'true' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/professionals/bulk-upload',
      headers: { ...admin.auth, ...mp.headers, 'accept-language': 'ar' },
      payload: mp.payload,
    });
    expect(res.statusCode).toBe(200);
    const r = result(res);
    expect(r.data.warnings).toEqual(['أعمدة تم تجاهلها: Notes']);
    expect(r.data.skippedRecords.find((s) => s.row === 3)?.reason).toBe('الاسم مطلوب; يُرجى إدخال بريد إلكتروني صحيح');
    expect(r.errors).toEqual(expect.arrayContaining(['الصف 3: الاسم مطلوب', 'الصف 4: مجال خبرة غير معروف: "Astrology"']));
    expect(r.conflicts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 5, type: 'duplicate_in_file', message: 'بريد إلكتروني مكرر في الملف (ورد أولًا في الصف 2)' }),
        expect.objectContaining({ row: 6, type: 'existing_account', message: 'يوجد حساب بهذا البريد الإلكتروني بالفعل' }),
      ]),
    );
    expect(r.suggestion).toMatch(/^احذف الصفوف/);
    // The same file in English keeps the spec's words.
    const en = result(await upload({ filename: 'en.csv', content }, { dryRun: 'true' }));
    expect(en.data.warnings).toEqual(['Columns ignored: Notes']);
    expect(en.errors).toEqual(expect.arrayContaining(['Row 3: Name is required', 'Row 4: Unknown expertise "Astrology"']));
  });

  it('Validate only (dryRun) creates nobody', async () => {
    const r = result(await upload({ filename: 'dry.csv', content: csv([row(1, 'dry'), row(2, 'dry')]) }, { dryRun: 'true' }));
    expect(r.data).toMatchObject({ dryRun: true, validRows: 2, successfullyCreated: 0 });
    expect(await countByPrefix('dry')).toBe(0);
    const q = result(await upload({ filename: 'dry.csv', content: csv([row(1, 'dry')]) }, {}, '?dryRun=1'));
    expect(q.data.dryRun).toBe(true);
    expect(await countByPrefix('dry')).toBe(0);
  });

  it('the same file twice, and twice at once, creates nobody twice', async () => {
    const content = csv(Array.from({ length: 20 }, (_, i) => row(i, 'twice')));
    const first = result(await upload({ filename: 'a.csv', content }));
    expect(first.data.successfullyCreated).toBe(20);
    const second = result(await upload({ filename: 'a.csv', content }));
    expect(second.data.successfullyCreated).toBe(0);
    expect(second.conflicts).toHaveLength(20);
    expect(await countByPrefix('twice')).toBe(20);

    const concurrent = csv(Array.from({ length: 30 }, (_, i) => row(i, 'race')));
    const [x, y] = await Promise.all([
      upload({ filename: 'r.csv', content: concurrent }),
      upload({ filename: 'r.csv', content: concurrent }),
    ]);
    const total = result(x).data.successfullyCreated + result(y).data.successfullyCreated;
    expect(total).toBe(30);
    expect(result(x).data.skippedRecords.length + result(y).data.skippedRecords.length).toBe(30);
    expect(await countByPrefix('race')).toBe(30);
  });

  it('reads .xlsx (hyperlinked e-mails, numbers) and refuses a file with a missing required column', async () => {
    const buffer = await xlsx([
      ['Name', 'Email', 'Title', 'Company', 'Expertise', 'Experience'],
      ['Xl One', 'xl1@example.com', 'Analyst', 'Co', 'Finance', 3],
      ['Xl Two', 'xl2@example.com', 'Analyst', 'Co', 'Legal', 0],
    ]);
    const r = result(await upload({ filename: 'pros.xlsx', content: buffer }));
    expect(r.data.successfullyCreated).toBe(2);
    const missing = await upload({ filename: 'm.csv', content: 'Name,Email,Title\nA,a@example.com,T' });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toBe('Missing required columns: Company, Expertise');
  });

  it('spreadsheets: accepts .ods (LibreOffice), checked by content; .xls is answered with exactly what to do', async () => {
    const cell = (v: string) => `<table:table-cell office:value-type="string"><text:p>${v}</text:p></table:table-cell>`;
    const num = (n: number) => `<table:table-cell office:value-type="float" office:value="${n}"><text:p>${n}</text:p></table:table-cell>`;
    const filler = '<table:table-cell table:number-columns-repeated="1018"/>';
    const content = `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.3">
<office:body><office:spreadsheet><table:table table:name="Sheet1">
<table:table-column table:number-columns-repeated="1024"/>
<table:table-row>${['Name', 'Email', 'Title', 'Company', 'Expertise', 'Phone', 'Experience'].map(cell).join('')}${filler}</table:table-row>
<table:table-row>${cell('Ods One')}${cell('ods1@example.com')}${cell('Analyst')}${cell('Co')}${cell('Finance')}${cell('+91 98765<text:s/>43210')}${num(3)}${filler}</table:table-row>
<table:table-row>${cell('Ods Two')}${cell('ods2@example.com')}${cell('Analyst')}${cell('Co &amp; Sons')}${cell('Legal')}${cell('')}${num(5)}${filler}</table:table-row>
<table:table-row table:number-rows-repeated="1048573"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>
</table:table></office:spreadsheet></office:body></office:document-content>`;
    const ods = deflatedZip([
      { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet') },
      { name: 'content.xml', data: Buffer.from(content) },
    ]);
    const r = result(await upload({ filename: 'pros.ods', content: ods }));
    expect(r.data.successfullyCreated, JSON.stringify(r.data.skippedRecords)).toBe(2);
    const [one] = await t.database.db.select().from(users).where(eq(users.email, 'ods1@example.com'));
    expect(one?.phone).toBe('+91 98765 43210');
    // Checked by content: an .ods name on a CSV, a ZIP that is not an OpenDocument spreadsheet.
    const fake = await upload({ filename: 'pros.ods', content: csv([row(1, 'fakeods')]) });
    expect([fake.statusCode, body(fake).message]).toEqual([415, BULK_MESSAGES.badType]);
    const notOds = await upload({ filename: 'pros.ods', content: deflatedZip([{ name: 'mimetype', data: Buffer.from('application/zip') }]) });
    expect([notOds.statusCode, body(notOds).message]).toEqual([400, BULK_MESSAGES.unreadable]);
    expect(BULK_MESSAGES.badType).toBe('Please select an Excel (.xlsx), OpenDocument (.ods) or CSV (.csv) file');
    expect(BULK_MESSAGES.xls).toMatch(/save the sheet as \.xlsx, \.ods or \.csv/);
  });

  // Functional only: how long 500 rows take is measured by the benchmarks, never asserted in a test.
  it('refuses 501 rows, and accepts 500', async () => {
    const tooMany = await upload({ filename: 'big.csv', content: csv(Array.from({ length: 501 }, (_, i) => row(i, 'over'))) });
    expect(tooMany.statusCode).toBe(400);
    expect(body(tooMany).message).toBe('A file can hold at most 500 professionals per upload');
    expect(await countByPrefix('over')).toBe(0);
    const ok = await upload({ filename: 'max.csv', content: csv(Array.from({ length: 500 }, (_, i) => row(i, 'max'))) });
    expect(result(ok).data.successfullyCreated).toBe(500);
    expect(await countByPrefix('max')).toBe(500);
  }, 60_000);

  it('checks type by content and name, size and presence', async () => {
    const xlsxBuffer = await xlsx([['Name']]);
    const cases: [{ filename: string; content: Buffer | string } | null, number, string][] = [
      [{ filename: 'pros.xlsx', content: csv([row(1, 'type')]) }, 415, BULK_MESSAGES.badType],
      [{ filename: 'pros.csv', content: xlsxBuffer }, 415, BULK_MESSAGES.badType],
      [{ filename: 'pros.pdf', content: '%PDF-1.4' }, 415, BULK_MESSAGES.badType],
      [
        { filename: 'pros.csv', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) },
        415,
        BULK_MESSAGES.badType,
      ],
      [
        {
          filename: 'old.xls',
          content: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]),
        },
        415,
        BULK_MESSAGES.xls,
      ],
      [{ filename: 'big.csv', content: Buffer.alloc(10 * 1024 * 1024 + 10, 'a') }, 413, 'File size must be less than 10MB'],
      [null, 400, 'Please select a file to upload'],
      [{ filename: 'empty.csv', content: '' }, 400, 'Please select a file to upload'],
    ];
    for (const [file, status, message] of cases) {
      const res = await upload(file);
      expect([file?.filename, res.statusCode, body(res).message]).toEqual([file?.filename, status, message]);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/professionals/bulk-upload',
      headers: admin.auth,
      payload: {},
    });
    expect(json.statusCode).toBe(400);
    expect(body(json).message).toBe('Please select a file to upload');
  });

  it('rejects zip bombs before parsing: oversized entries, and headers that lie about the size', async () => {
    const huge = Buffer.alloc(30 * 1024 * 1024, 0x41);
    const declared = await upload({ filename: 'bomb.xlsx', content: deflatedZip([{ name: 'xl/worksheets/sheet1.xml', data: huge }]) });
    expect(declared.statusCode).toBe(413);
    const liar = await upload({
      filename: 'liar.xlsx',
      content: deflatedZip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(5 * 1024 * 1024, 0x41), declared: 1000 }]),
    });
    expect(liar.statusCode).toBe(413);
    const rows = Buffer.from(`<worksheet><sheetData>${'<row r="1"/>'.repeat(6000)}</sheetData></worksheet>`);
    const manyRows = await upload({ filename: 'rows.xlsx', content: deflatedZip([{ name: 'xl/worksheets/sheet1.xml', data: rows }]) });
    expect(manyRows.statusCode).toBe(400);
  });

  it('shows the temporary password only for rows whose e-mail could not be queued', async () => {
    admin ??= await buildAdmin(t);
    const actor = {
      id: admin.id,
      role: 'admin' as const,
      email: admin.email,
      firstName: 'T',
      lastName: 'A',
      isTemporaryPassword: false,
    };
    const sheet = {
      headers: ['Name', 'Email', 'Title', 'Company', 'Expertise'],
      rows: [{ row: 2, cells: ['Mail Fail', 'mailfail@example.com', 'T', 'C', 'Sales'] }],
    };
    const r = await bulkCreateProfessionals(t.database.db, t.config, actor, sheet, {
      dryRun: false,
      queueEmails: async () => {
        throw new Error('mail store unavailable');
      },
    });
    expect(r.data).toMatchObject({ successfullyCreated: 1, emailsSent: 0, emailsFailed: 1 });
    expect(r.data.emailResults[0]).toMatchObject({ email: 'mailfail@example.com', sent: false });
    const password = r.data.emailResults[0]?.password ?? '';
    expect(password).toHaveLength(14);
    expect(r.data.processingErrors[0]?.email).toBe('mailfail@example.com');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'mailfail@example.com', password },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('e-mail: bulk upload never e-mails a password, only a single-use set-password link', () => {
  it('the link sets the password once, within its week; the e-mail holds no password and the outbox hides the link', async () => {
    const res = await upload({ filename: 'pros.csv', content: csv([row(1, 'setpw')]) });
    expect(res.statusCode).toBe(200);
    const [mail] = await t.database.db.select().from(emails).where(eq(emails.to, 'setpw1@example.com'));
    expect(mail).toBeDefined();
    expect(`${mail?.text}\n${mail?.html}`).not.toMatch(/temporary password|password:/i);
    const link = /(https?:\/\/\S+\/reset-password\?token=)(\S+)/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link?.[2] ?? '');
    expect(mail?.preview).not.toContain(token);
    expect(mail?.html).toContain('Choose my password');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'setpw1@example.com'));
    const [stored] = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user?.id ?? ''));
    const days = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const set = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'Chosen@Pass123' } });
    expect(set.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'Other@Pass123' } });
    expect(again.statusCode).toBe(400);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'setpw1@example.com', password: 'Chosen@Pass123' } });
    expect(login.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(users).where(eq(users.email, 'setpw1@example.com'));
    expect(after?.isTemporaryPassword).toBe(false);
  });

  it('an expired set-password link is refused', async () => {
    await upload({ filename: 'pros.csv', content: csv([row(1, 'expired')]) });
    const [mail] = await t.database.db.select().from(emails).where(eq(emails.to, 'expired1@example.com'));
    const token = decodeURIComponent(/reset-password\?token=(\S+)/.exec(mail?.text ?? '')?.[1] ?? '');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'expired1@example.com'));
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user?.id ?? ''));
    const set = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'Chosen@Pass123' } });
    expect(set.statusCode).toBe(400);
  });
});

describe('GET /api/admin/professionals/bulk-upload/template', () => {
  it('serves xlsx and csv templates with the required columns', async () => {
    admin ??= await buildAdmin(t);
    const c = await t.app.inject({
      method: 'GET',
      url: '/api/admin/professionals/bulk-upload/template?format=csv',
      headers: admin.auth,
    });
    expect(c.statusCode).toBe(200);
    expect(c.headers['content-disposition']).toBe('attachment; filename="professionals-template.csv"');
    expect(c.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^Name,Email,Title,Company,Expertise/);
    const x = await t.app.inject({
      method: 'GET',
      url: '/api/admin/professionals/bulk-upload/template?format=xlsx',
      headers: admin.auth,
    });
    expect(x.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]?.getRow(1).values).toEqual(
      expect.arrayContaining(['Name', 'Email', 'Title', 'Company', 'Expertise']),
    );
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/admin/professionals/bulk-upload/template?format=pdf',
      headers: admin.auth,
    });
    expect(bad.statusCode).toBe(400);
  });
});
