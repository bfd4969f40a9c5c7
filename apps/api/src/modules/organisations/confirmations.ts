import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { CONFIRM_MESSAGES, EXPERT_MESSAGES, emailDomain } from '@app/shared/organisations';
import type { Db } from '../../db/client.ts';
import { emailConfirmations, expertApplications, studentAffiliations } from '../../db/schema/organisations.ts';
import { users } from '../../db/schema/users.ts';
import { badRequest } from '../../lib/errors.ts';
import { emailIn, letter } from '../../lib/recipient-locale.ts';
import { inert } from '../../lib/email-template.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { queryRows } from '../../lib/sql.ts';

/** Why a confirmation link is sent: the first paragraph of its e-mail (`email.confirm.why`). */
export interface ConfirmationReason {
  reason: 'expertApplied' | 'confirmAccount' | 'studentAsked' | 'studentConfirm' | 'organisationRegistered';
  /** The university (student affiliation) or the organisation registered. */
  organisation?: string;
}

const LINK_TTL_MS = 3 * 24 * 60 * 60 * 1000;
const CODE_TTL_MS = 30 * 60 * 1000;
const CODE_ATTEMPTS = 5;

type LinkPurpose = 'account' | 'affiliation';

/** The confirmation link for an account's own address, in a transaction of its own. */
export function sendAccountLink(db: Db, publicUrl: string, user: { id: string; email: string; firstName: string }, why: ConfirmationReason) {
  return db.transaction((tx) => sendConfirmationLink(tx, publicUrl, { userId: user.id, purpose: 'account', email: user.email, firstName: user.firstName, why }));
}

