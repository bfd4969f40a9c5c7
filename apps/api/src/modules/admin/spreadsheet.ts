import { inflateRawSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { DOMParser } from '@xmldom/xmldom';
import ExcelJS from 'exceljs';
import { BULK_MAX_ROWS, BULK_MESSAGES } from '@app/shared/admin';
import { badRequest, tooLarge, unsupportedMedia } from '../../lib/errors.ts';

/** Limits that stop a small .xlsx from expanding into gigabytes (zip bomb) before any XML is parsed. */
export const ZIP_LIMITS = { maxEntries: 200, maxTotalUncompressed: 20 * 1024 * 1024, maxRowTags: 5_000 } as const;
export const ZIP_BOMB_MESSAGE = 'The spreadsheet expands to more data than an upload may hold';

export interface SheetRow {
  /** The row number the administrator sees in the spreadsheet (the header is row 1). */
  row: number;
  cells: string[];
}
export interface Sheet {
  headers: string[];
  rows: SheetRow[];
}

type Kind = 'zip' | 'cfb' | 'text' | 'binary';

function contentKind(buffer: Buffer): Kind {
  if (buffer.length >= 4 && buffer.readUInt32LE(0) === 0x04034b50) return 'zip';
  if (buffer.length >= 8 && buffer.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])))
    return 'cfb';
  const head = buffer.subarray(0, 64 * 1024);
  if (head.includes(0)) return 'binary';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    return 'text';
  } catch {
    return 'binary';
  }
}

function extensionOf(filename: string): string {
  const match = /\.([a-z0-9]+)$/i.exec(filename.trim());
  return match?.[1]?.toLowerCase() ?? '';
}

/**
 * Decide the format from the bytes and the name together: both must agree (a CSV named .xlsx, or a ZIP
 * named .csv, is refused with 415).
 */
export function detectFormat(buffer: Buffer, filename: string): 'xlsx' | 'ods' | 'csv' {
  const ext = extensionOf(filename);
  const kind = contentKind(buffer);
  if (ext === 'xlsx' && kind === 'zip') return 'xlsx';
  if (ext === 'ods' && kind === 'zip') return 'ods';
  if (ext === 'csv' && kind === 'text') return 'csv';
  if (ext === 'xls' && kind === 'cfb') throw unsupportedMedia(BULK_MESSAGES.xls);
  throw unsupportedMedia(BULK_MESSAGES.badType);
}

/**
 * Walk the ZIP central directory and inflate every entry with an output cap, so the real (not the
 * declared) uncompressed size is bounded before ExcelJS sees the file. Also counts worksheet rows.
 */
export function inspectXlsx(buffer: Buffer): void {
  walkZip(buffer, () => undefined);
}

/**
 * Every entry of a ZIP, inflated under the limits above (entries, real uncompressed size, worksheet rows),
 * handed to `onEntry`. Shared by .xlsx and .ods.
 */
