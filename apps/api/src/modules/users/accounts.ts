import type { Db } from '../../db/client.ts';
import { professionalProfiles, studentProfiles, users } from '../../db/schema/users.ts';
import type { ProfessionalProfileRow, StudentProfileRow, UserRow } from './users.repo.ts';

/** The account columns a new user is created with (the role comes with the profile). */
export type NewAccount = Omit<typeof users.$inferInsert, 'id' | 'role'>;

/** The profile a new account gets, by role. */
export type NewProfile =
  | { role: 'student'; profile: Omit<typeof studentProfiles.$inferInsert, 'userId'> }
  | { role: 'professional'; profile: Omit<typeof professionalProfiles.$inferInsert, 'userId'> };

/**
 * A new account and its profile, in the caller's transaction: self-registration, the administrator's
 * Add Student and Add Professional, expert applications. A taken e-mail fails with the unique violation.
 */
export async function insertAccount(
  tx: Db,
  account: NewAccount,
  as: NewProfile,
): Promise<{ user: UserRow; profile: StudentProfileRow | ProfessionalProfileRow }> {
  const [user] = await tx
    .insert(users)
    .values({ ...account, role: as.role })
    .returning();
  if (!user) throw new Error('insert returned nothing');
  const [profile] =
    as.role === 'student'
      ? await tx
          .insert(studentProfiles)
          .values({ ...as.profile, userId: user.id })
          .returning()
      : await tx
          .insert(professionalProfiles)
          .values({ ...as.profile, userId: user.id })
          .returning();
  if (!profile) throw new Error('insert returned nothing');
  return { user, profile };
}
