import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { makePagination } from '@app/shared/api';
import {
  EXPERT_MESSAGES,
  ORG_MESSAGES,
  emailDomain,
  type DecisionBody,
  type ExpertApplicationDto,
  type ExpertApplyBody,
  type OwnProfessionalProfileBody,
  type OwnProfessionalProfileDto,
} from '@app/shared/organisations';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { expertApplications, organisationDomains, organisationInvitations, organisations } from '../../db/schema/organisations.ts';
import { professionalProfiles, users } from '../../db/schema/users.ts';
import { audit } from '../../lib/audit.ts';
import { PG, badRequest, conflict, notFound, pgCode } from '../../lib/errors.ts';
import type { Actor } from '../../lib/http.ts';
import { isId } from '../../lib/ids.ts';
import { queueEmail } from '../../lib/mail.ts';
import { inert } from '../../lib/email-template.ts';
import { letter, recipientLocale, voiceOf } from '../../lib/recipient-locale.ts';
import { hashPassword } from '../../lib/password.ts';
import { insertAccount, professionalFields, professionalProfileChanges } from '../users/index.ts';
import { DUPLICATE_EMAIL_MESSAGE } from '../auth/index.ts';
import { notify, notifyAdmins } from '../notifications/index.ts';
import { sendAccountLink, sendConfirmationLink, sendWorkEmailCode } from '../organisations/index.ts';
import { liveInvitation } from '../organisations/index.ts';
import { fullName } from '../users/index.ts';

/**
 * The Industry Expert card: an unverified professional (isVerified false — invisible to students
 * everywhere, decision 483) with an application carrying the evidence. Signed in at once.
 */
export async function apply(db: Db, config: Config, body: ExpertApplyBody, now = new Date()): Promise<string> {
  const invitation = body.invitationToken ? await liveInvitation(db, body.invitationToken, 'expert', now) : undefined;
  if (body.invitationToken && !invitation) throw badRequest(ORG_MESSAGES.inviteInvalid);
  // Opening the invitation link proved the invited address: it counts as confirmed.
  const invitedAccount = invitation?.invitation.email === body.email;
  const invitedWork = invitation && body.workEmail && invitation.invitation.email === body.workEmail;
  if (invitation && !invitedAccount && !invitedWork) throw badRequest(ORG_MESSAGES.inviteInvalid);
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction(async (tx) => {
      const { user } = await insertAccount(
        tx,
        {
          email: body.email,
          passwordHash,
          firstName: body.firstName,
          lastName: body.lastName,
          phone: body.phone,
          bio: body.bio,
          isVerified: false,
          passwordChangedAt: now,
          emailConfirmedAt: invitedAccount ? now : null,
        },
        { role: 'professional', profile: { ...professionalFields(body), socialLinks: { linkedin: body.profileUrl } } },
      );
      await tx.insert(expertApplications).values({
        userId: user.id,
        profileUrl: body.profileUrl,
        workEmail: body.workEmail ?? (invitation ? invitation.invitation.email : null),
        workEmailConfirmedAt: invitedWork || (invitation && invitedAccount && !body.workEmail) ? now : null,
        motivation: body.motivation,
        endorsedBy: invitation?.organisation.id ?? null,
      });
      if (invitation) {
        // Single use: a concurrent second use of the same link finds it taken and fails as a whole.
        const [taken] = await tx
          .update(organisationInvitations)
          .set({ acceptedAt: now })
          .where(and(eq(organisationInvitations.id, invitation.invitation.id), isNull(organisationInvitations.acceptedAt)))
          .returning({ id: organisationInvitations.id });
        if (!taken) throw badRequest(ORG_MESSAGES.inviteInvalid);
      }
      if (!invitedAccount) {
        await sendConfirmationLink(tx, config.publicUrl, {
          userId: user.id,
          purpose: 'account',
          email: body.email,
          firstName: body.firstName,
          why: { reason: 'expertApplied' },
        });
      }
      if (body.workEmail && !invitedWork) {
        await sendWorkEmailCode(tx, { userId: user.id, email: body.workEmail, firstName: body.firstName }, now);
      }
      await notifyAdmins(tx, ({ t }) => ({
        type: 'system',
        subType: 'expert-application',
        title: t('notification.expert.appliedTitle'),
        message: t('notification.expert.applied', { name: fullName(body) }),
        actionUrl: '/admin/dashboard?tab=verification',
      }));
      return user.id;
    });
  } catch (error) {
    if (pgCode(error) === PG.uniqueViolation) throw conflict(DUPLICATE_EMAIL_MESSAGE);
    throw error;
  }
}

const selection = { application: expertApplications, user: users, profile: professionalProfiles, endorser: organisations };

