import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import type { AppContext } from '../../lib/http.ts';
import { storeThenRecord } from '../../lib/storage.ts';

/**
 * Make a processed image the user's avatar (students, professionals and admins alike). The file is
 * stored first, then the row points at it (the file is removed again if the row fails); the previous
 * file is removed only after the commit. Never a row without its file (docs/decisions/360-disk-full-uploads.md).
 * Returns the new storage key.
 */
export async function replaceAvatar(ctx: Pick<AppContext, 'db' | 'storage'>, userId: string, image: { extension: string; buffer: Buffer }) {
  const { key, previous } = await storeThenRecord(ctx.storage, { prefix: 'avatars', extension: image.extension, data: image.buffer }, (key) =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx.select({ key: users.profileImageKey }).from(users).where(eq(users.id, userId)).for('update');
      await tx.update(users).set({ profileImageKey: key }).where(eq(users.id, userId));
      return { key, previous: row?.key };
    }),
  );
  if (previous) await ctx.storage.remove(previous).catch(() => undefined);
  return key;
}
