import { and, eq, sql } from 'drizzle-orm';
import { ORG_MESSAGES, emailDomain, withinDomain, type DelegationDto } from '@app/shared/organisations';
import type { Db } from '../../db/client.ts';
import { domainDelegations, organisationMembers, organisations } from '../../db/schema/organisations.ts';
import { audit } from '../../lib/audit.ts';
import { inert } from '../../lib/email-template.ts';
import { PG, badRequest, conflict, notFound, pgCode } from '../../lib/errors.ts';
import type { Actor, ActorOrganisation } from '../../lib/http.ts';
import { isId } from '../../lib/ids.ts';
import { queueEmail } from '../../lib/mail.ts';
import { addressLocale, voiceOf } from '../../lib/recipient-locale.ts';
import { queryRows } from '../../lib/sql.ts';
import { notifyEach } from '../notifications/index.ts';
import { affiliateConfirmedStudents } from './confirmations.ts';

/**
 * Issue 28 (decision 941): sub-domains are the parent's unless the parent delegates them. A parent
 * organisation names one of its sub-domains and the address of the person who will manage it; that
 * person's organisation (registered with that address, or adding the sub-domain as a member with it) may
 * then hold the sub-domain, and once proven there the addresses under it are the delegate's.
 */

interface DelegationRow {
  id: string;
  parent_organisation_id: string;
  domain: string;
  email: string;
  delegate_organisation_id: string | null;
}

/** SQL: `x` is the domain `base` or one of its sub-domains. */
const within = (x: ReturnType<typeof sql>, base: ReturnType<typeof sql>) => sql`(${x} = ${base} OR ${x} LIKE '%.' || ${base})`;

/**
 * Whether `organisationId` (or, before it exists, the person with `email`) may hold `domain` although it
 * lies under another organisation's domain: every such organisation delegated the domain (or a domain over
 * it) to this organisation, or — not taken yet — to this address. Returns the delegation that admits it.
 */
export async function admittingDelegation(db: Db, domain: string, organisationId: string | null, email: string): Promise<DelegationRow | null> {
  const covering = await queryRows<{ organisation_id: string }>(
    db,
    sql`SELECT DISTINCT organisation_id FROM organisation_domains
        WHERE ${domain} LIKE '%.' || domain ${organisationId ? sql`AND organisation_id <> ${organisationId}` : sql``}`,
  );
  if (covering.length === 0) return null;
  const [delegation] = await queryRows<DelegationRow>(
    db,
    sql`SELECT id, parent_organisation_id, domain, email, delegate_organisation_id FROM domain_delegations
        WHERE ${within(sql`${domain}`, sql`domain`)}
          AND (${organisationId ? sql`delegate_organisation_id = ${organisationId} OR ` : sql``}(delegate_organisation_id IS NULL AND lower(email) = ${email.toLowerCase()}))
        LIMIT 1`,
  );
  if (!delegation) return null;
  return covering.every((c) => c.organisation_id === delegation.parent_organisation_id) ? delegation : null;
}

/** Bind an untaken delegation to the organisation that took it (compare-and-set: one organisation only). */
export async function takeDelegation(tx: Db, delegation: DelegationRow, organisationId: string, now = new Date()) {
  if (delegation.delegate_organisation_id) return;
  const [taken] = await tx
    .update(domainDelegations)
    .set({ delegateOrganisationId: organisationId, acceptedAt: now })
    .where(and(eq(domainDelegations.id, delegation.id), sql`${domainDelegations.delegateOrganisationId} IS NULL`))
    .returning({ id: domainDelegations.id });
  if (!taken) throw conflict(ORG_MESSAGES.domainUnderOther);
}