function walkZip(buffer: Buffer, onEntry: (name: string, content: Buffer) => void): void {
  const bomb = () => tooLarge(ZIP_BOMB_MESSAGE);
  const unreadable = () => badRequest(BULK_MESSAGES.unreadable);
  let eocd = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 22 - 0xffff); i--) {
    if (buffer.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unreadable();
  const entries = buffer.readUInt16LE(eocd + 10);
  const cdOffset = buffer.readUInt32LE(eocd + 16);
  if (entries > ZIP_LIMITS.maxEntries) throw bomb();
  let total = 0;
  let rowTags = 0;
  let p = cdOffset;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > buffer.length || buffer.readUInt32LE(p) !== 0x02014b50) throw unreadable();
    const method = buffer.readUInt16LE(p + 10);
    const compressed = buffer.readUInt32LE(p + 20);
    const declared = buffer.readUInt32LE(p + 24);
    const nameLength = buffer.readUInt16LE(p + 28);
    const extraLength = buffer.readUInt16LE(p + 30);
    const commentLength = buffer.readUInt16LE(p + 32);
    const localOffset = buffer.readUInt32LE(p + 42);
    const name = buffer.toString('utf8', p + 46, p + 46 + nameLength);
    p += 46 + nameLength + extraLength + commentLength;
    if (declared === 0xffffffff || compressed === 0xffffffff) throw bomb(); // ZIP64: never needed for 500 rows
    total += declared;
    if (total > ZIP_LIMITS.maxTotalUncompressed) throw bomb();
    if (localOffset + 30 > buffer.length || buffer.readUInt32LE(localOffset) !== 0x04034b50) throw unreadable();
    const dataStart = localOffset + 30 + buffer.readUInt16LE(localOffset + 26) + buffer.readUInt16LE(localOffset + 28);
    const data = buffer.subarray(dataStart, dataStart + compressed);
    let content: Buffer;
    if (method === 0) content = data;
    else if (method === 8) {
      try {
        // A lying header cannot make this allocate more than the declared size (+1 to notice the lie).
        content = inflateRawSync(data, { maxOutputLength: Math.max(1, declared + 1) });
      } catch (error) {
        if (error instanceof RangeError) throw bomb();
        throw unreadable();
      }
    } else throw unreadable();
    if (content.length !== declared) throw bomb();
    if (/^xl\/worksheets\/[^/]+\.xml$/.test(name) || name === 'content.xml') {
      rowTags += content.toString('latin1').split(name === 'content.xml' ? '<table:table-row' : '<row').length - 1;
      if (rowTags > ZIP_LIMITS.maxRowTags) throw badRequest(BULK_MESSAGES.tooManyRows);
    }
    onEntry(name, content);
  }
}

const ODS_MIME = 'application/vnd.oasis.opendocument.spreadsheet';
const TABLE_NS = 'urn:oasis:names:tc:opendocument:xmlns:table:1.0';
const OFFICE_NS = 'urn:oasis:names:tc:opendocument:xmlns:office:1.0';
const TEXT_NS = 'urn:oasis:names:tc:opendocument:xmlns:text:1.0';
/** A cell or row repeated more often than this is blank filler (LibreOffice pads to 1,024 columns / 1,048,576 rows). */
const ODS_MAX_COLUMNS = 64;

/** The text of one ODS cell: its paragraphs, with <text:s/> spaces, tabs and line breaks (decision 828). */
function odsCellText(cell: Element): string {
  const type = cell.getAttributeNS(OFFICE_NS, 'value-type');
  if (type === 'float' || type === 'percentage' || type === 'currency') return cell.getAttributeNS(OFFICE_NS, 'value') ?? '';
  if (type === 'date') return (cell.getAttributeNS(OFFICE_NS, 'date-value') ?? '').slice(0, 10);
  if (type === 'boolean') return cell.getAttributeNS(OFFICE_NS, 'boolean-value') ?? '';
  const paragraphs: string[] = [];
  const walk = (node: Node, out: string[]) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) out.push(child.nodeValue ?? '');
      else if (child.nodeType === 1) {
        const el = child as Element;
        if (el.namespaceURI === TEXT_NS && el.localName === 's') out.push(' '.repeat(Math.min(100, Number(el.getAttributeNS(TEXT_NS, 'c') || 1))));
        else if (el.namespaceURI === TEXT_NS && el.localName === 'tab') out.push('\t');
        else if (el.namespaceURI === TEXT_NS && el.localName === 'line-break') out.push('\n');
        else if (el.namespaceURI === OFFICE_NS && el.localName === 'annotation') continue; // a comment is not the value
        else walk(el, out);
      }
    }
  };
  for (let child = cell.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 1 && (child as Element).namespaceURI === TEXT_NS && (child as Element).localName === 'p') {
      const out: string[] = [];
      walk(child, out);
      paragraphs.push(out.join(''));
    }
  }
  return paragraphs.join('\n');
}

