import { and, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import { LOGIN_MESSAGES } from '@app/shared/auth';
import { SSO_MESSAGES, type ExchangeData, type TestReport } from '@app/shared/sso';
import type { Db } from '../../db/client.ts';
import type { CatalogueCache } from '../../lib/cache.ts';
import { organisationDomains, organisations, studentAffiliations } from '../../db/schema/organisations.ts';
import { ssoConnections, ssoIdentities, ssoResults, ssoSettings } from '../../db/schema/sso.ts';
import { studentProfiles, users } from '../../db/schema/users.ts';
import { AppError, PG, badRequest, pgCode } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { randomToken, sha256, type TokenService } from '../../lib/tokens.ts';
import { ErrorCode } from '@app/shared/api';
import type { Config } from '../../config.ts';
import { sessionFor } from '../organisations/index.ts';
import { findUserByEmail } from '../users/index.ts';
import { loginThrottle as throttle } from '../auth/index.ts';
import type { SecretBox } from './crypto.ts';
import { SsoFailure } from './failure.ts';
import { isProvisionedBy } from '../scim/index.ts';
import type { ConnectionRow } from './sso.service.ts';
import { recordEvent } from './sso.service.ts';
import { linkOutcome } from './link-policy.ts';
import { rememberOidcSession } from './oidc-logout.ts';

export interface SignInDeps {
  db: Db;
  config: Config;
  box: SecretBox;
  tokens: TokenService;
  now: () => Date;
  /** The catalogue cache: the organisation's SSO settings are read once per process until they change. */
  cache?: CatalogueCache;
}

const RESULT_TTL_MS = 2 * 60_000;
const LINK_TTL_MS = 15 * 60_000;

export interface Mapped {
  subject: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  affiliations: string[];
}

function values(claims: Record<string, unknown>, names: string[]): string[] {
  for (const name of names) {
    const v = claims[name];
    const list = (Array.isArray(v) ? v : [v]).filter((x): x is string | number => typeof x === 'string' || typeof x === 'number');
    const strings = list.map((x) => String(x).trim()).filter(Boolean);
    if (strings.length > 0) return strings;
  }
  return [];
}

/** Claims/attributes → the fields an account needs, by the connection's mapping. */
export function mapClaims(connection: Pick<ConnectionRow, 'mapping'>, claims: Record<string, unknown>): Mapped {
  const m = connection.mapping;
  const email = values(claims, m.email)[0]?.toLowerCase() ?? null;
  let firstName = values(claims, m.firstName)[0] ?? null;
  let lastName = values(claims, m.lastName)[0] ?? null;
  const display = values(claims, m.displayName)[0];
  if (!firstName && display) {
    const [first, ...rest] = display.split(/\s+/);
    firstName = first ?? null;
    lastName ??= rest.join(' ') || null;
  }
  // The connection's role values first (decision 901: "Undergraduate" -> student), exact then without
  // case; otherwise eduPersonScopedAffiliation "student@uni.edu" counts as "student".
  const table = m.affiliationValues ?? {};
  const lowerTable = new Map(Object.entries(table).map(([from, to]) => [from.toLowerCase(), to]));
  const affiliations = [
    ...new Set(values(claims, m.affiliation).map((a) => table[a] ?? lowerTable.get(a.toLowerCase()) ?? a.split('@')[0]!.toLowerCase())),
  ];
  return { subject: values(claims, m.subject)[0] ?? null, email, firstName, lastName, affiliations };
}

interface Assertion {
  issuer: string;
  claims: Record<string, unknown>;
  idToken?: string | null;
  /** OIDC: the ID token's `sid`, what a back-/front-channel logout names (decision 912). */
  oidcSid?: string | null;
  /** SAML: what a Single Logout names (decision 851). */
  samlSession?: { nameId: string; nameIdFormat: string | null; sessionIndex: string | null } | null;
}

/** What a returning person's sign-in needs of their account (a narrow read: issue 23's CPU budget). */
type KnownUser = Pick<typeof users.$inferSelect, 'id' | 'email' | 'role' | 'isActive' | 'firstName' | 'lastName'>;

type Outcome =
  | { kind: 'existing'; user: KnownUser; identityId: string }
  | { kind: 'create' }
  | { kind: 'link'; user: typeof users.$inferSelect }
  | { kind: 'adopt'; user: typeof users.$inferSelect };

async function decide(db: Db, connection: ConnectionRow, assertion: Assertion, mapped: Mapped, cache?: CatalogueCache): Promise<Outcome> {
  if (!mapped.subject) throw new SsoFailure('subject', `none of ${connection.mapping.subject.join(', ')} was sent`);
  const readSettings = async () => (await db.select().from(ssoSettings).where(eq(ssoSettings.organisationId, connection.organisationId)))[0] ?? null;
  const settings = cache ? await cache.get('sso.settings', ['sso_settings'], connection.organisationId, readSettings) : await readSettings();
  const admitted = settings?.admittedAffiliations ?? [];
  if (admitted.length > 0 && !mapped.affiliations.some((a) => admitted.includes(a))) {
    throw new SsoFailure('affiliation', `affiliations [${mapped.affiliations.join(', ')}] are not among the admitted [${admitted.join(', ')}]`);
  }
  const [found] = await db
    .select({
      user: { id: users.id, email: users.email, role: users.role, isActive: users.isActive, firstName: users.firstName, lastName: users.lastName },
      identityId: ssoIdentities.id,
    })
    .from(ssoIdentities)
    .innerJoin(users, eq(users.id, ssoIdentities.userId))
    .where(and(eq(ssoIdentities.issuer, assertion.issuer), eq(ssoIdentities.subject, mapped.subject)));
  if (found) {
    if (!found.user.isActive) throw new SsoFailure('deactivated', `account ${found.user.id} is deactivated`);
    return { kind: 'existing', user: found.user, identityId: found.identityId };
  }
  if (!mapped.email) throw new SsoFailure('email', `none of ${connection.mapping.email.join(', ')} was sent`);
  // A new person (created or linked) must have an address at one of the organisation's own domains: a
  // connection to a shared IdP (Google, a multi-tenant directory) cannot bring in anyone else.
  const domain = mapped.email.split('@')[1] ?? '';
  const [own] = await db
    .select({ id: organisationDomains.id })
    .from(organisationDomains)
    .where(and(eq(organisationDomains.organisationId, connection.organisationId), eq(organisationDomains.domain, domain)));
  if (!own) throw new SsoFailure('email', `${mapped.email} is not at one of the organisation's domains`);
  const existing = await findUserByEmail(db, mapped.email);
  if (existing) {
    if (existing.role === 'admin') throw new SsoFailure('role', 'a platform administrator signs in with a password (break-glass)');
    if (!existing.isActive) throw new SsoFailure('deactivated', `account ${existing.id} is deactivated`);
    // The organisation itself provisioned this account (SCIM): its own IdP vouches for it, no proof needed.
    if (await isProvisionedBy(db, existing.id, connection.organisationId)) return { kind: 'adopt', user: existing };
    return { kind: await linkOutcome(db, connection, existing, mapped.email, assertion.claims), user: existing };
  }
  return { kind: 'create' };
}

async function storeResult(
  db: Db,
  now: Date,
  values: { kind: 'session' | 'test' | 'link'; userId: string | null; payload?: Record<string, unknown>; next?: string | null },
  ttl = RESULT_TTL_MS,
) {
  const { token, hash } = randomToken();
  await db.insert(ssoResults).values({
    codeHash: hash,
    kind: values.kind,
    userId: values.userId,
    payload: values.payload ?? {},
    next: values.next ?? null,
    expiresAt: new Date(now.getTime() + ttl),
  });
  return token;
}

/**
 * What a verified assertion does: a test report (nothing changes but the connection's tested mark), a
 * link-by-proof ticket, or a session for an existing or just-created student. Returns the one-time code
 * the web app exchanges.
 */
export async function complete(
  deps: SignInDeps,
  connection: ConnectionRow,
  flow: { mode: 'signin' | 'test'; testerId: string | null; next: string | null },
  assertion: Assertion,
): Promise<string> {
  const { db } = deps;
  const now = deps.now();
  const mapped = mapClaims(connection, assertion.claims);
  if (flow.mode === 'test') {
    let report: TestReport;
    const base = { connectionId: connection.id, claims: assertion.claims, mapped };
    try {
      const outcome = await decide(db, connection, assertion, mapped, deps.cache);
      const user = outcome.kind === 'create' ? null : outcome.user;
      report = {
        ...base,
        outcome: outcome.kind === 'adopt' ? 'existing' : outcome.kind,
        account: user ? { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`.trim() } : null,
        refusal: null,
      };
      await db.update(ssoConnections).set({ testedAt: now }).where(eq(ssoConnections.id, connection.id));
    } catch (error) {
      if (!(error instanceof SsoFailure)) throw error;
      report = { ...base, outcome: 'refused', account: null, refusal: `${error.reason}: ${error.detail}` };
      await recordEvent(db, { organisationId: connection.organisationId, connectionId: connection.id }, error.reason, `test: ${error.detail}`);
    }
    return storeResult(db, now, { kind: 'test', userId: flow.testerId, payload: report as unknown as Record<string, unknown> });
  }

  const outcome = await decide(db, connection, assertion, mapped, deps.cache);
  const idTokenEnc = assertion.idToken ? deps.box.seal(assertion.idToken) : null;
  // Which IdP session the MentorBridge session comes from, for logout started by the IdP (decision 912).
  const oidcSession = connection.protocol === 'oidc' ? { oidcConnectionId: connection.id, oidcSid: assertion.oidcSid ?? null } : {};
  if (outcome.kind === 'link') {
    return storeResult(
      db,
      now,
      {
        kind: 'link',
        userId: outcome.user.id,
        payload: { connectionId: connection.id, issuer: assertion.issuer, subject: mapped.subject, affiliations: mapped.affiliations, idTokenEnc, ...oidcSession },
        next: flow.next,
      },
      LINK_TTL_MS,
    );
  }
  // SAML: what a Single Logout will name (decision 851), written with the identity.
  const slo = assertion.samlSession ?? null;
  const sloFields =
    connection.protocol === 'saml' ? { samlNameId: slo?.nameId ?? null, samlNameIdFormat: slo?.nameIdFormat ?? null, samlSessionIndex: slo?.sessionIndex ?? null } : null;
  let userId: string;
  if (outcome.kind === 'existing') {
    userId = outcome.user.id;
    await db
      .update(ssoIdentities)
      .set({ affiliations: mapped.affiliations, lastSignInAt: now, lastIdTokenEnc: idTokenEnc, connectionId: connection.id, ...sloFields })
      .where(eq(ssoIdentities.id, outcome.identityId));
    if (mapped.email && mapped.email !== outcome.user.email) await followEmailChange(deps, connection, userId, mapped.email);
  } else if (outcome.kind === 'adopt') {
    userId = outcome.user.id;
    await db
      .insert(ssoIdentities)
      .values({
        userId,
        connectionId: connection.id,
        organisationId: connection.organisationId,
        issuer: assertion.issuer,
        subject: mapped.subject!,
        affiliations: mapped.affiliations,
        lastIdTokenEnc: idTokenEnc,
        lastSignInAt: now,
      })
      .onConflictDoNothing();
    // Linked by the `verified` policy: affiliated as the password link would (SCIM people already are).
    if (outcome.user.role === 'student') {
      await db
        .insert(studentAffiliations)
        .values({ studentId: userId, organisationId: connection.organisationId, email: outcome.user.email, confirmedAt: now })
        .onConflictDoNothing();
    }
  } else {
    userId = await createStudent(deps, connection, assertion.issuer, mapped, idTokenEnc);
  }
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
  if (sloFields && outcome.kind !== 'existing') {
    await db
      .update(ssoIdentities)
      .set(sloFields)
      .where(and(eq(ssoIdentities.userId, userId), eq(ssoIdentities.connectionId, connection.id)));
  }
  return storeResult(db, now, { kind: 'session', userId, next: flow.next, payload: oidcSession });
}

/** The IdP says the address changed: the same account follows it (unless another account holds it). */
async function followEmailChange(deps: SignInDeps, connection: ConnectionRow, userId: string, email: string) {
  try {
    await deps.db.transaction(async (tx) => {
      await tx.update(users).set({ email, emailConfirmedAt: deps.now() }).where(eq(users.id, userId));
      await tx.update(studentAffiliations).set({ email }).where(eq(studentAffiliations.studentId, userId));
    });
  } catch (error) {
    if (pgCode(error) !== PG.uniqueViolation) throw error;
    await recordEvent(
      deps.db,
      { organisationId: connection.organisationId, connectionId: connection.id },
      'email',
      `the IdP's new address for account ${userId} belongs to another account; the old address was kept`,
    );
  }
}

async function createStudent(deps: SignInDeps, connection: ConnectionRow, issuer: string, mapped: Mapped, idTokenEnc: string | null) {
  const [org] = await deps.db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, connection.organisationId));
  const now = deps.now();
  // Nobody knows this password: the account signs in through its organisation (or sets one by reset).
  const passwordHash = await hashPassword(randomToken().token);
  try {
    return await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          role: 'student',
          email: mapped.email!,
          passwordHash,
          firstName: mapped.firstName ?? mapped.email!.split('@')[0]!,
          lastName: mapped.lastName ?? '',
          isVerified: true,
          emailConfirmedAt: now,
          passwordChangedAt: now,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('insert returned nothing');
      await tx.insert(studentProfiles).values({ userId: user.id, university: org?.name ?? '', course: '', year: 1, rollNumber: '' });
      await tx.insert(studentAffiliations).values({ studentId: user.id, organisationId: connection.organisationId, email: mapped.email!, confirmedAt: now });
      await tx.insert(ssoIdentities).values({
        userId: user.id,
        connectionId: connection.id,
        organisationId: connection.organisationId,
        issuer,
        subject: mapped.subject!,
        affiliations: mapped.affiliations,
        lastIdTokenEnc: idTokenEnc,
        lastSignInAt: now,
      });
      return user.id;
    });
  } catch (error) {
    // Two first sign-ins of the same person at once: the other one created the account.
    if (pgCode(error) === PG.uniqueViolation) {
      const [row] = await deps.db
        .select({ userId: ssoIdentities.userId })
        .from(ssoIdentities)
        .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, mapped.subject!)));
      if (row) return row.userId;
    }
    throw error;
  }
}

