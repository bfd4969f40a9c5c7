import { createHash } from 'node:crypto';
import { promises as dnsPromises } from 'node:dns';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { makePagination } from '@app/shared/api';
import {
  ORG_MESSAGES,
  emailDomain,
  websiteHost,
  withinDomain,
  type OrganisationActionBody,
  type OrganisationDto,
  type OrganisationRegisterBody,
} from '@app/shared/organisations';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  domainDelegations,
  organisationDomains,
  organisationInvitations,
  organisationMembers,
  organisations,
} from '../../db/schema/organisations.ts';
import { users } from '../../db/schema/users.ts';
import { audit } from '../../lib/audit.ts';
import { PG, badRequest, conflict, notFound, pgCode } from '../../lib/errors.ts';
import type { Actor, ActorOrganisation } from '../../lib/http.ts';
import { isId } from '../../lib/ids.ts';
import { queueEmail } from '../../lib/mail.ts';
import { addressLocale, voiceOf, type Voice } from '../../lib/recipient-locale.ts';
import { hashPassword } from '../../lib/password.ts';
import { queryRows, textIn } from '../../lib/sql.ts';
import { randomToken } from '../../lib/tokens.ts';
import { DUPLICATE_EMAIL_MESSAGE } from '../auth/index.ts';
import { liveInvitation } from './invitations.ts';
import { notifyAdmins, notifyEach } from '../notifications/index.ts';
import { fullName } from '../users/index.ts';
import { inert } from '../../lib/email-template.ts';
import { affiliateConfirmedStudents, sendConfirmationLink } from './confirmations.ts';
import { admittingDelegation, delegationsOf, takeDelegation } from './delegations.ts';

type OrgRow = typeof organisations.$inferSelect;
const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const roleFor = (type: OrgRow['type']) => (type === 'university' ? 'university_admin' : 'company_admin');

async function toDtos(db: Db, rows: OrgRow[]): Promise<OrganisationDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const domains = await db
    .select({ id: organisationDomains.id, organisationId: organisationDomains.organisationId, domain: organisationDomains.domain, verifiedAt: organisationDomains.verifiedAt })
    .from(organisationDomains)
    .where(inArray(organisationDomains.organisationId, ids))
    .orderBy(asc(organisationDomains.domain));
  // Decision 941: which of these domains another organisation delegated (and which one).
  const delegatedBy = await queryRows<{ domain_id: string; parent: string }>(
    db,
    sql`SELECT d.id AS domain_id, p.name AS parent
        FROM organisation_domains d
        JOIN domain_delegations g ON g.delegate_organisation_id = d.organisation_id AND (d.domain = g.domain OR d.domain LIKE '%.' || g.domain)
        JOIN organisations p ON p.id = g.parent_organisation_id
        WHERE d.organisation_id IN (SELECT json_array_elements_text(${JSON.stringify(ids)}::json))`,
  );
  const members = await db
    .select({ organisationId: organisationMembers.organisationId, n: count() })
    .from(organisationMembers)
    .where(inArray(organisationMembers.organisationId, ids))
    .groupBy(organisationMembers.organisationId);
  const confirmed = await db
    .select({ email: users.email })
    .from(users)
    .where(and(textIn(users.email, rows.map((r) => r.contactEmail)), sql`${users.emailConfirmedAt} IS NOT NULL`));
  const confirmedSet = new Set(confirmed.map((c) => c.email));
  // Issue 28: another organisation's domain over or under one of these (cs.uni.edu beside uni.edu).
  const overlaps = await queryRows<{ organisation_id: string; domain: string; other_domain: string; organisation: string; status: OrgRow['status'] }>(
    db,
    sql`SELECT d.organisation_id, d.domain, od.domain AS other_domain, o.name AS organisation, o.status
        FROM organisation_domains d
        JOIN organisation_domains od ON od.organisation_id <> d.organisation_id
          AND (od.domain LIKE '%.' || d.domain OR d.domain LIKE '%.' || od.domain)
        JOIN organisations o ON o.id = od.organisation_id
        WHERE d.organisation_id IN (SELECT json_array_elements_text(${JSON.stringify(ids)}::json))
        ORDER BY d.domain, od.domain`,
  );
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    name: r.name,
    country: r.country,
    website: r.website,
    status: r.status,
    contactEmail: r.contactEmail,
    contactConfirmed: confirmedSet.has(r.contactEmail),
    decisionReason: r.decisionReason,
    domains: domains
      .filter((d) => d.organisationId === r.id)
      .map((d) => ({
        id: d.id,
        domain: d.domain,
        verified: d.verifiedAt !== null,
        dnsRecord: dnsRecordFor(r.id, d.domain),
        delegatedBy: delegatedBy.find((x) => x.domain_id === d.id)?.parent ?? null,
      })),
    memberCount: Number(members.find((m) => m.organisationId === r.id)?.n ?? 0),
    createdAt: r.createdAt.toISOString(),
    overlaps: overlaps
      .filter((o) => o.organisation_id === r.id)
      .map((o) => ({ domain: o.domain, otherDomain: o.other_domain, organisation: o.organisation, status: o.status })),
  }));
}

