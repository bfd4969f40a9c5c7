import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import {
  RD_DOCUMENT_EXTENSIONS,
  RD_DOCUMENT_FIELDS,
  RD_DOCUMENT_LABELS,
  RD_DOCUMENT_MAX_BYTES,
  RD_DOCUMENT_TYPES,
  RD_MESSAGES,
  type RdDocumentType,
} from '@app/shared/rd-projects';
import { badRequest, notFound, tooLarge, unsupportedMedia } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { FILE_CSP } from '../../lib/security-headers.ts';

/** A document kind we accept, by content. */
export type DocumentKind = 'pdf' | 'doc' | 'docx' | 'jpg' | 'png' | 'txt';

export const KIND_MIME: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  png: 'image/png',
  txt: 'text/plain; charset=utf-8',
};
const SAFE_MIMES = new Set(Object.values(KIND_MIME));

/** Extensions a name may carry for each kind. */
const KIND_EXTENSIONS: Record<DocumentKind, readonly string[]> = {
  pdf: ['pdf'],
  doc: ['doc'],
  docx: ['docx'],
  jpg: ['jpg', 'jpeg'],
  png: ['png'],
  txt: ['txt'],
};

/** Zip limits for DOCX: a real Word document is far below these; a zip bomb is far above. */
export const ZIP_LIMITS = { maxEntries: 2000, maxUncompressed: 100 * 1024 * 1024, maxRatio: 200 } as const;

export interface UploadedDocument {
  type: RdDocumentType;
  buffer: Buffer;
  filename: string;
}

const FIELD_TO_TYPE = new Map<string, RdDocumentType>(RD_DOCUMENT_TYPES.map((t) => [RD_DOCUMENT_FIELDS[t], t]));
// The spec's kebab-case names are accepted too (documents[type] from older clients is not).
for (const t of RD_DOCUMENT_TYPES) FIELD_TO_TYPE.set(t, t);

/**
 * Read the apply form: text fields plus one file per document type, each cut off while streaming at
 * 10 MB (413). Unknown file fields and a second file of the same type are refused (400).
 */
export async function readApplicationForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; documents: UploadedDocument[] }> {
  if (!request.isMultipart()) throw badRequest('Please submit the application as a form (multipart/form-data)');
  const fields: Record<string, string> = {};
  const documents: UploadedDocument[] = [];
  for await (const part of request.parts({ limits: { fileSize: RD_DOCUMENT_MAX_BYTES, files: RD_DOCUMENT_TYPES.length } })) {
    if (part.type === 'file') {
      const type = FIELD_TO_TYPE.get(part.fieldname);
      if (!type) {
        part.file.resume();
        throw badRequest(`Unknown document type: ${part.fieldname.slice(0, 40)}`);
      }
      const label = RD_DOCUMENT_LABELS[type];
      if (documents.some((d) => d.type === type)) {
        part.file.resume();
        throw badRequest(`Only one ${label.toLowerCase()} can be uploaded`);
      }
      let buffer: Buffer;
      try {
        buffer = await part.toBuffer();
      } catch (error) {
        if (isFileTooLarge(error)) throw tooLarge(RD_MESSAGES.documentTooLarge(label));
        throw error;
      }
      if (part.file.truncated) throw tooLarge(RD_MESSAGES.documentTooLarge(label));
      if (buffer.length === 0) continue; // an empty file input
      documents.push({ type, buffer, filename: part.filename || `${type}` });
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, documents };
}

function isFileTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE';
}

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * Read a zip's central directory (never inflating anything): the entry names and the total
 * uncompressed size it declares. Null when it is not a well-formed zip we are willing to open.
 */
