// Certificates in every script (issue 28): names and titles in Latin with diacritics, Devanagari, Tamil,
// Bengali, Arabic, Hebrew, Chinese, Japanese and Korean, alone and mixed in one line, rendered with
// pdftoppm and compared with reference images a person has looked at (test/fixtures/certificates; set
// UPDATE_CERTIFICATE_IMAGES=1 to write them anew, then look at every one before committing). pdftotext
// gives back every string. poppler-utils is needed (CI installs it); locally the test is skipped without it.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { BIDI_CONTROLS } from '../../lib/pdf-text/index.ts';
import { renderCertificate } from './workshops.certificate.ts';

const hasPoppler = spawnSync('pdftoppm', ['-v']).status === 0;
const dir = mkdtempSync(path.join(os.tmpdir(), 'mb-cert-img-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const REFERENCES = path.resolve(import.meta.dirname, '../../../test/fixtures/certificates');
const DPI = 50;

/** `rtlBase`: the line starts with a right-to-left letter, so it is a right-to-left paragraph. */
const CASES: { key: string; name: string; title: string; instructor: string; mixed?: boolean }[] = [
  { key: 'latin', name: 'Zoë Łukasiewicz-Núñez', title: 'Crème brûlée & Café Ørsted', instructor: 'François Dvořák' },
  { key: 'devanagari', name: 'सुनील शर्मा', title: 'कृत्रिम बुद्धि परिचय', instructor: 'प्रिया द्विवेदी' },
  { key: 'tamil', name: 'சுப்பிரமணியம் கார்த்திகேயன்', title: 'இயந்திரக் கற்றல் அறிமுகம்', instructor: 'லட்சுமி' },
  { key: 'bengali', name: 'দেবাশীষ চট্টোপাধ্যায়', title: 'কৃত্রিম বুদ্ধিমত্তা পরিচিতি', instructor: 'সৌমিত্র' },
  { key: 'arabic', name: 'محمد عبد الله', title: 'مقدمة في البرمجة', instructor: 'فاطمة الزهراء' },
  { key: 'hebrew', name: 'שרה לוי', title: 'מבוא לתכנות', instructor: 'דוד כהן' },
  { key: 'chinese', name: '王小明', title: '机器学习入门', instructor: '李华' },
  { key: 'japanese', name: '山田 花子', title: 'プログラミング入門', instructor: 'さとう ゆき' },
  // Decision 940: kanji in a line with kana print in Noto Sans JP (直 and 骨 have Japanese forms unlike Chinese ones).
  { key: 'japanese-kana', name: '佐藤 直子（さとう なおこ）', title: '骨と直線のデザイン入門', instructor: 'たなか ゆうき' },
  { key: 'korean', name: '김민준', title: '프로그래밍 입문', instructor: '이서연' },
  {
    key: 'mixed-ltr',
    name: 'Priya प्रिया Rāmanāthan ராமநாதன் দেব',
    title: 'Intro to الذكاء الاصطناعي (AI) — מבוא 入门 입문 入門',
    instructor: 'Ana محمد Núñez',
    mixed: true,
  },
  { key: 'mixed-rtl', name: 'محمد Ali', title: 'مقدمة في Python 3 والذكاء', instructor: 'שרה Levi', mixed: true },
];

const facts = (c: (typeof CASES)[number]) => ({
  verificationId: 'MB-TEST-7K2P-9QXW-4HJM',
  studentName: c.name,
  workshopTitle: c.title,
  workshopDate: '2026-11-20',
  instructorName: c.instructor,
  category: 'technology',
  issuedAt: new Date('2026-11-21T10:00:00Z'),
});

/** A page as grey pixels. */
async function grey(png: string) {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const clean = (s: string) => s.replace(BIDI_CONTROLS, '').replace(/\s+/g, ' ').trim();
const words = (s: string) => s.split(/\s+/).map((w) => w.replace(/[()—,.&]/g, '')).filter(Boolean);

describe.skipIf(!hasPoppler && !process.env.CI)('certificates in every script (pdftoppm, pdftotext)', () => {
  it.each(CASES)('$key: looks like the checked reference image and gives back every string', async (c) => {
    const pdf = await renderCertificate(facts(c), 'https://mentorbridge.example/certificates/MB-TEST-7K2P-9QXW-4HJM');
    const file = path.join(dir, `${c.key}.pdf`);
    writeFileSync(file, pdf);

    // Text: every line comes back; a mixed-direction line word for word (extractors reorder such lines by heuristics).
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    const lines = text.split('\n').map(clean).filter(Boolean);
    for (const s of [c.name, c.title, `led by ${c.instructor}`]) {
      if (c.mixed) {
        const line = lines.find((l) => words(s).every((w) => l.includes(w)));
        expect(line, `${s} in ${JSON.stringify(lines)}`).toBeDefined();
      } else expect(lines).toContain(s);
    }

    // Fonts: embedded subsets with a Unicode map, none a standard font.
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(1);
    for (const f of fonts) expect(f).toMatch(/^[A-Z]{6}\+Noto\S+\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    expect(pdf.length).toBeLessThan(120_000);
    // Japanese lines (kana, and kanji beside kana) are set in Noto Sans JP, Chinese ones in Noto Sans SC.
    const faces = fonts.map((f) => f.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ''));
    if (c.key === 'japanese-kana') expect(faces.filter((f) => !f.startsWith('NotoSans-'))).toEqual(expect.arrayContaining(['NotoSansJP-Bold']));
    if (c.key === 'japanese-kana') expect(faces.some((f) => f.startsWith('NotoSansSC'))).toBe(false);
    if (c.key === 'chinese') expect(faces.some((f) => f.startsWith('NotoSansJP'))).toBe(false);

    // Tagged, with a language and a structure tree.
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    const parsed = await PDFDocument.load(pdf);
    expect(parsed.catalog.lookup(PDFName.of('Lang'))?.toString()).toBe('(en)');
    const root = parsed.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict);
    const document = root.lookup(PDFName.of('K'), PDFArray).lookup(0, PDFDict);
    const elements = document.lookup(PDFName.of('K'), PDFArray).asArray().map((ref) => parsed.context.lookup(ref, PDFDict));
    // One element per printed line: heading, the name, the title, …
    expect(elements.map((e) => e.get(PDFName.of('S'))?.toString())).toContain('/H1');
    expect(elements.length).toBeGreaterThanOrEqual(10);

    // Picture: within a small tolerance of the reference (anti-aliasing differs between poppler builds).
    const base = path.join(dir, c.key);
    execFileSync('pdftoppm', ['-r', String(DPI), '-png', '-singlefile', file, base]);
    const reference = path.join(REFERENCES, `${c.key}.png`);
    if (process.env.UPDATE_CERTIFICATE_IMAGES || !existsSync(reference)) {
      if (process.env.CI) throw new Error(`no reference image ${reference}`);
      writeFileSync(reference, readFileSync(`${base}.png`));
    }
    const [got, want] = [await grey(`${base}.png`), await grey(reference)];
    expect([got.width, got.height]).toEqual([want.width, want.height]);
    let differing = 0;
    let ink = 0;
    for (let i = 0; i < got.data.length; i++) {
      if (Math.abs(got.data[i]! - want.data[i]!) > 64) differing++;
      if (want.data[i]! < 128) ink++;
    }
    // Under 2% of the reference's inked pixels may differ (one missing letter of a name is well over that).
    expect(differing / ink).toBeLessThan(0.02);
  });

  // Issue 25: the certificate's own words in its holder's language, not only the name (decision 970).
  it.each([
    {
      key: 'hindi-certificate',
      language: 'hi',
      c: CASES.find((x) => x.key === 'devanagari')!,
      lines: ['उपस्थिति प्रमाणपत्र', 'प्रमाणित किया जाता है कि', 'ने कार्यशाला', 'में भाग लिया, जो 20 नवंबर 2026 को आयोजित हुई', 'संचालक: प्रिया द्विवेदी', 'सत्यापन आईडी: MB-TEST-7K2P-9QXW-4HJM'],
    },
    {
      key: 'arabic-certificate',
      language: 'ar',
      c: CASES.find((x) => x.key === 'arabic')!,
      lines: ['شهادة حضور', 'نشهد بأن', 'قد حضر ورشة العمل', 'بإشراف فاطمة الزهراء'],
    },
  ])('$key: labels in the holder\'s language, read back and drawn as the checked reference', async ({ key, language, c, lines: expected }) => {
    const pdf = await renderCertificate({ ...facts(c), language }, 'https://mentorbridge.example/certificates/MB-TEST-7K2P-9QXW-4HJM');
    const file = path.join(dir, `${key}.pdf`);
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    const lines = text.split('\n').map(clean).filter(Boolean);
    for (const s of [...expected, c.name, c.title]) expect(lines, s).toContain(s);
    expect(text).not.toMatch(/CERTIFICATE OF ATTENDANCE|This certifies|attended the workshop|led by/);
    const parsed = await PDFDocument.load(pdf);
    expect(parsed.catalog.lookup(PDFName.of('Lang'))?.toString()).toBe(`(${language})`);

    const base = path.join(dir, key);
    execFileSync('pdftoppm', ['-r', String(DPI), '-png', '-singlefile', file, base]);
    const reference = path.join(REFERENCES, `${key}.png`);
    if (process.env.UPDATE_CERTIFICATE_IMAGES || !existsSync(reference)) {
      if (process.env.CI) throw new Error(`no reference image ${reference}`);
      writeFileSync(reference, readFileSync(`${base}.png`));
    }
    const [got, want, english] = [await grey(`${base}.png`), await grey(reference), await grey(path.join(REFERENCES, `${c.key}.png`))];
    const share = (a: typeof got, b: typeof got) => {
      let differing = 0;
      let ink = 0;
      for (let i = 0; i < a.data.length; i++) {
        if (Math.abs(a.data[i]! - b.data[i]!) > 64) differing++;
        if (b.data[i]! < 128) ink++;
      }
      return differing / ink;
    };
    expect(share(got, want)).toBeLessThan(0.02);
    // The same certificate with English labels is a different picture.
    expect(share(got, english)).toBeGreaterThan(0.1);
  });

  it('the comparison can fail: one changed letter of a name differs from the reference', async () => {
    const c = CASES.find((x) => x.key === 'tamil')!;
    const pdf = await renderCertificate({ ...facts(c), studentName: 'சுப்பிரமணியம் கார்த்திகேயா' }, 'https://mentorbridge.example/certificates/MB-TEST-7K2P-9QXW-4HJM');
    const file = path.join(dir, 'tamil-changed.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-r', String(DPI), '-png', '-singlefile', file, path.join(dir, 'tamil-changed')]);
    const [got, want] = [await grey(path.join(dir, 'tamil-changed.png')), await grey(path.join(REFERENCES, 'tamil.png'))];
    let differing = 0;
    let ink = 0;
    for (let i = 0; i < got.data.length; i++) {
      if (Math.abs(got.data[i]! - want.data[i]!) > 64) differing++;
      if (want.data[i]! < 128) ink++;
    }
    expect(differing / ink).toBeGreaterThan(0.02);
  });
});
