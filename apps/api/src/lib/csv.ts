import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

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
  const text = cellText(value);
  return FORMULA_START.test(text) && !PHONE.test(text) ? `'${text}` : text;
}

/**
 * An international phone number: `+`, then digits and single spaces only (`+91 98765 43210`). It cannot
 * call a function or reference a cell, so it is written as it is (decision 827): LibreOffice and Excel
 * read `'+91…` back with the apostrophe as data, which corrupted every phone number.
 */
const PHONE = /^\+\d+( \d+)*$/;

function cellText(value: unknown): string {
  return value instanceof Date ? value.toISOString() : Array.isArray(value) ? value.join('; ') : String(value);
}

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** The `format` query parameter of every export (csv by default). */
export const exportFormatQuery = z.enum(EXPORT_FORMATS, { error: 'Format must be csv or xlsx' }).default('csv');

/** `kind-YYYY-MM-DD.csv` or `.xlsx` (UTC date). */
export function exportFileName(kind: string, now = new Date(), format: ExportFormat = 'csv'): string {
  return `${kind}-${now.toISOString().slice(0, 10)}.${format}`;
}

export type ExportColumn<T> = { header: string; value: (row: T) => unknown };

/**
 * A real XLSX (Office Open XML) byte stream of a header row and the records (decision 827): text is a typed
 * string cell (never a formula, so nothing evaluates and no apostrophe is needed), numbers are numbers.
 * ExcelJS's streaming writer commits each row as it goes, so memory stays flat.
 */
export function xlsxStream<T>(columns: ExportColumn<T>[], rows: AsyncIterable<T>, sheetName = 'Export'): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.header, width: Math.min(60, Math.max(12, c.header.length + 4)) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  (async () => {
    for await (const row of rows) {
      sheet
        .addRow(
          columns.map((c) => {
            const value = c.value(row);
            if (value === null || value === undefined) return null;
            if (typeof value === 'number' || typeof value === 'boolean') return value;
            // A plain string: ExcelJS writes it as a string cell (t="inlineStr"), never as a formula.
            return cellText(value);
          }),
        )
        .commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** Send an export in the asked format with its file name, type and no-store/nosniff headers. */
export function sendExport<T>(reply: FastifyReply, kind: string, format: ExportFormat, columns: ExportColumn<T>[], rows: AsyncIterable<T>) {
  const body = format === 'xlsx' ? xlsxStream(columns, rows, kind) : csvStream(columns, rows);
  return reply
    .type(format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${exportFileName(kind, new Date(), format)}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(body);
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