export function inspectZip(buf: Buffer): { names: string[]; uncompressed: number; compressed: number; entries: number } | 'too-large' | null {
  const EOCD = 0x06054b50;
  const minStart = Math.max(0, buf.length - (22 + 0xffff));
  let eocd = -1;
  for (let i = buf.length - 22; i >= minStart; i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  // ZIP64 markers: a Word document never needs them; a bomb often does.
  if (entries === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) return 'too-large';
  if (entries > ZIP_LIMITS.maxEntries) return 'too-large';
  if (cdOffset + cdSize > eocd) return null;
  const names: string[] = [];
  let uncompressed = 0;
  let compressed = 0;
  let p = cdOffset;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) return null;
    const csize = buf.readUInt32LE(p + 20);
    const usize = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    if (csize === 0xffffffff || usize === 0xffffffff) return 'too-large';
    uncompressed += usize;
    compressed += csize;
    if (uncompressed > ZIP_LIMITS.maxUncompressed) return 'too-large';
    names.push(buf.toString('utf8', p + 46, p + 46 + nameLen));
    p += 46 + nameLen + extraLen + commentLen;
  }
  if (compressed > 0 && uncompressed / compressed > ZIP_LIMITS.maxRatio && uncompressed > 10 * 1024 * 1024) return 'too-large';
  return { names, uncompressed, compressed, entries };
}

function isUtf8Text(buf: Buffer): boolean {
  if (buf.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}

/** What the bytes are (never what the name says). */
export async function detectKind(buf: Buffer): Promise<DocumentKind | 'zip-too-large' | null> {
  if (buf.subarray(0, 8).equals(OLE_MAGIC)) return 'doc';
  if (buf.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    const zip = inspectZip(buf);
    if (zip === 'too-large') return 'zip-too-large';
    if (zip && zip.names.includes('word/document.xml') && zip.names.includes('[Content_Types].xml')) return 'docx';
    return null;
  }
  const detected = await fileTypeFromBuffer(buf);
  if (detected) {
    if (detected.mime === 'application/pdf') return 'pdf';
    if (detected.mime === 'image/jpeg') return 'jpg';
    if (detected.mime === 'image/png') return 'png';
    return null;
  }
  return isUtf8Text(buf) ? 'txt' : null;
}

export interface CheckedDocument extends UploadedDocument {
  kind: DocumentKind;
  mimeType: string;
  extension: string;
  safeName: string;
}

/** Type by content, agreeing with the name and allowed for the document type; else 415. */
export async function checkDocument(doc: UploadedDocument): Promise<CheckedDocument> {
  const label = RD_DOCUMENT_LABELS[doc.type];
  const kind = await detectKind(doc.buffer);
  if (kind === 'zip-too-large') throw unsupportedMedia(`${label}: the archive expands to more than a document can hold`);
  const allowed = RD_DOCUMENT_EXTENSIONS[doc.type];
  if (!kind || !KIND_EXTENSIONS[kind].some((e) => allowed.includes(e))) throw unsupportedMedia(RD_MESSAGES.documentType(label));
  const ext = extensionOf(doc.filename);
  if (!ext || !KIND_EXTENSIONS[kind].includes(ext)) throw unsupportedMedia(RD_MESSAGES.documentMismatch(label));
  return { ...doc, kind, mimeType: KIND_MIME[kind], extension: kind, safeName: safeFilename(doc.filename, kind) };
}

function extensionOf(name: string): string | null {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(name.trim());
  return m?.[1] ? m[1].toLowerCase() : null;
}

/** A display name without paths, control characters or quotes; max 120 characters. */
export function safeFilename(name: string, kind: DocumentKind): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f"<>|:*?\u202a-\u202e\u2066-\u2069]/g, '').trim();
  const cleaned = base.slice(-120) || `document.${kind}`;
  return cleaned;
}

/** Send a stored private document: attachment, nosniff, sandboxed, a safe content type. */
export async function sendDocument(
  reply: FastifyReply,
  storage: Storage,
  file: { storageKey: string; mimeType: string; originalName: string },
) {
  if (!(await storage.exists(file.storageKey))) throw notFound('Document');
  const type = SAFE_MIMES.has(file.mimeType) ? file.mimeType : 'application/octet-stream';
  return reply
    .type(type)
    .header('content-disposition', contentDisposition(file.originalName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', FILE_CSP)
    .header('cache-control', 'private, no-store')
    .send(storage.read(file.storageKey));
}

export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_') || 'document';
  // RFC 5987 attr-chars only: encodeURIComponent leaves ' ( ) * which are not allowed there.
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
