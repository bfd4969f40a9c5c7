import { eq, sql } from 'drizzle-orm';
import { EMAIL_CATEGORIES, type EmailPreferences } from '@app/shared/notifications';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/errors.ts';

/** Every category, on unless the user turned it off (docs/decisions/425). */
export function withDefaults(stored: Record<string, boolean> | null | undefined): EmailPreferences {
  const out = {} as EmailPreferences;
  for (const c of EMAIL_CATEGORIES) out[c] = stored?.[c] !== false;
  return out;
}

export async function getPreferences(db: Db, userId: string): Promise<EmailPreferences> {
  const [row] = await db.select({ prefs: users.emailPreferences }).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('User');
  return withDefaults(row.prefs);
}

/** Merge the given categories into the stored ones in one statement (two tabs saving at once both count). */
export async function updatePreferences(db: Db, userId: string, patch: Partial<EmailPreferences>): Promise<EmailPreferences> {
  const clean: Record<string, boolean> = {};
  for (const c of EMAIL_CATEGORIES) if (typeof patch[c] === 'boolean') clean[c] = patch[c];
  const [row] = await db
    .update(users)
    .set({ emailPreferences: sql`${users.emailPreferences} || ${JSON.stringify(clean)}::jsonb` })
    .where(eq(users.id, userId))
    .returning({ prefs: users.emailPreferences });
  if (!row) throw notFound('User');
  return withDefaults(row.prefs);
}