export async function organisationDto(db: Db, id: string): Promise<OrganisationDto> {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
  if (!row) throw notFound('Organisation');
  const [dto] = await toDtos(db, [row]);
  if (!dto) throw notFound('Organisation');
  return dto;
}

/**
 * The University or Company card: a pending organisation, its first member (the contact, whose address
 * is at the organisation's domain — checked by the schema) and that domain. Signed in at once; an
 * administrator approves.
 */
/**
 * Issue 28 (decision 731): a sub-domain is its parent's. A domain under another organisation's domain
 * (cs.uni.edu when uni.edu is held) is refused; only that organisation can add it.
 */
async function assertNotUnderAnother(db: Db, domain: string, organisationId: string | null, email: string) {
  const [parent] = await queryRows<{ domain: string }>(
    db,
    sql`SELECT domain FROM organisation_domains
        WHERE ${domain} LIKE '%.' || domain ${organisationId ? sql`AND organisation_id <> ${organisationId}` : sql``} LIMIT 1`,
  );
  if (!parent) return null;
  // Decision 941: unless that organisation delegated it to this organisation or to this person.
  const delegation = await admittingDelegation(db, domain, organisationId, email);
  if (!delegation) throw conflict(ORG_MESSAGES.domainUnderOther);
  return delegation;
}

