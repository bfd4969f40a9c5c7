import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  PROFESSIONAL_MESSAGES,
  type AdminProfessionalDto,
  type CreateProfessionalBody,
  type ProfessionalListQuery,
  type UpdateProfessionalBody,
} from '@app/shared/admin';
import { makePagination } from '@app/shared/api';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { passwordResetTokens, professionalProfiles, users } from '../../db/schema/users.ts';
import { randomToken } from '../../lib/tokens.ts';
import { inert } from '../../lib/email-template.ts';
import { letter, recipientLocale, voiceOf, type Voice } from '../../lib/recipient-locale.ts';
import { cleanLinks, insertAccount, professionalFields, professionalProfileChanges } from '../users/index.ts';
import { workshops } from '../../db/schema/workshops.ts';
import { audit } from '../../lib/audit.ts';
import { PG, conflict, notFound, pgCode } from '../../lib/errors.ts';
import type { Actor } from '../../lib/http.ts';
import { isId } from '../../lib/ids.ts';
import { queueEmail, type OutgoingEmail } from '../../lib/mail.ts';
import { hashPassword, temporaryPassword } from '../../lib/password.ts';
import { textIn } from '../../lib/sql.ts';
import { avatarUrl, personFields } from '../users/index.ts';
import { likePattern } from '../../lib/sql.ts';
import { splitName } from './common.ts';

type UserRow = typeof users.$inferSelect;
type ProfileRow = typeof professionalProfiles.$inferSelect;

const workshopsCount = sql<number>`(SELECT count(*)::int FROM ${workshops} WHERE ${workshops.professionalId} = ${users.id})`;

function selectProfessionals(db: Db) {
  return db
    .select({ user: users, profile: professionalProfiles, workshopsCount })
    .from(users)
    .innerJoin(professionalProfiles, eq(professionalProfiles.userId, users.id));
}

export function toAdminProfessional(row: { user: UserRow; profile: ProfileRow; workshopsCount: number }): AdminProfessionalDto {
  const { user, profile } = row;
  const links = profile.socialLinks ?? {};
  return {
    ...personFields(user),
    email: user.email,
    phone: user.phone,
    title: profile.title,
    company: profile.company,
    expertise: profile.expertise,
    experience: profile.experienceYears,
    bio: user.bio,
    specializations: profile.specializations,
    skills: profile.skills,
    pricing: { hourlyRate: profile.hourlyRate, currency: profile.currency },
    socialLinks: {
      ...(links.linkedin ? { linkedin: links.linkedin } : {}),
      ...(links.twitter ? { twitter: links.twitter } : {}),
      ...(links.website ? { website: links.website } : {}),
    },
    isVerified: user.isVerified,
    isActive: user.isActive,
    status: user.isActive ? 'active' : 'inactive',
    isTemporaryPassword: user.isTemporaryPassword,
    profileImage: avatarUrl(user.profileImageKey),
    workshopsCount: Number(row.workshopsCount),
    createdAt: user.createdAt.toISOString(),
  };
}

export function professionalFilter(query: {
  search?: string;
  expertise?: string;
  status?: 'active' | 'inactive';
}): SQL | undefined {
  const conditions: SQL[] = [eq(users.role, 'professional')];
  const search = query.search?.trim();
  if (search) {
    const p = likePattern(search);
    const cond = or(
      sql`(${users.firstName} || ' ' || ${users.lastName}) ILIKE ${p}`,
      ilike(users.email, p),
      ilike(professionalProfiles.title, p),
      ilike(professionalProfiles.company, p),
      ilike(professionalProfiles.expertise, p),
    );
    if (cond) conditions.push(cond);
  }
  const expertise = query.expertise?.trim();
  if (expertise && expertise.toLowerCase() !== 'all')
    conditions.push(sql`lower(${professionalProfiles.expertise}) = lower(${expertise})`);
  if (query.status) conditions.push(eq(users.isActive, query.status === 'active'));
  return and(...conditions);
}

export async function listProfessionals(db: Db, query: ProfessionalListQuery) {
  const where = professionalFilter(query);
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(professionalProfiles, eq(professionalProfiles.userId, users.id))
    .where(where);
  const rows = await selectProfessionals(db)
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { professionals: rows.map(toAdminProfessional), pagination: makePagination(query.page, query.limit, total?.n ?? 0) };
}

export async function getProfessional(db: Db, id: string): Promise<AdminProfessionalDto> {
  if (!isId(id)) throw notFound('Professional');
  const [row] = await selectProfessionals(db).where(and(eq(users.id, id), eq(users.role, 'professional')));
  if (!row) throw notFound('Professional');
  return toAdminProfessional(row);
}

/** How long the set-password link of a new account works (decision 825): a week, once. */
export const SET_PASSWORD_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A single-use set-password link for a new account: its token's hash is stored in
 * password_reset_tokens (the reset page consumes it once, before it expires) and the token itself only
 * ever travels in the e-mail. Insert `row` in the transaction that queues the e-mail.
 */
