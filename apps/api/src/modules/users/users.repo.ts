import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { professionalProfiles, studentProfiles, users } from '../../db/schema/users.ts';

export type UserRow = typeof users.$inferSelect;
export type StudentProfileRow = typeof studentProfiles.$inferSelect;
export type ProfessionalProfileRow = typeof professionalProfiles.$inferSelect;

export interface UserWithProfiles {
  user: UserRow;
  student: StudentProfileRow | null;
  professional: ProfessionalProfileRow | null;
}

export async function findUserById(db: Db, id: string): Promise<UserWithProfiles | undefined> {
  const [row] = await db
    .select({ user: users, student: studentProfiles, professional: professionalProfiles })
    .from(users)
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .leftJoin(professionalProfiles, eq(professionalProfiles.userId, users.id))
    .where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

/** A professional whose profile is not verified yet (decision 730: they reach no student). */
export async function isUnverifiedProfessional(db: Db, userId: string): Promise<boolean> {
  const [user] = await db.select({ isVerified: users.isVerified, role: users.role }).from(users).where(eq(users.id, userId));
  return Boolean(user && user.role === 'professional' && !user.isVerified);
}