function baseQuery(db: Db) {
  return db
    .select(selection)
    .from(expertApplications)
    .innerJoin(users, eq(users.id, expertApplications.userId))
    .innerJoin(professionalProfiles, eq(professionalProfiles.userId, users.id))
    .leftJoin(organisations, eq(organisations.id, expertApplications.endorsedBy));
}
type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['where']>>[number];

/** The approved company whose domain a confirmed work address is at (evidence, not a decision). */
async function domainMatches(db: Db, rows: Row[]) {
  const out = new Map<string, { id: string; name: string }>();
  for (const r of rows) {
    const work = r.application.workEmailConfirmedAt ? r.application.workEmail : null;
    if (!work) continue;
    const domain = emailDomain(work);
    const [match] = await db
      .select({ id: organisations.id, name: organisations.name })
      .from(organisationDomains)
      .innerJoin(organisations, eq(organisations.id, organisationDomains.organisationId))
      .where(
        and(
          eq(organisations.type, 'company'),
          eq(organisations.status, 'approved'),
          sql`${organisationDomains.verifiedAt} IS NOT NULL`, // issue 28: only a proven domain vouches
          sql`(${organisationDomains.domain} = ${domain} OR ${domain} LIKE '%.' || ${organisationDomains.domain})`,
        ),
      )
      .limit(1);
    if (match) out.set(r.user.id, match);
  }
  return out;
}

function toDto(r: Row, match: { id: string; name: string } | undefined): ExpertApplicationDto {
  return {
    id: r.user.id,
    userId: r.user.id,
    name: fullName(r.user),
    email: r.user.email,
    emailConfirmed: Boolean(r.user.emailConfirmedAt),
    phone: r.user.phone,
    title: r.profile.title,
    company: r.profile.company,
    expertise: r.profile.expertise,
    experience: r.profile.experienceYears,
    bio: r.user.bio,
    profileUrl: r.application.profileUrl,
    workEmail: r.application.workEmail,
    workEmailConfirmed: Boolean(r.application.workEmailConfirmedAt),
    domainMatch: match ?? null,
    endorsedBy: r.endorser ? { id: r.endorser.id, name: r.endorser.name } : null,
    motivation: r.application.motivation,
    status: r.application.status,
    reason: r.application.reason,
    reviewedAt: r.application.reviewedAt?.toISOString() ?? null,
    createdAt: r.application.createdAt.toISOString(),
  };
}

export async function applicationOf(db: Db, userId: string): Promise<ExpertApplicationDto | null> {
  const rows = await baseQuery(db).where(eq(expertApplications.userId, userId));
  const row = rows[0];
  if (!row) return null;
  return toDto(row, (await domainMatches(db, rows)).get(row.user.id));
}

export async function listApplications(db: Db, query: { page: number; limit: number; status: 'pending' | 'approved' | 'rejected' }) {
  const where = eq(expertApplications.status, query.status);
  const [total] = await db.select({ n: count() }).from(expertApplications).where(where);
  const rows = await baseQuery(db)
    .where(where)
    .orderBy(query.status === 'pending' ? expertApplications.createdAt : desc(expertApplications.reviewedAt), expertApplications.userId)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const matches = await domainMatches(db, rows);
  return {
    applications: rows.map((r) => toDto(r, matches.get(r.user.id))),
    pagination: makePagination(query.page, query.limit, total?.n ?? 0),
  };
}

export async function getApplication(db: Db, id: string) {
  if (!isId(id)) throw notFound('Application');
  const found = await applicationOf(db, id);
  if (!found) throw notFound('Application');
  return found;
}

/**
 * Approve (the expert becomes an ordinary verified professional) or reject with a reason. A
 * compare-and-set on `pending`: a second decision is a 409. Notified and e-mailed either way; audited.
 */
