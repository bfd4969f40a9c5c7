import type { AuthData } from '@app/shared/auth';
import { PERMISSIONS } from '@app/shared/roles';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { toUserDto } from '../users/index.ts';
import { findUserById } from '../users/index.ts';
import { createSession, type ClientInfo } from '../auth/index.ts';

/** The sign-in answer for a freshly created account (same shape as POST /api/auth/login). */
export async function sessionFor(db: Db, tokens: TokenService, userId: string, client?: ClientInfo, method = 'password'): Promise<AuthData> {
  const full = await findUserById(db, userId);
  if (!full) throw notFound('User');
  // A sign-in session like any other (issue 23, decision 760): listed, and ended from the Security page.
  const sid = await createSession(db, { userId, client, rememberMe: false, method, now: new Date() });
  const token = await tokens.sign({ sub: full.user.id, role: full.user.role, tv: full.user.tokenVersion, sid }, false);
  return { token, user: toUserDto(full), permissions: { role: full.user.role, actions: [...PERMISSIONS[full.user.role]] } };
}
