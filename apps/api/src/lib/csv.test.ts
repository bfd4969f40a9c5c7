import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { csvStream, exportFileName, neutraliseCell } from './csv.ts';

describe('neutraliseCell', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+91 98765', '+91 98765'],
    ['+919876543210', '+919876543210'],
    ['+91-98765', "'+91-98765"],
    ['+1+2', "'+1+2"],
    ['+91 98765 ', "'+91 98765 "],
    ['+cmd|calc', "'+cmd|calc"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tTab', "'\tTab"],
    ['\rCR', "'\rCR"],
    ['plain', 'plain'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(neutraliseCell(input)).toBe(expected);
  });
  it('keeps numbers and booleans, empties null, joins lists', () => {
    expect(neutraliseCell(-5)).toBe(-5);
    expect(neutraliseCell(true)).toBe(true);
    expect(neutraliseCell(null)).toBe('');
    expect(neutraliseCell(['a', '=b'])).toBe('a; =b');
    expect(neutraliseCell(['=a'])).toBe("'=a");
  });
});

describe('csvStream', () => {
  it('writes a BOM, a header and round-trippable neutralised cells', async () => {
    async function* rows() {
      yield { a: 'Zoë, "quoted"\nnew line', b: '=HYPERLINK("http://x")' };
      yield { a: 'ok', b: 42 };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of csvStream<{ a: string; b: unknown }>(
      [
        { header: 'A', value: (r) => r.a },
        { header: 'B', value: (r) => r.b },
      ],
      rows(),
    )) {
      chunks.push(Buffer.from(chunk));
    }
    const out = Buffer.concat(chunks);
    expect([...out.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const parsed = parse(out, { bom: true }) as string[][];
    expect(parsed).toEqual([
      ['A', 'B'],
      ['Zoë, "quoted"\nnew line', '\'=HYPERLINK("http://x")'],
      ['ok', '42'],
    ]);
  });
  it('names files kind-YYYY-MM-DD.csv', () => {
    expect(exportFileName('students', new Date('2025-03-09T23:00:00Z'))).toBe('students-2025-03-09.csv');
  });
});
