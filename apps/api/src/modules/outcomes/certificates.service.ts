import { and, desc, eq } from 'drizzle-orm';
import type { ProgrammeCertificateDto } from '@app/shared/outcomes';
import type { Db } from '../../db/client.ts';
import { programmes } from '../../db/schema/matching.ts';
import { programmeCertificates } from '../../db/schema/outcomes.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/errors.ts';
import { isId } from '../../lib/ids.ts';
import type { ProgrammeCertificateFacts } from './certificate.ts';

const select = {
  id: programmeCertificates.id,
  programmeId: programmeCertificates.programmeId,
  programmeName: programmes.name,
  kind: programmeCertificates.kind,
  verificationId: programmeCertificates.verificationId,
  meetings: programmeCertificates.meetings,
  hours: programmeCertificates.hours,
  goalsAchieved: programmeCertificates.goalsAchieved,
  issuedAt: programmeCertificates.issuedAt,
  firstName: users.firstName,
  lastName: users.lastName,
  certificateName: users.certificateName,
};

type Row = Awaited<ReturnType<typeof base>>[number];
const dtoOf = (r: Row): ProgrammeCertificateDto => ({
  id: r.id,
  programmeId: r.programmeId,
  programmeName: r.programmeName,
  kind: r.kind,
  verificationId: r.verificationId,
  meetings: r.meetings,
  hours: r.hours,
  goalsAchieved: r.goalsAchieved,
  issuedAt: r.issuedAt.toISOString(),
});
/** The printed name: the one given for certificates, else first and last name (decision 831). */
const printed = (r: Row) => r.certificateName?.trim() || `${r.firstName} ${r.lastName}`.trim();
const factsOf = (r: Row): ProgrammeCertificateFacts => ({ ...dtoOf(r), name: printed(r), issuedAt: r.issuedAt });

const base = (db: Db) =>
  db
    .select(select)
    .from(programmeCertificates)
    .innerJoin(programmes, eq(programmes.id, programmeCertificates.programmeId))
    .innerJoin(users, eq(users.id, programmeCertificates.userId));

export async function myCertificates(db: Db, userId: string): Promise<ProgrammeCertificateDto[]> {
  const rows = await base(db)
    .where(eq(programmeCertificates.userId, userId))
    .orderBy(desc(programmeCertificates.issuedAt))
    .limit(200);
  return rows.map(dtoOf);
}

/** One of the caller's certificates; anyone else's is not found. */
export async function myCertificate(db: Db, userId: string, id: string): Promise<ProgrammeCertificateFacts> {
  if (!isId(id)) throw notFound('Certificate');
  const [row] = await base(db).where(and(eq(programmeCertificates.id, id), eq(programmeCertificates.userId, userId)));
  if (!row) throw notFound('Certificate');
  return factsOf(row);
}

/** A certificate by its public verification id (the verification page, as for workshops). */
export async function verify(db: Db, verificationId: string): Promise<ProgrammeCertificateFacts> {
  const [row] = await base(db).where(eq(programmeCertificates.verificationId, verificationId.trim().toUpperCase()));
  if (!row) throw notFound('Certificate');
  return factsOf(row);
}

export const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'programme';