/** Whether a domain being added is proven already: under a proven domain of the same organisation, or at the adder's confirmed address. */
async function provenOnAdd(db: Db, organisationId: string, domain: string, actor: Actor): Promise<boolean> {
  const [viaParent] = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM organisation_domains WHERE organisation_id = ${organisationId} AND verified_at IS NOT NULL
        AND ${domain} LIKE '%.' || domain LIMIT 1`,
  );
  if (viaParent) return true;
  const [me] = await db.select({ confirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, actor.id));
  return Boolean(me?.confirmedAt) && withinDomain(domain, emailDomain(actor.email));
}

export async function register(db: Db, config: Config, body: OrganisationRegisterBody): Promise<string> {
  const passwordHash = await hashPassword(body.contact.password);
  const domain = emailDomain(body.contact.email);
  const delegation = await assertNotUnderAnother(db, domain, null, body.contact.email);
  try {
    return await db.transaction(async (tx) => {
      const [org] = await tx
        .insert(organisations)
        .values({ type: body.type, name: body.name, country: body.country || null, website: body.website, contactEmail: body.contact.email })
        .returning();
      if (!org) throw new Error('insert returned nothing');
      const [user] = await tx
        .insert(users)
        .values({
          role: roleFor(body.type),
          email: body.contact.email,
          passwordHash,
          firstName: body.contact.firstName,
          lastName: body.contact.lastName,
          passwordChangedAt: new Date(),
        })
        .returning({ id: users.id });
      if (!user) throw new Error('insert returned nothing');
      await tx.insert(organisationMembers).values({ userId: user.id, organisationId: org.id });
      await tx.insert(organisationDomains).values({ organisationId: org.id, domain, addedBy: user.id });
      if (delegation) await takeDelegation(tx, delegation, org.id);
      await sendConfirmationLink(tx, config.publicUrl, {
        userId: user.id,
        purpose: 'account',
        email: body.contact.email,
        firstName: body.contact.firstName,
        why: { reason: 'organisationRegistered', organisation: body.name },
      });
      await notifyAdmins(tx, ({ t }) => ({
        type: 'system',
        subType: 'organisation',
        title: t('notification.organisation.registeredTitle', { type: body.type }),
        message: t('notification.organisation.registered', { name: body.name, type: body.type }),
        actionUrl: '/admin/dashboard?tab=organisations',
      }));
      return user.id;
    });
  } catch (error) {
    if (pgCode(error) === PG.uniqueViolation) {
      const text = String((error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message ?? '');
      throw conflict(text.includes('organisation_domains') ? ORG_MESSAGES.domainTaken : DUPLICATE_EMAIL_MESSAGE);
    }
    throw error;
  }
}

export async function myOrganisation(db: Db, org: ActorOrganisation) {
  const organisation = await organisationDto(db, org.id);
  const members = await db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role, since: organisationMembers.createdAt })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(eq(organisationMembers.organisationId, org.id))
    .orderBy(asc(organisationMembers.createdAt));
  const invitations = await db
    .select()
    .from(organisationInvitations)
    .where(eq(organisationInvitations.organisationId, org.id))
    .orderBy(desc(organisationInvitations.createdAt))
    .limit(50);
  return {
    organisation,
    delegations: await delegationsOf(db, org.id),
    members: members.map((m) => ({ userId: m.userId, name: fullName(m), email: m.email, role: m.role, since: m.since.toISOString() })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      kind: i.kind,
      expiresAt: i.expiresAt.toISOString(),
      acceptedAt: i.acceptedAt?.toISOString() ?? null,
    })),
  };
}

/** A domain must be the website's host or a sub-domain of it (decision 485), and nobody else's. */
export async function addDomain(db: Db, actor: Actor, org: ActorOrganisation, domain: string) {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, org.id));
  if (!row) throw notFound('Organisation');
  const delegation = await assertNotUnderAnother(db, domain, org.id, actor.email);
  // A delegated sub-domain may lie outside the website's domain (the parent's delegation is the authority).
  if (!delegation && !withinDomain(domain, websiteHost(row.website))) throw badRequest(ORG_MESSAGES.domainOutside);
  const verifiedAt = (await provenOnAdd(db, org.id, domain, actor)) ? new Date() : null;
  try {
    await db.transaction(async (tx) => {
      const [added] = await tx.insert(organisationDomains).values({ organisationId: org.id, domain, addedBy: actor.id, verifiedAt }).returning();
      if (delegation) await takeDelegation(tx, delegation, org.id);
      await audit(tx, actor.id, 'add-domain', 'organisation', org.id, null, { domain: added?.domain });
      if (org.type === 'university') await affiliateConfirmedStudents(tx, org.id);
    });
  } catch (error) {
    if (pgCode(error) === PG.uniqueViolation) throw conflict(ORG_MESSAGES.domainTaken);
    throw error;
  }
  return organisationDto(db, org.id);
}

/**
 * The DNS TXT record that proves control of a domain (decision 822): `_mentorbridge.<domain>` holding
 * `mentorbridge-verification=<token>`, the token bound to the organisation and the domain (a record left
 * for another organisation proves nothing here). Publishing it takes control of the domain's DNS, so the
 * token need not be secret.
 */
export function dnsRecordFor(organisationId: string, domain: string) {
  const token = createHash('sha256').update(`mentorbridge-domain:${organisationId}:${domain}`).digest('hex').slice(0, 40);
  return { name: `_mentorbridge.${domain}`, value: `mentorbridge-verification=${token}` };
}

/** The TXT lookup, replaceable in tests (`dnsResolver.resolveTxt = …`); production asks node:dns. */
export const dnsResolver: { resolveTxt: (name: string) => Promise<string[][]> } = {
  resolveTxt: (name) => dnsPromises.resolveTxt(name),
};

/**
 * Prove a domain of one's own organisation by its DNS TXT record (decision 822). Found: the domain is
 * proven (a university's confirmed students under it are affiliated at once). Not found: 400 saying so,
 * nothing changes; a lookup failure other than "no such record": 503-like 400 to try again.
 */
export async function checkDomainDns(db: Db, actor: Actor, org: ActorOrganisation, id: string) {
  if (!isId(id)) throw notFound('Domain');
  const [row] = await db
    .select()
    .from(organisationDomains)
    .where(and(eq(organisationDomains.id, id), eq(organisationDomains.organisationId, org.id)));
  if (!row) throw notFound('Domain');
  if (row.verifiedAt) return { organisation: await organisationDto(db, org.id), message: ORG_MESSAGES.dnsProven };
  const record = dnsRecordFor(org.id, row.domain);
  let answers: string[][];
  try {
    answers = await dnsResolver.resolveTxt(record.name);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA' || code === 'NXDOMAIN') throw badRequest(ORG_MESSAGES.dnsNotFound);
    throw badRequest(ORG_MESSAGES.dnsUnavailable);
  }
  // A TXT record may be split into several strings (RFC 7208 §3.3): join each record's parts.
  if (!answers.some((parts) => parts.join('').trim() === record.value)) throw badRequest(ORG_MESSAGES.dnsNotFound);
  await db.transaction(async (tx) => {
    await tx.update(organisationDomains).set({ verifiedAt: new Date() }).where(and(eq(organisationDomains.id, id), isNull(organisationDomains.verifiedAt)));
    await audit(tx, actor.id, 'prove-domain-dns', 'organisation', org.id, null, { domain: row.domain });
    if (org.type === 'university') await affiliateConfirmedStudents(tx, org.id);
  });
  return { organisation: await organisationDto(db, org.id), message: ORG_MESSAGES.dnsProven };
}

/** Removing a domain keeps the students already affiliated (their address was proven). */
export async function removeDomain(db: Db, actor: Actor, org: ActorOrganisation, id: string) {
  if (!isId(id)) throw notFound('Domain');
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(organisationDomains)
      .where(and(eq(organisationDomains.id, id), eq(organisationDomains.organisationId, org.id)))
      .returning();
    if (!gone) throw notFound('Domain');
    await audit(tx, actor.id, 'remove-domain', 'organisation', org.id, { domain: gone.domain }, null);
  });
  return organisationDto(db, org.id);
}

/**
 * Invite by e-mail at one of the organisation's domains: `member` makes a co-admin; `expert` (companies)
 * invites an employee to apply as an expert with the company's endorsement.
 */
export async function invite(db: Db, config: Config, actor: Actor, org: ActorOrganisation, input: { email: string; kind: 'member' | 'expert' }) {
  if (input.kind === 'expert' && org.type !== 'company') throw badRequest(ORG_MESSAGES.companyOnly);
  const [row] = await db.select().from(organisations).where(eq(organisations.id, org.id));
  if (!row) throw notFound('Organisation');
  const domains = await db.select({ domain: organisationDomains.domain }).from(organisationDomains).where(eq(organisationDomains.organisationId, org.id));
  const domain = emailDomain(input.email);
  if (!domains.some((d) => withinDomain(domain, d.domain))) throw badRequest(ORG_MESSAGES.inviteDomain);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) throw conflict(DUPLICATE_EMAIL_MESSAGE);
  const { token, hash } = randomToken();
  const link =
    input.kind === 'member'
      ? `${config.publicUrl}/invitation?token=${encodeURIComponent(token)}`
      : `${config.publicUrl}/signup?role=expert&invitation=${encodeURIComponent(token)}`;
  return db.transaction(async (tx) => {
    const [inv] = await tx
      .insert(organisationInvitations)
      .values({ organisationId: org.id, email: input.email, kind: input.kind, tokenHash: hash, invitedBy: actor.id, expiresAt: new Date(Date.now() + INVITATION_TTL_MS) })
      .returning();
    if (!inv) throw new Error('insert returned nothing');
    // Nobody has an account at this address yet: the inviting organisation's default language (decision 1060).
    const voice = voiceOf(await addressLocale(tx, input.email, row.defaultLanguage));
    await queueEmail(tx, {
      to: input.email,
      language: voice.language,
      subject: voice.t('email.invitation.subject', { name: inert(actor.firstName) }),
      text: [
        voice.t('email.invitation.hello'),
        voice.t('email.invitation.body', { name: inert(fullName(actor)), organisation: inert(row.name), kind: input.kind }),
        link,
        'MentorBridge',
      ].join('\n\n'),
      secrets: [link, token, encodeURIComponent(token)],
    });
    await audit(tx, actor.id, 'invite', 'organisation', org.id, null, { email: input.email, kind: input.kind });
    return { id: inv.id, email: inv.email, kind: inv.kind, expiresAt: inv.expiresAt.toISOString(), acceptedAt: null };
  });
}

export async function lookupInvitation(db: Db, token: string) {
  const found = (await liveInvitation(db, token, 'member')) ?? (await liveInvitation(db, token, 'expert'));
  if (!found) throw badRequest(ORG_MESSAGES.inviteInvalid);
  return { organisation: { name: found.organisation.name, type: found.organisation.type }, email: found.invitation.email, kind: found.invitation.kind };
}

/** A co-admin accepts: the link proved the address. Single use (compare-and-set on accepted_at). */
export async function acceptInvitation(db: Db, input: { token: string; firstName: string; lastName: string; password: string }) {
  const found = await liveInvitation(db, input.token, 'member');
  if (!found) throw badRequest(ORG_MESSAGES.inviteInvalid);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx
        .update(organisationInvitations)
        .set({ acceptedAt: new Date() })
        .where(and(eq(organisationInvitations.id, found.invitation.id), isNull(organisationInvitations.acceptedAt)))
        .returning({ id: organisationInvitations.id });
      if (!taken) throw badRequest(ORG_MESSAGES.inviteInvalid);
      const [user] = await tx
        .insert(users)
        .values({
          role: roleFor(found.organisation.type),
          email: found.invitation.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordChangedAt: new Date(),
          emailConfirmedAt: new Date(),
        })
        .returning({ id: users.id });
      if (!user) throw new Error('insert returned nothing');
      await tx.insert(organisationMembers).values({ userId: user.id, organisationId: found.organisation.id });
      await audit(tx, user.id, 'join', 'organisation', found.organisation.id, null, { email: found.invitation.email });
      return user.id;
    });
  } catch (error) {
    if (pgCode(error) === PG.uniqueViolation) throw conflict(DUPLICATE_EMAIL_MESSAGE);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Administrator decisions (decision 484)
// ---------------------------------------------------------------------------------------------

export async function listOrganisations(db: Db, query: { page: number; limit: number; status?: OrgRow['status']; type?: OrgRow['type'] }) {
  const where = and(query.status ? eq(organisations.status, query.status) : undefined, query.type ? eq(organisations.type, query.type) : undefined);
  const [total] = await db.select({ n: count() }).from(organisations).where(where);
  const rows = await db
    .select()
    .from(organisations)
    .where(where)
    .orderBy(desc(organisations.createdAt), desc(organisations.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { organisations: await toDtos(db, rows), pagination: makePagination(query.page, query.limit, total?.n ?? 0) };
}

const TRANSITIONS: Record<OrganisationActionBody['action'], { from: OrgRow['status'][]; to: OrgRow['status'] }> = {
  approve: { from: ['pending'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
  suspend: { from: ['approved'], to: 'suspended' },
  reinstate: { from: ['suspended'], to: 'approved' },
};

/**
 * Approve, reject, suspend or reinstate: a compare-and-set on the current status, audited, the
 * members notified and the contact e-mailed. Suspension deletes nothing: the organisation's projects
 * leave the public lists and its members cannot sign in as members until it is reinstated.
 */
export async function actOn(db: Db, config: Config, actor: Actor, id: string, body: OrganisationActionBody) {
  if (!isId(id)) throw notFound('Organisation');
  const rule = TRANSITIONS[body.action];
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(organisations).where(eq(organisations.id, id));
    if (!before) throw notFound('Organisation');
    const [after] = await tx
      .update(organisations)
      .set({ status: rule.to, decisionReason: body.reason ?? null, decidedBy: actor.id, decidedAt: new Date() })
      .where(and(eq(organisations.id, id), inArray(organisations.status, rule.from)))
      .returning();
    if (!after) throw conflict(`A ${before.status} organisation cannot be ${rule.to === 'approved' ? 'approved' : rule.to}`);
    // A rejected registration releases its domains, so a squatter cannot hold a real institution's domain.
    const released =
      after.status === 'rejected'
        ? (await tx.delete(organisationDomains).where(eq(organisationDomains.organisationId, id)).returning({ domain: organisationDomains.domain })).map((d) => d.domain)
        : [];
    // …and the sub-domains delegated to it can be taken again by the delegated address (decision 941).
    if (after.status === 'rejected') {
      await tx.update(domainDelegations).set({ delegateOrganisationId: null, acceptedAt: null }).where(eq(domainDelegations.delegateOrganisationId, id));
    }
    await audit(tx, actor.id, body.action, 'organisation', id, { status: before.status }, { status: after.status, reason: body.reason ?? null, releasedDomains: released });
    if (after.type === 'university' && after.status === 'approved') await affiliateConfirmedStudents(tx, id);
    // Each member reads it in their own language; the contact address in its account's, else the organisation's.
    const status = after.status === 'approved' && body.action === 'reinstate' ? 'reinstated' : after.status;
    const messageIn = (voice: Pick<Voice, 't'>, name: string, reason?: string) =>
      [voice.t('notification.organisation.status', { name, status }), reason ? voice.t('notification.reason', { note: reason }) : ''].filter(Boolean).join(' ');
    const members = await tx.select({ userId: organisationMembers.userId }).from(organisationMembers).where(eq(organisationMembers.organisationId, id));
    await notifyEach(tx, members, (m) => m.userId, (voice) => ({
      type: 'system',
      subType: after.status === 'approved' ? 'approved' : 'rejected',
      title: voice.t('notification.organisation.statusTitle'),
      message: messageIn(voice, after.name, body.reason ?? undefined),
      priority: 'high',
    }));
    const voice = voiceOf(await addressLocale(tx, after.contactEmail, after.defaultLanguage));
    await queueEmail(tx, {
      to: after.contactEmail,
      language: voice.language,
      subject: voice.t('email.organisation.statusSubject', { name: inert(after.name) }),
      text: [voice.t('email.invitation.hello'), messageIn(voice, inert(after.name), body.reason ? inert(body.reason) : undefined), `${config.publicUrl}/signin`, 'MentorBridge'].join('\n\n'),
    });
  });
  return organisationDto(db, id);
}