const codeInvalid = () => badRequest(SSO_MESSAGES.codeInvalid);

/** The web app's half: the one-time code becomes a session (or the test report, or a link ticket). */
export async function exchange(deps: SignInDeps, code: string, actorId: string | null): Promise<ExchangeData> {
  const { db } = deps;
  const now = deps.now();
  const hash = sha256(code);
  // The common case, a sign-in's code, is consumed by one statement; test reports and link tickets are read first.
  const [signIn] = await db
    .update(ssoResults)
    .set({ usedAt: now })
    .where(and(eq(ssoResults.codeHash, hash), eq(ssoResults.kind, 'session'), isNull(ssoResults.usedAt), gt(ssoResults.expiresAt, now)))
    .returning({ ...getTableColumns(ssoResults), active: sql<boolean | null>`(select ${users.isActive} from ${users} where ${users.id} = ${ssoResults.userId})` });
  if (signIn) return startSession(deps, signIn, signIn.active);
  const [row] = await db
    .select()
    .from(ssoResults)
    .where(and(eq(ssoResults.codeHash, hash), isNull(ssoResults.usedAt), gt(ssoResults.expiresAt, now)));
  if (!row) throw codeInvalid();
  if (row.kind === 'link') {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.userId ?? ''));
    const connectionId = String(row.payload.connectionId ?? '');
    const [org] = await db
      .select({ name: organisations.name })
      .from(ssoConnections)
      .innerJoin(organisations, eq(organisations.id, ssoConnections.organisationId))
      .where(eq(ssoConnections.id, connectionId));
    if (!user) throw codeInvalid();
    return { kind: 'link', ticket: code, email: user.email, organisation: org?.name ?? '' };
  }
  // A test report is only for the admin who ran the test.
  if (row.kind === 'test' && (!actorId || actorId !== row.userId)) throw codeInvalid();
  const [used] = await db
    .update(ssoResults)
    .set({ usedAt: now })
    .where(and(eq(ssoResults.id, row.id), isNull(ssoResults.usedAt)))
    .returning({ id: ssoResults.id });
  if (!used) throw codeInvalid();
  if (row.kind === 'test') return { kind: 'test', report: row.payload as unknown as TestReport };
  const [user] = await db.select({ isActive: users.isActive }).from(users).where(eq(users.id, row.userId ?? ''));
  return startSession(deps, row, user?.isActive ?? null);
}

