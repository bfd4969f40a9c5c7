import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { TestContext } from '../../../test/harness.ts';
import { emails } from '../../db/schema/platform.ts';
import { organisationDomains, organisationMembers, organisations } from '../../db/schema/organisations.ts';
import { users } from '../../db/schema/users.ts';
import { hashPassword } from '../../lib/password.ts';

export interface BuiltMember {
  id: string;
  email: string;
  organisationId: string;
  domain: string;
  token: string;
  auth: { authorization: string };
}

const unique = () => randomBytes(4).toString('hex');
let hash: Promise<string> | undefined;

/** An organisation (approved unless told) with one member at its own domain. */
export async function buildOrganisationMember(
  t: TestContext,
  options: { type?: 'university' | 'company'; status?: 'pending' | 'approved' | 'suspended' | 'rejected'; domain?: string } = {},
): Promise<BuiltMember> {
  const db = t.database.db;
  const type = options.type ?? 'university';
  const domain = options.domain ?? `${type}-${unique()}.org`;
  const [org] = await db
    .insert(organisations)
    .values({ type, name: `Test ${type} ${unique()}`, country: 'India', website: `https://${domain}`, status: options.status ?? 'approved', contactEmail: `admin@${domain}` })
    .returning();
  if (!org) throw new Error('organisation insert failed');
  await db.insert(organisationDomains).values({ organisationId: org.id, domain, verifiedAt: new Date() }); // the member's confirmed address proves it
  const email = `admin-${unique()}@${domain}`;
  const role = type === 'university' ? 'university_admin' : 'company_admin';
  const [user] = await db
    .insert(users)
    .values({ role, email, passwordHash: await (hash ??= hashPassword('Passw0rd!')), firstName: 'Org', lastName: 'Admin', passwordChangedAt: new Date(), emailConfirmedAt: new Date() })
    .returning({ id: users.id });
  if (!user) throw new Error('member insert failed');
  await db.insert(organisationMembers).values({ userId: user.id, organisationId: org.id });
  const token = await t.app.ctx.tokens.sign({ sub: user.id, role, tv: 0 }, false);
  return { id: user.id, email, organisationId: org.id, domain, token, auth: { authorization: `Bearer ${token}` } };
}

/** The newest e-mail to an address (full text, secrets included: it is what the recipient reads). */
export async function lastEmailTo(t: TestContext, to: string) {
  const [mail] = await t.database.db.select().from(emails).where(eq(emails.to, to)).orderBy(desc(emails.createdAt), desc(emails.id)).limit(1);
  return mail;
}

export function linkToken(text: string, param = 'token'): string {
  const match = new RegExp(`[?&]${param}=([^\\s&]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${param} in e-mail`);
  return decodeURIComponent(match[1]);
}

export function sixDigitCode(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error('no code in e-mail');
  return match[1];
}