export async function decide(db: Db, config: Config, actor: Actor, id: string, body: DecisionBody, now = new Date()) {
  if (!isId(id)) throw notFound('Application');
  await db.transaction(async (tx) => {
    const status = body.decision === 'approve' ? 'approved' : 'rejected';
    const [row] = await tx
      .update(expertApplications)
      .set({ status, reason: body.reason ?? null, reviewedBy: actor.id, reviewedAt: now })
      .where(and(eq(expertApplications.userId, id), eq(expertApplications.status, 'pending')))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: expertApplications.userId }).from(expertApplications).where(eq(expertApplications.userId, id));
      if (!exists) throw notFound('Application');
      throw conflict(EXPERT_MESSAGES.alreadyDecided);
    }
    const [user] = await tx.update(users).set({ isVerified: status === 'approved' }).where(eq(users.id, id)).returning();
    if (!user) throw notFound('Application');
    await audit(tx, actor.id, status === 'approved' ? 'approve' : 'reject', 'expert-application', id, { status: 'pending' }, { status, reason: body.reason ?? null });
    const approved = status === 'approved';
    // In the applicant's language (decision 970), not the reviewing administrator's.
    const voice = voiceOf(await recipientLocale(tx, id));
    const message = approved ? voice.t('email.expert.verified') : voice.t('email.expert.rejected', { reason: body.reason ?? '' });
    await notify(tx, {
      userId: id,
      type: 'system',
      subType: approved ? 'approved' : 'rejected',
      title: approved ? voice.t('notification.expert.verifiedTitle') : voice.t('notification.expert.rejectedTitle'),
      message,
      actionUrl: '/professional/dashboard',
      priority: 'high',
    });
    await queueEmail(tx, {
      to: user.email,
      language: voice.language,
      subject: approved ? voice.t('email.expert.verifiedSubject') : voice.t('email.expert.rejectedSubject'),
      text: letter(voice, inert(user.firstName), [approved ? message : voice.t('email.expert.rejected', { reason: inert(body.reason ?? '') }), voice.t('email.signInAt', { url: `${config.publicUrl}/signin` })]),
    });
  });
  return getApplication(db, id);
}

/** Send (or re-send) a code to the work address; only while the application waits. */
export async function requestWorkEmailCode(db: Db, actor: Actor, workEmail: string | undefined) {
  const [row] = await db.select().from(expertApplications).where(eq(expertApplications.userId, actor.id));
  if (!row || row.status !== 'pending') throw badRequest(EXPERT_MESSAGES.notPending);
  const email = workEmail ?? row.workEmail;
  if (!email) throw badRequest('Please enter your work e-mail');
  await db.transaction(async (tx) => {
    if (email !== row.workEmail) {
      await tx.update(expertApplications).set({ workEmail: email, workEmailConfirmedAt: null }).where(eq(expertApplications.userId, actor.id));
    }
    await sendWorkEmailCode(tx, { userId: actor.id, email, firstName: actor.firstName });
  });
}

/** Re-send the account confirmation link. */
export async function resendConfirmation(db: Db, config: Config, actor: Actor) {
  const [user] = await db.select().from(users).where(eq(users.id, actor.id));
  if (!user) throw notFound('User');
  if (user.emailConfirmedAt) return;
  await sendAccountLink(db, config.publicUrl, user, { reason: 'confirmAccount' });
}

/** Is this professional still waiting for (or refused) verification? Pending experts cannot publish. */
/** The professional's own profile as they edit it (decision 631). */
export async function ownProfile(db: Db, userId: string): Promise<OwnProfessionalProfileDto> {
  const [row] = await db
    .select({ user: users, profile: professionalProfiles })
    .from(users)
    .leftJoin(professionalProfiles, eq(professionalProfiles.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.role, 'professional')));
  if (!row) throw notFound('Professional');
  const p = row.profile;
  return {
    phone: row.user.phone,
    title: p?.title ?? '',
    company: p?.company ?? '',
    expertise: p?.expertise ?? '',
    experience: p?.experienceYears ?? 0,
    bio: row.user.bio,
    specializations: p?.specializations ?? [],
    skills: p?.skills ?? [],
    pricing: { hourlyRate: p?.hourlyRate ?? null, currency: p?.currency ?? 'USD' },
    socialLinks: p?.socialLinks ?? {},
    isVerified: row.user.isVerified,
  };
}

/**
 * Owner-only edit of the professional fields (decision 631). The body is the strict shared schema, so
 * only these columns can change: never verification, activity, role, e-mail or another user's row.
 */
export async function updateOwnProfile(db: Db, actor: Actor, body: OwnProfessionalProfileBody): Promise<OwnProfessionalProfileDto> {
  const before = await ownProfile(db, actor.id);
  const profile = professionalProfileChanges(body);
  const user: Partial<typeof users.$inferInsert> = {};
  if (body.phone !== undefined) user.phone = body.phone;
  if (body.bio !== undefined) user.bio = body.bio;
  await db.transaction(async (tx) => {
    if (Object.keys(user).length > 0) await tx.update(users).set(user).where(eq(users.id, actor.id));
    if (Object.keys(profile).length > 0) {
      await tx
        .insert(professionalProfiles)
        .values({ userId: actor.id, ...profile })
        .onConflictDoUpdate({ target: professionalProfiles.userId, set: profile });
    }
    await audit(tx, actor.id, 'update-own-profile', 'professional', actor.id, before, body);
  });
  return ownProfile(db, actor.id);
}