async function startSession(deps: SignInDeps, row: typeof ssoResults.$inferSelect, active: boolean | null): Promise<ExchangeData> {
  const { db } = deps;
  if (!active) throw new AppError(ErrorCode.FORBIDDEN, 403, LOGIN_MESSAGES.deactivated);
  const auth = await sessionFor(db, deps.tokens, row.userId!, undefined, 'sso');
  await rememberOidcSession(db, deps.tokens, { userId: row.userId!, payload: row.payload }, auth.token);
  return { kind: 'session', auth, next: row.next };
}

/** Proof of ownership: the account's password, once; then the IdP identity is linked and a session starts. */
export async function link(deps: SignInDeps, ticket: string, password: string, ip: string) {
  const { db, config } = deps;
  const now = deps.now();
  const hash = sha256(ticket);
  const [row] = await db
    .select()
    .from(ssoResults)
    .where(and(eq(ssoResults.codeHash, hash), eq(ssoResults.kind, 'link'), isNull(ssoResults.usedAt), gt(ssoResults.expiresAt, now)));
  if (!row?.userId) throw codeInvalid();
  const [user] = await db.select().from(users).where(eq(users.id, row.userId));
  if (!user) throw codeInvalid();
  await throttle.assertMayTry(db, config.login, user.email, ip);
  if (!(await verifyPassword(user.passwordHash, password))) {
    await throttle.recordFailure(db, config.login, user.email, ip);
    throw badRequest(SSO_MESSAGES.linkWrongPassword);
  }
  if (!user.isActive) throw new AppError(ErrorCode.FORBIDDEN, 403, LOGIN_MESSAGES.deactivated);
  const p = row.payload as { connectionId: string; issuer: string; subject: string; affiliations: string[]; idTokenEnc: string | null };
  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(ssoResults)
      .set({ usedAt: now })
      .where(and(eq(ssoResults.id, row.id), isNull(ssoResults.usedAt)))
      .returning({ id: ssoResults.id });
    if (!used) throw codeInvalid();
    const [connection] = await tx.select().from(ssoConnections).where(eq(ssoConnections.id, p.connectionId));
    if (!connection) throw codeInvalid();
    await tx
      .insert(ssoIdentities)
      .values({
        userId: user.id,
        connectionId: connection.id,
        organisationId: connection.organisationId,
        issuer: p.issuer,
        subject: p.subject,
        affiliations: p.affiliations,
        lastIdTokenEnc: p.idTokenEnc,
        lastSignInAt: now,
      })
      .onConflictDoNothing();
    if (user.role === 'student') {
      await tx
        .insert(studentAffiliations)
        .values({ studentId: user.id, organisationId: connection.organisationId, email: user.email, confirmedAt: now })
        .onConflictDoNothing();
    }
    await tx.update(users).set({ lastLoginAt: now, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now})` }).where(eq(users.id, user.id));
  });
  await throttle.recordSuccess(db, user.email, ip);
  const auth = await sessionFor(db, deps.tokens, user.id, undefined, 'sso');
  await rememberOidcSession(db, deps.tokens, { userId: user.id, payload: row.payload }, auth.token);
  return { auth, next: row.next };
}