/** Queue a confirmation link to `email` (decision 482). Older unused links of the same purpose stop working. */
export async function sendConfirmationLink(
  tx: Db,
  publicUrl: string,
  input: { userId: string; purpose: LinkPurpose; email: string; firstName: string; why: ConfirmationReason },
  now = new Date(),
) {
  await tx
    .update(emailConfirmations)
    .set({ usedAt: now })
    .where(and(eq(emailConfirmations.userId, input.userId), eq(emailConfirmations.purpose, input.purpose), isNull(emailConfirmations.usedAt)));
  const { token, hash } = randomToken();
  await tx.insert(emailConfirmations).values({
    userId: input.userId,
    purpose: input.purpose,
    email: input.email,
    secretHash: hash,
    expiresAt: new Date(now.getTime() + LINK_TTL_MS),
  });
  const link = `${publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
  // In the account holder's language (decision 1060).
  await emailIn(tx, input.userId, (voice) => ({
    to: input.email,
    subject: voice.t('email.confirm.subject'),
    text: letter(voice, inert(input.firstName), [
      voice.t('email.confirm.why', { reason: input.why.reason, organisation: inert(input.why.organisation ?? '') }),
      voice.t('email.confirm.openLink'),
      link,
      voice.t('email.confirm.notYou'),
    ]),
    secrets: [link, token, encodeURIComponent(token)],
  }));
}

/** Open a confirmation link: single use, three days. Answers what was confirmed. */
export async function confirmLink(db: Db, token: string, now = new Date()): Promise<{ purpose: LinkPurpose; userId: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailConfirmations)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailConfirmations.secretHash, sha256(token)),
          isNull(emailConfirmations.usedAt),
          gt(emailConfirmations.expiresAt, now),
          sql`${emailConfirmations.purpose} IN ('account', 'affiliation')`,
        ),
      )
      .returning();
    if (!row) throw badRequest(CONFIRM_MESSAGES.invalid);
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
    if (!user || !user.isActive) throw badRequest(CONFIRM_MESSAGES.invalid);
    if (row.purpose === 'account') {
      if (user.email !== row.email) throw badRequest(CONFIRM_MESSAGES.invalid);
      await tx.update(users).set({ emailConfirmedAt: now }).where(eq(users.id, user.id));
    }
    if (user.role === 'student') await affiliate(tx, user.id, row.email, now);
    if (row.purpose === 'account' && (user.role === 'university_admin' || user.role === 'company_admin')) await proveDomainsByAddress(tx, user.id, row.email, now);
    return { purpose: row.purpose as LinkPurpose, userId: user.id };
  });
}

/**
 * Issue 28 (decision 731): a member's confirmed address proves their organisation's domains at that
 * address's domain or under it (the holder of a domain controls its sub-domains); an approved university
 * then takes the students already confirmed at them.
 */
export async function proveDomainsByAddress(tx: Db, userId: string, email: string, now = new Date()) {
  const at = emailDomain(email);
  const proven = await queryRows<{ organisation_id: string }>(tx, sql`
    UPDATE organisation_domains d SET verified_at = ${now.toISOString()}::timestamptz
    FROM organisation_members m
    WHERE m.user_id = ${userId} AND d.organisation_id = m.organisation_id AND d.verified_at IS NULL
      AND (d.domain = ${at} OR d.domain LIKE '%.' || ${at})
    RETURNING d.organisation_id`);
  const orgId = proven[0]?.organisation_id;
  if (orgId) await affiliateConfirmedStudents(tx, orgId, now);
}

/**
 * SQL: a proven domain row `d` that no other approved organisation's proven parent domain covers, unless
 * that organisation delegated it (or a domain over it) to `d`'s organisation (decision 941).
 */
export function ownProvenDomain() {
  return sql`d.verified_at IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM organisation_domains pd JOIN organisations po ON po.id = pd.organisation_id
    WHERE pd.organisation_id <> d.organisation_id AND pd.verified_at IS NOT NULL AND po.status = 'approved'
      AND d.domain LIKE '%.' || pd.domain
      AND NOT EXISTS (SELECT 1 FROM domain_delegations g
        WHERE g.parent_organisation_id = pd.organisation_id AND g.delegate_organisation_id = d.organisation_id
          AND (d.domain = g.domain OR d.domain LIKE '%.' || g.domain)))`;
}

/**
 * The approved university whose proven domain (or a parent of it) an address is at. Sub-domains are the
 * parent's (decision 731): a domain under another organisation's proven domain counts for nobody else,
 * unless that organisation delegated it (decision 941); of the domains that count, the longest (the most
 * specific: a delegated department's) wins.
 */
export async function universityForEmail(db: Db, email: string) {
  const domain = emailDomain(email);
  const [row] = await queryRows<{ id: string; name: string; domain: string }>(
    db,
    sql`SELECT o.id, o.name, d.domain FROM organisation_domains d JOIN organisations o ON o.id = d.organisation_id
        WHERE o.type = 'university' AND o.status = 'approved' AND ${ownProvenDomain()}
          AND (d.domain = ${domain} OR ${domain} LIKE '%.' || d.domain)
        ORDER BY length(d.domain) DESC LIMIT 1`,
  );
  return row;
}

/** A confirmed address at an approved university's domain makes the student one of its students. */
export async function affiliate(tx: Db, studentId: string, email: string, now = new Date()): Promise<boolean> {
  const university = await universityForEmail(tx, email);
  if (!university) return false;
  await tx
    .insert(studentAffiliations)
    .values({ studentId, organisationId: university.id, email, confirmedAt: now })
    .onConflictDoUpdate({ target: studentAffiliations.studentId, set: { organisationId: university.id, email, confirmedAt: now } });
  return true;
}

/**
 * When a university gains a domain (or is approved), students whose account address at it is already
 * confirmed become its students.
 */
export async function affiliateConfirmedStudents(tx: Db, organisationId: string, now = new Date()) {
  await tx.execute(sql`
    INSERT INTO student_affiliations (student_id, organisation_id, email, confirmed_at)
    SELECT u.id, ${organisationId}, u.email, ${now.toISOString()}::timestamptz
    FROM users u
    JOIN organisation_domains d ON d.organisation_id = ${organisationId}
    JOIN organisations o ON o.id = d.organisation_id AND o.status = 'approved' AND o.type = 'university'
    WHERE u.role = 'student' AND u.email_confirmed_at IS NOT NULL AND ${ownProvenDomain()}
      AND (split_part(u.email, '@', 2) = d.domain OR split_part(u.email, '@', 2) LIKE '%.' || d.domain)
    ON CONFLICT (student_id) DO NOTHING`);
  // Decision 941: students the parent held at a sub-domain it delegated to this university move here.
  await tx.execute(sql`
    UPDATE student_affiliations sa SET organisation_id = ${organisationId}, confirmed_at = ${now.toISOString()}::timestamptz
    FROM domain_delegations g, organisation_domains d, organisations o
    WHERE g.delegate_organisation_id = ${organisationId} AND sa.organisation_id = g.parent_organisation_id
      AND d.organisation_id = ${organisationId} AND o.id = d.organisation_id AND o.status = 'approved' AND o.type = 'university'
      AND ${ownProvenDomain()}
      AND (split_part(sa.email, '@', 2) = d.domain OR split_part(sa.email, '@', 2) LIKE '%.' || d.domain)
      AND (d.domain = g.domain OR d.domain LIKE '%.' || g.domain)`);
}

/** A six-digit code to the expert's work address; a new code replaces the old one. */
export async function sendWorkEmailCode(tx: Db, input: { userId: string; email: string; firstName: string }, now = new Date()) {
  await tx
    .update(emailConfirmations)
    .set({ usedAt: now })
    .where(and(eq(emailConfirmations.userId, input.userId), eq(emailConfirmations.purpose, 'work_email'), isNull(emailConfirmations.usedAt)));
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await tx.insert(emailConfirmations).values({
    userId: input.userId,
    purpose: 'work_email',
    email: input.email,
    secretHash: sha256(`${input.userId}:${code}`),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  });
  await emailIn(tx, input.userId, (voice) => ({
    to: input.email,
    subject: voice.t('email.workCode.subject'),
    text: letter(voice, inert(input.firstName), [voice.t('email.workCode.body', { code }), voice.t('email.workCode.notYou')]),
    secrets: [code],
  }));
}

/** Check a work-e-mail code: five attempts, thirty minutes, then it is spent. */
export async function confirmWorkEmailCode(db: Db, userId: string, code: string, now = new Date()): Promise<string> {
  return db.transaction(async (tx) => {
    const [pending] = await tx
      .select()
      .from(emailConfirmations)
      .where(
        and(
          eq(emailConfirmations.userId, userId),
          eq(emailConfirmations.purpose, 'work_email'),
          isNull(emailConfirmations.usedAt),
          gt(emailConfirmations.expiresAt, now),
        ),
      )
      .orderBy(sql`${emailConfirmations.createdAt} DESC`)
      .limit(1);
    if (!pending) throw badRequest(EXPERT_MESSAGES.codeInvalid);
    if (pending.secretHash !== sha256(`${userId}:${code}`)) {
      // Counted in a conditional update: the fifth wrong code spends the code.
      await tx
        .update(emailConfirmations)
        .set({
          attempts: sql`${emailConfirmations.attempts} + 1`,
          usedAt: sql`CASE WHEN ${emailConfirmations.attempts} + 1 >= ${CODE_ATTEMPTS} THEN now() ELSE NULL END`,
        })
        .where(eq(emailConfirmations.id, pending.id));
      return null;
    }
    const [used] = await tx
      .update(emailConfirmations)
      .set({ usedAt: now })
      .where(and(eq(emailConfirmations.id, pending.id), isNull(emailConfirmations.usedAt)))
      .returning({ email: emailConfirmations.email });
    if (!used) throw badRequest(EXPERT_MESSAGES.codeInvalid);
    await tx
      .update(expertApplications)
      .set({ workEmail: used.email, workEmailConfirmedAt: now })
      .where(eq(expertApplications.userId, userId));
    return used.email;
  }).then((email) => {
    if (email === null) throw badRequest(EXPERT_MESSAGES.codeInvalid);
    return email;
  });
}