/** Read the first table of an OpenDocument spreadsheet (LibreOffice's own format) into rows (decision 828). */
function readOds(buffer: Buffer): Sheet {
  let mimetype = '';
  let content: Buffer | undefined;
  walkZip(buffer, (name, data) => {
    if (name === 'mimetype') mimetype = data.toString('utf8').trim();
    if (name === 'content.xml') content = data;
  });
  if (mimetype !== ODS_MIME || !content) throw badRequest(BULK_MESSAGES.unreadable);
  let doc: Document;
  try {
    const errors: string[] = [];
    const fail = (message: string) => errors.push(message);
    doc = new DOMParser({ errorHandler: { warning: () => undefined, error: fail, fatalError: fail } }).parseFromString(
      content.toString('utf8'),
      'text/xml',
    ) as unknown as Document;
    if (errors.length > 0) throw new Error(errors[0]);
  } catch {
    throw badRequest(BULK_MESSAGES.unreadable);
  }
  const table = doc.getElementsByTagNameNS(TABLE_NS, 'table')[0];
  if (!table) throw badRequest(BULK_MESSAGES.empty);
  let headers: string[] | undefined;
  const rows: SheetRow[] = [];
  let rowNumber = 0;
  const rowElements: Element[] = [];
  const collect = (node: Element) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType !== 1) continue;
      const el = child as Element;
      if (el.namespaceURI !== TABLE_NS) continue;
      if (el.localName === 'table-row') rowElements.push(el);
      else if (el.localName === 'table-rows' || el.localName === 'table-row-group' || el.localName === 'table-header-rows') collect(el);
    }
  };
  collect(table);
  for (const rowEl of rowElements) {
    const repeat = Math.max(1, Number(rowEl.getAttributeNS(TABLE_NS, 'number-rows-repeated') || 1));
    const cells: string[] = [];
    for (let child = rowEl.firstChild; child; child = child.nextSibling) {
      if (child.nodeType !== 1) continue;
      const el = child as Element;
      if (el.namespaceURI !== TABLE_NS || (el.localName !== 'table-cell' && el.localName !== 'covered-table-cell')) continue;
      const times = Math.max(1, Number(el.getAttributeNS(TABLE_NS, 'number-columns-repeated') || 1));
      const text = odsCellText(el);
      for (let i = 0; i < Math.min(times, ODS_MAX_COLUMNS - cells.length); i++) cells.push(text);
      if (cells.length >= ODS_MAX_COLUMNS) break;
    }
    while (cells.length > 0 && cells[cells.length - 1]?.trim() === '') cells.pop();
    if (isBlank(cells)) {
      rowNumber += repeat; // blank filler rows are counted, never expanded
      continue;
    }
    for (let i = 0; i < repeat; i++) {
      rowNumber++;
      if (!headers) headers = cells;
      else rows.push({ row: rowNumber, cells: [...cells] });
      if (rows.length > BULK_MAX_ROWS) return { headers, rows };
    }
  }
  return { headers: headers ?? [], rows };
}

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');

async function readXlsx(buffer: Buffer): Promise<Sheet> {
  inspectXlsx(buffer);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw badRequest(BULK_MESSAGES.unreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest(BULK_MESSAGES.empty);
  let headers: string[] | undefined;
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    const width = Math.max(row.cellCount, headers?.length ?? 0);
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c)));
    if (isBlank(cells)) return;
    if (!headers) headers = cells;
    else rows.push({ row: rowNumber, cells });
  });
  return { headers: headers ?? [], rows };
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  try {
    return cell.text ?? '';
  } catch {
    return '';
  }
}

function readCsv(buffer: Buffer): Sheet {
  let text = buffer.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let records: { record: string[]; info: { lines: number } }[];
  try {
    const parsed: unknown = parse(text, {
      delimiter,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: 64 * 1024,
    });
    records = parsed as { record: string[]; info: { lines: number } }[];
  } catch {
    throw badRequest(BULK_MESSAGES.unreadable);
  }
  const [header, ...rest] = records.filter((r) => !isBlank(r.record));
  return { headers: header?.record ?? [], rows: rest.map((r) => ({ row: r.info.lines, cells: r.record })) };
}

/** Read the first sheet of an .xlsx, an .ods or a CSV into a header row and numbered data rows. */
export async function readSheet(buffer: Buffer, filename: string): Promise<Sheet> {
  const format = detectFormat(buffer, filename);
  const sheet = format === 'xlsx' ? await readXlsx(buffer) : format === 'ods' ? readOds(buffer) : readCsv(buffer);
  if (sheet.rows.length > BULK_MAX_ROWS) {
    throw badRequest(BULK_MESSAGES.tooManyRows, [BULK_MESSAGES.tooManyRows, `The file has ${sheet.rows.length} rows`]);
  }
  return sheet;
}
