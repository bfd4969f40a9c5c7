import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell value safe to open in Excel, LibreOffice or Google Sheets: text starting with = + - @ tab or
 * carriage return is prefixed with a single quote, so it is shown as text and never evaluated.
 * Numbers and booleans are left alone; null and undefined become an empty cell.
 */
export function neutraliseCell(value: unknown): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  const text = value instanceof Date ? value.toISOString() : Array.isArray(value) ? value.join('; ') : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** `kind-YYYY-MM-DD.csv` (UTC date). */
export function exportFileName(kind: string, now = new Date()): string {
  return `${kind}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * A CSV byte stream (UTF-8 with a BOM so Excel reads accents) of a header row and the records an async
 * source yields, every cell neutralised. Records are pulled as the client reads: memory stays flat.
 */
export function csvStream<T>(columns: { header: string; value: (row: T) => unknown }[], rows: AsyncIterable<T>): Readable {
  const stringifier = stringify({ bom: true, record_delimiter: '\r\n' });
  async function* records() {
    yield columns.map((c) => c.header);
    for await (const row of rows) yield columns.map((c) => neutraliseCell(c.value(row)));
  }
  const source = Readable.from(records());
  source.on('error', (error) => stringifier.destroy(error));
  return source.pipe(stringifier);
}