/** The delegations an organisation made, newest first. */
export async function delegationsOf(db: Db, organisationId: string): Promise<DelegationDto[]> {
  const rows = await queryRows<{
    id: string;
    domain: string;
    email: string;
    created_at: Date | string;
    name: string | null;
    status: DelegationDto['organisation'] extends infer O ? (O extends { status: infer S } ? S : never) : never;
    proven: boolean;
  }>(
    db,
    sql`SELECT g.id, g.domain, g.email, g.created_at, o.name, o.status,
          EXISTS (SELECT 1 FROM organisation_domains d WHERE d.organisation_id = g.delegate_organisation_id
                    AND d.verified_at IS NOT NULL AND ${within(sql`d.domain`, sql`g.domain`)}) AS proven
        FROM domain_delegations g LEFT JOIN organisations o ON o.id = g.delegate_organisation_id
        WHERE g.parent_organisation_id = ${organisationId}
        ORDER BY g.created_at DESC, g.id DESC`,
  );
  return rows.map((r) => ({
    id: r.id,
    domain: r.domain,
    email: r.email,
    organisation: r.name && r.status ? { name: r.name, status: r.status } : null,
    proven: Boolean(r.proven),
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/**
 * Delegate a sub-domain of one of the organisation's own proven domains to the person at `email` (at the
 * sub-domain). Refused: not strictly under an own proven domain (400), under a domain held by delegation
 * (409, no chains), held by any organisation already (409), overlapping another delegation (409).
 */
export async function delegate(db: Db, publicUrl: string, actor: Actor, org: ActorOrganisation, input: { domain: string; email: string }) {
  const { domain, email } = input;
  const own = await queryRows<{ domain: string; delegated: boolean }>(
    db,
    sql`SELECT d.domain, EXISTS (SELECT 1 FROM domain_delegations g WHERE g.delegate_organisation_id = d.organisation_id
          AND ${within(sql`d.domain`, sql`g.domain`)}) AS delegated
        FROM organisation_domains d
        WHERE d.organisation_id = ${org.id} AND d.verified_at IS NOT NULL AND ${domain} LIKE '%.' || d.domain`,
  );
  if (own.length === 0) throw badRequest(ORG_MESSAGES.delegateNotSub);
  if (own.some((d) => d.delegated)) throw conflict(ORG_MESSAGES.delegateFurther);
  if (!withinDomain(emailDomain(email), domain)) throw badRequest(ORG_MESSAGES.delegateEmail);
  const [held] = await queryRows<{ id: string }>(db, sql`SELECT id FROM organisation_domains WHERE ${within(sql`domain`, sql`${domain}`)} LIMIT 1`);
  if (held) throw conflict(ORG_MESSAGES.delegateHeld);
  const [overlap] = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM domain_delegations WHERE ${within(sql`domain`, sql`${domain}`)} OR ${within(sql`${domain}`, sql`domain`)} LIMIT 1`,
  );
  if (overlap) throw conflict(ORG_MESSAGES.delegateOverlap);
  const [parent] = await db.select({ name: organisations.name, defaultLanguage: organisations.defaultLanguage }).from(organisations).where(eq(organisations.id, org.id));
  try {
    await db.transaction(async (tx) => {
      await tx.insert(domainDelegations).values({ parentOrganisationId: org.id, domain, email, createdBy: actor.id });
      await audit(tx, actor.id, 'delegate-domain', 'organisation', org.id, null, { domain, email });
      // In the language of whoever reads the address: its account's, else the delegating organisation's default (decision 1060).
      const voice = voiceOf(await addressLocale(tx, email, parent?.defaultLanguage));
      const organisation = inert(parent?.name ?? voice.t('email.delegation.someOrganisation'));
      await queueEmail(tx, {
        to: email,
        language: voice.language,
        subject: voice.t('email.delegation.subject', { organisation, domain }),
        text: [
          voice.t('email.invitation.hello'),
          voice.t('email.delegation.body', { organisation, domain }),
          voice.t('email.delegation.register', { email }),
          `${publicUrl}/signup`,
          voice.t('email.delegation.existing', { domain }),
          'MentorBridge',
        ].join('\n\n'),
      });
    });
  } catch (error) {
    if (pgCode(error) === PG.uniqueViolation) throw conflict(ORG_MESSAGES.delegateOverlap);
    throw error;
  }
  const list = await delegationsOf(db, org.id);
  const made = list.find((d) => d.domain === domain);
  if (!made) throw new Error('delegation not found after insert');
  return made;
}

/**
 * Revoke a delegation: the sub-domain is the parent's again. The delegate's domains at or under it go,
 * its students there leave it, and the parent (an approved university) takes those it proves.
 */
export async function revokeDelegation(db: Db, actor: Actor, org: ActorOrganisation, id: string) {
  if (!isId(id)) throw notFound('Delegation');
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(domainDelegations)
      .where(and(eq(domainDelegations.id, id), eq(domainDelegations.parentOrganisationId, org.id)))
      .returning();
    if (!gone) throw notFound('Delegation');
    const child = gone.delegateOrganisationId;
    let released: string[] = [];
    if (child) {
      released = (
        await queryRows<{ domain: string }>(
          tx,
          sql`DELETE FROM organisation_domains WHERE organisation_id = ${child} AND ${within(sql`domain`, sql`${gone.domain}`)} RETURNING domain`,
        )
      ).map((r) => r.domain);
      await tx.execute(sql`DELETE FROM student_affiliations WHERE organisation_id = ${child}
        AND ${within(sql`split_part(email, '@', 2)`, sql`${gone.domain}`)}`);
      const members = await tx.select({ userId: organisationMembers.userId }).from(organisationMembers).where(eq(organisationMembers.organisationId, child));
      await notifyEach(tx, members, (m) => m.userId, ({ t }) => ({
        type: 'system',
        subType: 'organisation',
        title: t('notification.delegation.revokedTitle'),
        message: t('notification.delegation.revoked', { domain: gone.domain }),
      }));
    }
    await audit(tx, actor.id, 'revoke-delegation', 'organisation', org.id, { domain: gone.domain, email: gone.email, delegate: child }, { releasedDomains: released });
    if (org.type === 'university') await affiliateConfirmedStudents(tx, org.id);
  });
}