export function setPasswordLink(config: Pick<Config, 'publicUrl'>, userId: string, now = new Date()) {
  const { token, hash } = randomToken();
  return {
    link: `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
    token,
    row: { userId, tokenHash: hash, expiresAt: new Date(now.getTime() + SET_PASSWORD_TTL_MS) },
  };
}

/**
 * The welcome e-mail of an account an administrator created: never a password (issue 28), only the
 * single-use link that lets the person choose one.
 */
export function welcomeEmail(
  config: Pick<Config, 'publicUrl'>,
  to: { firstName: string; email: string },
  invite: { link: string; token: string },
  role: 'professional' | 'student',
  voice: Voice = voiceOf(undefined),
): OutgoingEmail {
  return {
    to: to.email,
    language: voice.language,
    subject: voice.t('email.accountCreated.subject'),
    text: letter(voice, inert(to.firstName), [
      voice.t('email.accountCreated.body', { role, email: inert(to.email) }),
      voice.t('email.accountCreated.choosePassword'),
      invite.link,
      voice.t('email.accountCreated.thenSignIn', { url: `${config.publicUrl}/signin` }),
    ]),
    action: { label: voice.t('email.action.choosePassword'), url: invite.link },
    secrets: [invite.link, invite.token, encodeURIComponent(invite.token)],
  };
}

/** Queue the welcome e-mail with its set-password link, in the caller's transaction (in the new person's language: their organisation's or the platform's). */
export async function queueWelcome(db: Db, config: Pick<Config, 'publicUrl'>, user: { id: string; firstName: string; email: string }, role: 'professional' | 'student') {
  const invite = setPasswordLink(config, user.id);
  await db.insert(passwordResetTokens).values(invite.row);
  await queueEmail(db, welcomeEmail(config, user, invite, role, voiceOf(await recipientLocale(db, user.id))));
}

/** Create one professional with a temporary password and queue the welcome e-mail (one transaction). */
export async function createProfessional(
  db: Db,
  config: Config,
  actor: Actor,
  input: CreateProfessionalBody,
): Promise<AdminProfessionalDto> {
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const names = splitName(input.name);
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const { user, profile } = await insertAccount(
        tx,
        {
          email: input.email,
          passwordHash,
          ...names,
          phone: input.phone,
          bio: input.bio,
          isVerified: input.isVerified ?? true,
          isActive: input.isActive ?? true,
          isTemporaryPassword: true,
        },
        { role: 'professional', profile: { ...professionalFields(input), hourlyRate: input.pricing.hourlyRate ?? null, currency: input.pricing.currency, socialLinks: cleanLinks(input.socialLinks) } },
      );
      await queueWelcome(tx, config, user, 'professional');
      await audit(tx, actor.id, 'create', 'professional', user.id, null, { ...user, profile });
      return user.id;
    });
  } catch (error) {
    if (pgCode(error) === PG.uniqueViolation) throw conflict(PROFESSIONAL_MESSAGES.duplicate);
    throw error;
  }
  return getProfessional(db, id);
}

/** Update any subset of fields; `isVerified` alone toggles verification, `isActive` deactivates/reactivates. */
export async function updateProfessional(
  db: Db,
  actor: Actor,
  id: string,
  input: UpdateProfessionalBody,
): Promise<AdminProfessionalDto> {
  const before = await getProfessional(db, id);
  const userChanges: PgUpdateSetSource<typeof users> = {};
  if (input.name !== undefined) Object.assign(userChanges, splitName(input.name));
  if (input.email !== undefined) userChanges.email = input.email;
  if (input.phone !== undefined) userChanges.phone = input.phone;
  if (input.bio !== undefined) userChanges.bio = input.bio;
  if (input.isVerified !== undefined) userChanges.isVerified = input.isVerified;
  if (input.isActive !== undefined) {
    userChanges.isActive = input.isActive;
    // Deactivation ends every session of the account at once.
    if (!input.isActive && before.isActive) userChanges.tokenVersion = sql`${users.tokenVersion} + 1`;
  }
  const profileChanges = professionalProfileChanges(input);

  const onlyVerification = Object.keys(input).length === 1 && input.isVerified !== undefined;
  const action = onlyVerification
    ? input.isVerified
      ? 'verify'
      : 'unverify'
    : input.isActive === false
      ? 'deactivate'
      : 'update';
  try {
    await db.transaction(async (tx) => {
      if (Object.keys(userChanges).length > 0) await tx.update(users).set(userChanges).where(eq(users.id, id));
      if (Object.keys(profileChanges).length > 0)
        await tx.update(professionalProfiles).set(profileChanges).where(eq(professionalProfiles.userId, id));
      const after = await getProfessional(tx, id);
      await audit(tx, actor.id, action, 'professional', id, before, after);
    });
  } catch (error) {
    if (pgCode(error) === PG.uniqueViolation) throw conflict(PROFESSIONAL_MESSAGES.duplicate);
    throw error;
  }
  return getProfessional(db, id);
}

/**
 * DELETE deactivates (docs/decisions/200): the account can no longer sign in, every token dies, it
 * disappears from students' lists, and its workshops, sessions and history stay intact. An admin can
 * reactivate it (PUT isActive: true).
 */
export async function deactivateProfessional(db: Db, actor: Actor, id: string): Promise<void> {
  const before = await getProfessional(db, id);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ isActive: false, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(and(eq(users.id, id), eq(users.role, 'professional')));
    await audit(tx, actor.id, 'delete', 'professional', id, before, { ...before, isActive: false, status: 'inactive' });
  });
}

/** Existing accounts among these e-mails (any role). */
export async function existingEmails(db: Db, emails: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < emails.length; i += 500) {
    const chunk = emails.slice(i, i + 500);
    if (chunk.length === 0) continue;
    const rows = await db.select({ email: users.email }).from(users).where(textIn(users.email, chunk));
    for (const r of rows) found.add(r.email);
  }
  return found;
}
