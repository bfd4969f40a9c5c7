// Test helpers of the R&D module (not a test file itself).
import { randomBytes } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { ProjectBodyInput } from '@app/shared/rd-projects';
import { rdProjects } from '../../db/schema/rd-projects.ts';
import type { TestContext } from '../../../test/harness.ts';
import { body, type BuiltUser } from '../../../test/factories.ts';

export const DAY = 86_400_000;
export const inDays = (n: number) => new Date(Date.now() + n * DAY);
export const dateIn = (n: number) => inDays(n).toISOString().slice(0, 10);

export function projectPayload(overrides: Partial<ProjectBodyInput> = {}): ProjectBodyInput {
  return {
    title: 'Quantum Sensing Lab',
    summary: 'Build a low-cost quantum magnetometer.',
    description: 'Hands-on research with optics and embedded systems.',
    field: 'Computer Science',
    priority: 'high',
    supervisor: { name: 'Dr. Meera Rao', email: 'meera.rao@university.edu', title: 'Professor', department: 'Physics', bio: 'Quantum optics.' },
    timeline: { duration: '3-6 months', expectedEndDate: dateIn(200) },
    objectives: ['Prototype a sensor'],
    tags: ['quantum', 'sensors'],
    milestones: [
      { title: 'Literature review', status: 'completed' },
      { title: 'Prototype', status: 'in-progress' },
    ],
    roles: [{ title: 'intern', maxPositions: 2, skillsRequired: ['Python'] }],
    applicationProcess: { applicationDeadline: inDays(20).toISOString(), selectionCriteria: ['Motivation'], interviewRequired: true, documentsRequired: [] },
    requirements: { technicalSkills: ['Python'], softSkills: ['Teamwork'], tools: [], equipment: [] },
    ...overrides,
  };
}

interface ProjectAnswer {
  data: { project: { _id: string; title: string; status: string; roles: { _id: string; title: string; currentPositions: number; maxPositions: number }[] } };
}

export async function createProject(t: TestContext, admin: BuiltUser, overrides: Partial<ProjectBodyInput> = {}, status: 'draft' | 'active' = 'active') {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/rd-projects', headers: admin.auth, payload: projectPayload({ ...overrides, status }) });
  if (res.statusCode !== 201) throw new Error(`create project failed: ${res.statusCode} ${res.body}`);
  return body<ProjectAnswer>(res).data.project;
}

/** Move a project's deadline (into the past, for instance) without the form's checks. */
export async function setDeadline(t: TestContext, projectId: string, at: Date) {
  await t.database.db.update(rdProjects).set({ applicationDeadline: at }).where(eq(rdProjects.id, projectId));
}

export interface FilePart {
  field: string;
  filename: string;
  content: Buffer;
  contentType?: string;
}

/** A multipart/form-data body for app.inject. */
export function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----mb${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

export async function png(): Promise<Buffer> {
  return sharp({ create: { width: 2, height: 2, channels: 3, background: '#3366ff' } }).png().toBuffer();
}

/**
 * A zip written by hand: entries stored (uncompressed, with their CRC) or, with `deflate`, deflated (CRC left
 * 0, which the upload checks never read); `declared` overrides the uncompressed sizes written in the headers.
 */
export function zip(entries: { name: string; data: Buffer; declared?: number }[], { deflate = false } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const packed = deflate ? deflateRawSync(e.data) : e.data;
    const crc = deflate ? 0 : crc32(e.data);
    const method = deflate ? 8 : 0;
    const size = e.declared ?? e.data.length;
    // The fields both headers carry, in the same order: method, (time, date), CRC, sizes, name length. The
    // central header has "version made by" first, so its copy starts 2 bytes later.
    const shared = (header: Buffer, at: number) => {
      header.writeUInt16LE(method, at);
      header.writeUInt32LE(crc, at + 6);
      header.writeUInt32LE(packed.length, at + 10);
      header.writeUInt32LE(size, at + 14);
      header.writeUInt16LE(name.length, at + 18);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    shared(local, 8);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    shared(central, 10);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

export function docx(): Buffer {
  return zip([
    { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>') },
    { name: 'word/document.xml', data: Buffer.from('<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>') },
  ]);
}

export async function apply(
  t: TestContext,
  student: BuiltUser,
  projectId: string,
  roleId: string,
  extra: { fields?: Record<string, string>; files?: FilePart[] } = {},
) {
  const form = multipart(
    { roleAppliedFor: roleId, motivation: 'I love building sensors.', availableStartDate: dateIn(10), expectedDuration: '3-6 months', ...extra.fields },
    extra.files ?? [],
  );
  return t.app.inject({ method: 'POST', url: `/api/rd-projects/${projectId}/apply`, headers: { ...student.auth, ...form.headers }, payload: form.payload });
}
