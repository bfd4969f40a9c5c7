import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { professionalProfiles, studentProfiles, users } from '../src/db/schema/users.ts';
import { hashPassword } from '../src/lib/password.ts';
import type { TestContext } from './harness.ts';

export const DEFAULT_PASSWORD = 'Passw0rd!';
let defaultHash: Promise<string> | undefined;
const hashFor = (password: string) =>
  password === DEFAULT_PASSWORD ? (defaultHash ??= hashPassword(DEFAULT_PASSWORD)) : hashPassword(password);

export interface BuiltUser {
  id: string;
  email: string;
  password: string;
  token: string;
  role: 'student' | 'professional' | 'admin';
  /** `{ authorization: 'Bearer …' }` for app.inject */
  auth: { authorization: string };
}

const unique = () => randomBytes(4).toString('hex');

async function tokenFor(t: TestContext, id: string, role: BuiltUser['role'], tv = 0) {
  return t.app.ctx.tokens.sign({ sub: id, role, tv }, false);
}

function built(id: string, email: string, password: string, token: string, role: BuiltUser['role']): BuiltUser {
  return { id, email, password, token, role, auth: { authorization: `Bearer ${token}` } };
}

export async function buildStudent(
  t: TestContext,
  overrides: Partial<{ email: string; password: string; firstName: string; lastName: string; university: string; course: string; year: number; isActive: boolean; isTemporaryPassword: boolean }> = {},
): Promise<BuiltUser> {
  const db: Db = t.database.db;
  const email = overrides.email ?? `student-${unique()}@example.com`;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const [user] = await db
    .insert(users)
    .values({
      role: 'student',
      email,
      passwordHash: await hashFor(password),
      firstName: overrides.firstName ?? 'Test',
      lastName: overrides.lastName ?? 'Student',
      phone: '+91 98765 43210',
      isActive: overrides.isActive ?? true,
      isTemporaryPassword: overrides.isTemporaryPassword ?? false,
      passwordChangedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!user) throw new Error('student insert failed');
  await db.insert(studentProfiles).values({
    userId: user.id,
    university: overrides.university ?? 'Test University',
    course: overrides.course ?? 'Computer Science',
    year: overrides.year ?? 2,
    rollNumber: `R-${unique()}`,
    interests: ['Technology'],
  });
  return built(user.id, email, password, await tokenFor(t, user.id, 'student'), 'student');
}

export async function buildProfessional(
  t: TestContext,
  overrides: Partial<{ email: string; password: string; firstName: string; lastName: string; expertise: string; isVerified: boolean; isActive: boolean; isTemporaryPassword: boolean; title: string; company: string }> = {},
): Promise<BuiltUser> {
  const db: Db = t.database.db;
  const email = overrides.email ?? `pro-${unique()}@example.com`;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const [user] = await db
    .insert(users)
    .values({
      role: 'professional',
      email,
      passwordHash: await hashFor(password),
      firstName: overrides.firstName ?? 'Test',
      lastName: overrides.lastName ?? 'Mentor',
      isVerified: overrides.isVerified ?? true,
      isActive: overrides.isActive ?? true,
      isTemporaryPassword: overrides.isTemporaryPassword ?? false,
      passwordChangedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!user) throw new Error('professional insert failed');
  await db.insert(professionalProfiles).values({
    userId: user.id,
    title: overrides.title ?? 'Engineer',
    company: overrides.company ?? 'Acme',
    expertise: overrides.expertise ?? 'Software Development',
    experienceYears: 5,
  });
  return built(user.id, email, password, await tokenFor(t, user.id, 'professional'), 'professional');
}

export async function buildAdmin(t: TestContext, overrides: Partial<{ email: string; password: string }> = {}): Promise<BuiltUser> {
  const db: Db = t.database.db;
  const email = overrides.email ?? `admin-${unique()}@example.com`;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const [user] = await db
    .insert(users)
    .values({ role: 'admin', email, passwordHash: await hashFor(password), firstName: 'Test', lastName: 'Admin', isVerified: true, passwordChangedAt: new Date() })
    .returning({ id: users.id });
  if (!user) throw new Error('admin insert failed');
  return built(user.id, email, password, await tokenFor(t, user.id, 'admin'), 'admin');
}

/** Parse an inject() JSON body. */
export function body<T = Record<string, unknown>>(res: { body: string }): T {
  return JSON.parse(res.body) as T;
}

/** The failure envelope every API error answers with (lib/errors.ts): a stable `code`, a localised `message`. */
export interface Failure {
  success: false;
  message: string;
  code: string;
  errors?: string[];
}

/** An inject() answer that must be 200 (the body is shown when it is not): its `data`. */
export function okData<T>(res: { statusCode: number; body: string }): T {
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: T }>(res).data;
}

/** A complete student registration (POST /api/auth/register) for `email`, with `extra` fields on top. */
export const studentRegistration = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Asha',
  lastName: 'Verma',
  email,
  password: 'secret1',
  university: 'IIT Delhi',
  course: 'Computer Science',
  year: 2,
  rollNumber: 'CS001',
  phone: '+91 98765 43210',
  ...extra,
});

/** The admin's workshop form (POST /api/admin/workshops): an online Technology workshop for beginners, with `fields` on top. */
export const workshopForm = <T extends Record<string, unknown>>(fields: T) => ({
  description: 'A fictional workshop.',
  category: 'Technology',
  difficulty: 'Beginner',
  deliveryMode: 'online',
  ...fields,
});
