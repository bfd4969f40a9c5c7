import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { type AdminStudentDto, type CreateStudentBody, type StudentListQuery } from '@app/shared/admin';
import { makePagination } from '@app/shared/api';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { connectionRequests } from '../../db/schema/mentoring.ts';
import { studentProfiles, users } from '../../db/schema/users.ts';
import { workshopRegistrations } from '../../db/schema/workshops.ts';
import { audit } from '../../lib/audit.ts';
import { ADMIN_COUNT_CAP, cappedCount } from '../../lib/counts.ts';
import { PG, conflict, notFound, pgCode } from '../../lib/errors.ts';
import type { Actor } from '../../lib/http.ts';
import { isId } from '../../lib/ids.ts';
import { hashPassword, temporaryPassword } from '../../lib/password.ts';
import { insertAccount, personFields } from '../users/index.ts';
import { likePattern } from '../../lib/sql.ts';
import { queueWelcome } from './professionals.service.ts';

const registeredWorkshops = sql<number>`(SELECT count(*)::int FROM ${workshopRegistrations} WHERE ${workshopRegistrations.studentId} = ${users.id} AND ${workshopRegistrations.status} IN ('registered', 'attended'))`;
const connectedProfessionals = sql<number>`(SELECT count(DISTINCT ${connectionRequests.professionalId})::int FROM ${connectionRequests} WHERE ${connectionRequests.studentId} = ${users.id} AND ${connectionRequests.status} = 'accepted')`;

/** Students with their profile and counts; `extra` adds columns (the export's keyset cursor). */
export function selectStudents<Extra extends SelectedFields = Record<never, never>>(db: Db, extra?: Extra) {
  return db
    .select({ user: users, profile: studentProfiles, registeredWorkshops, connectedProfessionals, ...(extra as Extra) })
    .from(users)
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id));
}
type StudentRow = Awaited<ReturnType<ReturnType<typeof selectStudents>['execute']>>[number];

export function toAdminStudent({
  user,
  profile,
  registeredWorkshops: w,
  connectedProfessionals: c,
}: StudentRow): AdminStudentDto {
  return {
    ...personFields(user),
    email: user.email,
    phone: user.phone,
    university: profile?.university ?? null,
    department: profile?.department ?? null,
    course: profile?.course ?? null,
    year: profile?.year ?? null,
    rollNumber: profile?.rollNumber ?? null,
    status: user.isActive ? 'active' : 'inactive',
    isActive: user.isActive,
    isTemporaryPassword: user.isTemporaryPassword,
    registeredWorkshops: Number(w),
    connectedProfessionals: Number(c),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

export function studentFilter(query: { search?: string; university?: string; status?: 'active' | 'inactive' }): SQL | undefined {
  const conditions: SQL[] = [eq(users.role, 'student')];
  const search = query.search?.trim();
  if (search) {
    // One trigram-indexed set per table, united (migration 0013): an OR across the join would make
    // PostgreSQL test every student row by row (issue 13, docs/performance.md).
    const p = likePattern(search);
    conditions.push(sql`${users.id} IN (
      SELECT u.id FROM ${users} u WHERE (u.first_name || ' ' || u.last_name) ILIKE ${p} OR u.email ILIKE ${p}
      UNION
      SELECT sp.user_id FROM ${studentProfiles} sp WHERE sp.university ILIKE ${p} OR sp.course ILIKE ${p} OR sp.roll_number ILIKE ${p})`);
  }
  const university = query.university?.trim();
  if (university && university.toLowerCase() !== 'all')
    conditions.push(ilike(studentProfiles.university, likePattern(university)));
  if (query.status) conditions.push(eq(users.isActive, query.status === 'active'));
  return and(...conditions);
}

export async function listStudents(db: Db, query: StudentListQuery) {
  const where = studentFilter(query);
  const offset = (query.page - 1) * query.limit;
  const order = [desc(users.createdAt), asc(users.id)];
  let rows: StudentRow[];
  let total: number;
  if (query.search?.trim() || (query.university?.trim() && query.university.trim().toLowerCase() !== 'all')) {
    // A search or a university (ILIKE) has to find every match before it can sort them: the page counts
    // them as it goes (count(*) OVER ()) instead of a second pass; an empty page past the end counts apart.
    const found = await selectStudents(db, { total: sql<number>`count(*) OVER ()`.mapWith(Number) })
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(offset);
    rows = found;
    total = found[0]?.total ?? (offset > 0 ? await cappedCount(db, studentsFrom, where, ADMIN_COUNT_CAP) : 0);
  } else {
    // Otherwise the page walks users_role_created_idx and stops after it; the total is capped (issue 13).
    total = await cappedCount(db, studentsFrom, where, ADMIN_COUNT_CAP);
    rows = await selectStudents(db).where(where).orderBy(...order).limit(query.limit).offset(offset);
  }
  const list = rows.map(toAdminStudent);
  return { users: list, students: list, pagination: makePagination(query.page, query.limit, total) };
}

/** What studentFilter reads from (the count's FROM clause). */
const studentsFrom = sql`${users} LEFT JOIN ${studentProfiles} ON ${studentProfiles.userId} = ${users.id}`;

async function getStudent(db: Db, id: string): Promise<AdminStudentDto> {
  const [row] = await selectStudents(db).where(and(eq(users.id, id), eq(users.role, 'student')));
  if (!row) throw notFound('Student');
  return toAdminStudent(row);
}

/** Add Student (PRODUCT.md "Accounts"): a temporary password by e-mail, changed at first sign-in. */
export async function createStudent(db: Db, config: Config, actor: Actor, input: CreateStudentBody): Promise<AdminStudentDto> {
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const { user, profile } = await insertAccount(
        tx,
        { email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName, phone: input.phone || null, isTemporaryPassword: true },
        {
          role: 'student',
          profile: {
            university: input.university,
            course: input.course,
            department: input.department || null,
            year: input.year,
            rollNumber: input.rollNumber,
          },
        },
      );
      await queueWelcome(tx, config, user, 'student');
      await audit(tx, actor.id, 'create', 'student', user.id, null, { ...user, profile });
      return user.id;
    });
  } catch (error) {
    if (pgCode(error) === PG.uniqueViolation) throw conflict('An account with this email already exists');
    throw error;
  }
  return getStudent(db, id);
}

/**
 * Deactivate or reactivate a student or professional account. Deactivation bumps the token version:
 * every token of the account stops working at once. Administrators are not changed here.
 */
export async function setUserStatus(db: Db, actor: Actor, id: string, isActive: boolean) {
  if (!isId(id)) throw notFound('User');
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: users.id, role: users.role, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, id));
    if (!before || before.role === 'admin') throw notFound('User');
    const [after] = await tx
      .update(users)
      .set(isActive ? { isActive: true } : { isActive: false, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, id))
      .returning({ id: users.id, isActive: users.isActive });
    if (!after) throw notFound('User');
    if (before.isActive !== isActive) {
      await audit(
        tx,
        actor.id,
        isActive ? 'reactivate' : 'deactivate',
        before.role,
        id,
        { isActive: before.isActive },
        { isActive },
      );
    }
    return {
      _id: after.id,
      isActive: after.isActive,
      status: after.isActive ? ('active' as const) : ('inactive' as const),
      role: before.role,
    };
  });
}
