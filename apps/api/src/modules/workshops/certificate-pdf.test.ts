// Certificates print any name and title as written (issues 12 and 28; more scripts, images: certificate-scripts.test.ts): Latin with diacritics, Devanagari,
// Chinese and Arabic, in embedded subset fonts. `pdftotext` (poppler-utils; CI installs it) reads each
// name back exactly. Poppler wraps right-to-left text in directional embedding marks (U+202B … U+202C):
// invisible formatting characters, removed before comparing.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildStudent } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { insertRegistration, insertWorkshop } from './workshops.fixtures.ts';

const t = useTestApp();
const hasPdftotext = spawnSync('pdftotext', ['-v']).status === 0;
const dir = mkdtempSync(path.join(os.tmpdir(), 'mb-cert-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NAMES = [
  { script: 'Latin with diacritics', first: 'Zoë', last: 'Łukasiewicz-Núñez', title: 'Crème brûlée & Café Ørsted' },
  { script: 'Devanagari', first: 'सुनील', last: 'शर्मा', title: 'कृत्रिम बुद्धि परिचय' },
  { script: 'Chinese', first: '王', last: '小明', title: '机器学习入门' },
  { script: 'Arabic', first: 'محمد', last: 'عبد الله', title: 'مقدمة في البرمجة' },
];

const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

describe.skipIf(!hasPdftotext && !process.env.CI)('certificate PDF in four scripts (pdftotext)', () => {
  it.each(NAMES)('$script: the name and the workshop title come back exactly', async ({ first, last, title }) => {
    const student = await buildStudent(t, { firstName: first, lastName: last });
    const w = await insertWorkshop(t.database.db, { daysFromNow: -3, status: 'completed', title });
    await insertRegistration(t.database.db, { workshopId: w.id, studentId: student.id, status: 'attended' });
    const res = await t.app.inject({ method: 'GET', url: `/api/workshops/${w.id}/certificate`, headers: student.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const file = path.join(dir, `${student.id}.pdf`);
    writeFileSync(file, res.rawPayload);
    const lines = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
      .split('\n')
      .map((l) => l.replace(BIDI_CONTROLS, '').trim())
      .filter(Boolean);
    expect(lines).toContain(`${first} ${last}`);
    expect(lines).toContain(title);
    expect(lines.some((l) => /^Verify at http:\/\/localhost:3000\/certificates\/MB-[A-Z0-9-]+$/.test(l))).toBe(true);
    // Fonts are embedded (subsets), none is a standard base-14 font.
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const f of fonts) expect(f).toMatch(/\byes\s+(yes|no)\s+yes\b/);
    // A small file: subsets, not whole fonts (the Chinese face alone is 10 MB).
    expect(res.rawPayload.length).toBeLessThan(200_000);
  });
});

describe.skipIf(!hasPdftotext && !process.env.CI)('name on certificates (issue 28: the name as it should be printed)', () => {
  const pdfText = async (payload: Buffer, name: string) => {
    const file = path.join(dir, `${name}.pdf`);
    writeFileSync(file, payload);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
      .split('\n')
      .map((l) => l.replace(BIDI_CONTROLS, '').trim())
      .filter(Boolean);
  };

  it('a family-name-first name given in the profile is what the certificate and its public page print; empty goes back to first and last name', async () => {
    const student = await buildStudent(t, { firstName: 'Taro', lastName: 'Yamada' });
    const w = await insertWorkshop(t.database.db, { daysFromNow: -3, status: 'completed', title: 'Robotics' });
    await insertRegistration(t.database.db, { workshopId: w.id, studentId: student.id, status: 'attended' });

    const set = await t.app.inject({ method: 'PUT', url: '/api/auth/update-profile', headers: student.auth, payload: { certificateName: '  山田 太郎 (YAMADA Taro) ' } });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.user.certificateName).toBe('山田 太郎 (YAMADA Taro)');

    const pdf = await t.app.inject({ method: 'GET', url: `/api/workshops/${w.id}/certificate`, headers: student.auth });
    expect(pdf.statusCode).toBe(200);
    const lines = await pdfText(pdf.rawPayload, `${student.id}-printed`);
    expect(lines).toContain('山田 太郎 (YAMADA Taro)');
    expect(lines).not.toContain('Taro Yamada');

    const issued = await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/certificate`, headers: student.auth });
    const verificationId = issued.json().data.certificate.verificationId as string;
    const page = await t.app.inject({ method: 'GET', url: `/api/certificates/${verificationId}` });
    expect(JSON.stringify(page.json())).toContain('山田 太郎 (YAMADA Taro)');

    const cleared = await t.app.inject({ method: 'PUT', url: '/api/auth/update-profile', headers: student.auth, payload: { certificateName: '' } });
    expect(cleared.json().data.user.certificateName).toBeNull();
    const again = await t.app.inject({ method: 'GET', url: `/api/workshops/${w.id}/certificate`, headers: student.auth });
    expect(await pdfText(again.rawPayload, `${student.id}-plain`)).toContain('Taro Yamada');
  });

  it('bad input is refused with a clear message and nothing changes; it is one\'s own name only', async () => {
    const student = await buildStudent(t, { firstName: 'Lena', lastName: 'Kraus' });
    const other = await buildStudent(t, { firstName: 'Ola', lastName: 'Nordmann' });
    await t.app.inject({ method: 'PUT', url: '/api/auth/update-profile', headers: student.auth, payload: { certificateName: 'KRAUS Lena' } });
    const long = await t.app.inject({ method: 'PUT', url: '/api/auth/update-profile', headers: student.auth, payload: { certificateName: 'x'.repeat(101) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/Name on certificates must be at most 100 characters/);
    const notText = await t.app.inject({ method: 'PUT', url: '/api/auth/update-profile', headers: student.auth, payload: { certificateName: 42 } });
    expect(notText.statusCode).toBe(400);
    expect(notText.json().message).toMatch(/Name on certificates must be text/);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: student.auth });
    expect(me.json().data.user.certificateName).toBe('KRAUS Lena');
    // No way to name someone else: the body has no user id, and the other account is untouched.
    const sneaky = await t.app.inject({ method: 'PUT', url: '/api/auth/update-profile', headers: student.auth, payload: { certificateName: 'Mallory', userId: other.id, id: other.id } });
    expect(sneaky.statusCode).toBe(200);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: other.auth });
    expect(theirs.json().data.user.certificateName).toBeNull();
    expect((await t.app.inject({ method: 'PUT', url: '/api/auth/update-profile', payload: { certificateName: 'X' } })).statusCode).toBe(401);
  });
});
