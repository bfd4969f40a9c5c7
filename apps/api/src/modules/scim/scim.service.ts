import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { SCIM_LIST_SCHEMA, SCIM_USER_SCHEMA, type ScimPatchBody, type ScimUser, type ScimUserBody } from '@app/shared/scim';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { organisations, studentAffiliations } from '../../db/schema/organisations.ts';
import { scimTokens, scimUsers } from '../../db/schema/sso.ts';
import { studentProfiles, users } from '../../db/schema/users.ts';
import { audit } from '../../lib/audit.ts';
import { PG, notFound, pgCode } from '../../lib/errors.ts';
import { isId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/password.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';

/** A SCIM protocol error: rendered in the SCIM error shape by the plugin's error handler. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly scimType?: string,
  ) {
    super(message);
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// ---- Tokens (managed by the organisation's admin) ----

export async function listTokens(db: Db, organisationId: string) {
  const rows = await db.select().from(scimTokens).where(eq(scimTokens.organisationId, organisationId)).orderBy(asc(scimTokens.createdAt));
  return rows.map(tokenDto);
}

function tokenDto(row: typeof scimTokens.$inferSelect) {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** The secret exists only in this answer: the database keeps its SHA-256. */
export async function createToken(db: Db, actorId: string, organisationId: string, name: string) {
  const { token, hash } = randomToken();
  const secret = `scim_${token}`;
  const [row] = await db.insert(scimTokens).values({ organisationId, name, tokenHash: sha256(secret), createdBy: actorId }).returning();
  if (!row) throw new Error('insert returned nothing');
  void hash;
  await audit(db, actorId, 'scim.token.create', 'scim_token', row.id, null, { name });
  return { token: tokenDto(row), secret };
}

export async function revokeToken(db: Db, actorId: string, organisationId: string, id: string) {
  if (!isId(id)) throw notFound('Token');
  const [row] = await db
    .update(scimTokens)
    .set({ revokedAt: sql`coalesce(${scimTokens.revokedAt}, now())` })
    .where(and(eq(scimTokens.id, id), eq(scimTokens.organisationId, organisationId)))
    .returning();
  if (!row) throw notFound('Token');
  await audit(db, actorId, 'scim.token.revoke', 'scim_token', row.id, null, null);
}

/** The organisation a bearer token acts for (approved organisations only), or null. */
export async function organisationOfToken(db: Db, secret: string): Promise<string | null> {
  const [row] = await db
    .update(scimTokens)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(scimTokens.tokenHash, sha256(secret)),
        isNull(scimTokens.revokedAt),
        sql`exists (select 1 from ${organisations} where ${organisations.id} = ${scimTokens.organisationId} and ${organisations.status} = 'approved')`,
      ),
    )
    .returning({ organisationId: scimTokens.organisationId });
  return row?.organisationId ?? null;
}

// ---- Users ----

type Row = { user: typeof users.$inferSelect; scim: typeof scimUsers.$inferSelect };

function toScim(config: Config, { user, scim }: Row): ScimUser {
  return {
    schemas: [SCIM_USER_SCHEMA],
    id: user.id,
    ...(scim.externalId ? { externalId: scim.externalId } : {}),
    userName: scim.userName,
    active: user.isActive,
    displayName: `${user.firstName} ${user.lastName}`.trim(),
    name: { givenName: user.firstName, familyName: user.lastName },
    emails: [{ value: user.email, type: 'work', primary: true }],
    meta: {
      resourceType: 'User',
      created: scim.createdAt.toISOString(),
      lastModified: scim.updatedAt.toISOString(),
      location: `${config.publicUrl}/api/scim/v2/Users/${user.id}`,
    },
  };
}

async function find(db: Db, organisationId: string, id: string): Promise<Row> {
  if (!isId(id)) throw new ScimError(404, 'Resource not found');
  const [row] = await db
    .select({ user: users, scim: scimUsers })
    .from(scimUsers)
    .innerJoin(users, eq(users.id, scimUsers.userId))
    .where(and(eq(scimUsers.userId, id), eq(scimUsers.organisationId, organisationId), isNull(scimUsers.deletedAt)));
  if (!row) throw new ScimError(404, 'Resource not found');
  return row;
}

export async function getUser(db: Db, config: Config, organisationId: string, id: string) {
  return toScim(config, await find(db, organisationId, id));
}

/** `userName eq "…"` and `externalId eq "…"`: what Entra ID and Okta send before creating. */
function parseFilter(filter: string | undefined) {
  if (!filter) return null;
  const match = /^\s*(userName|externalId)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i.exec(filter);
  if (!match) throw new ScimError(400, 'Only filters of the form userName eq "value" or externalId eq "value" are supported', 'invalidFilter');
  return { attribute: match[1]!.toLowerCase() as 'username' | 'externalid', value: match[2]!.replace(/\\(.)/g, '$1') };
}

export async function listUsers(db: Db, config: Config, organisationId: string, query: { filter?: string | undefined; startIndex: number; count: number }) {
  const filter = parseFilter(query.filter);
  const where = and(
    eq(scimUsers.organisationId, organisationId),
    isNull(scimUsers.deletedAt),
    filter?.attribute === 'username' ? sql`lower(${scimUsers.userName}) = lower(${filter.value})` : undefined,
    filter?.attribute === 'externalid' ? eq(scimUsers.externalId, filter.value) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(scimUsers).where(where);
  const rows = await db
    .select({ user: users, scim: scimUsers })
    .from(scimUsers)
    .innerJoin(users, eq(users.id, scimUsers.userId))
    .where(where)
    .orderBy(asc(scimUsers.createdAt), asc(scimUsers.userId))
    .limit(query.count)
    .offset(query.startIndex - 1);
  return {
    schemas: [SCIM_LIST_SCHEMA],
    totalResults: total?.n ?? 0,
    startIndex: query.startIndex,
    itemsPerPage: rows.length,
    Resources: rows.map((r) => toScim(config, r)),
  };
}

interface Fields {
  userName?: string;
  externalId?: string | null;
  active?: boolean;
  email?: string;
  firstName?: string;
  lastName?: string;
}

function fieldsOf(body: ScimUserBody): Fields {
  const primary = body.emails?.find((e) => e.primary) ?? body.emails?.[0];
  const display = body.displayName?.trim().split(/\s+/) ?? [];
  return {
    userName: body.userName,
    ...(body.externalId !== undefined ? { externalId: body.externalId ?? null } : {}),
    ...(body.active !== undefined ? { active: body.active } : {}),
    ...(primary?.value ? { email: primary.value } : EMAIL.test(body.userName) ? { email: body.userName } : {}),
    firstName: body.name?.givenName ?? display[0] ?? undefined,
    lastName: body.name?.familyName ?? (display.length > 1 ? display.slice(1).join(' ') : undefined),
  };
}

function checkEmail(email: string | undefined): string | undefined {
  if (email === undefined) return undefined;
  const normal = email.trim().toLowerCase();
  if (!EMAIL.test(normal) || normal.length > 254) throw new ScimError(400, 'emails[].value must be an e-mail address', 'invalidValue');
  return normal;
}

/**
 * Create: a student affiliated with the organisation. An account that already is one of its affiliated
 * students (e.g. created by a first SSO sign-in) is adopted instead of duplicated.
 */
export async function createUser(db: Db, config: Config, organisationId: string, body: ScimUserBody) {
  const f = fieldsOf(body);
  const email = checkEmail(f.email);
  if (!email) throw new ScimError(400, 'An e-mail address is required (emails[].value or an e-mail userName)', 'invalidValue');
  const [org] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, organisationId));
  const passwordHash = await hashPassword(randomToken().token);
  try {
    const userId = await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: users.id, role: users.role, affiliated: studentAffiliations.organisationId })
        .from(users)
        .leftJoin(studentAffiliations, eq(studentAffiliations.studentId, users.id))
        .where(eq(users.email, email));
      let id: string;
      if (existing) {
        if (existing.role !== 'student' || existing.affiliated !== organisationId) {
          throw new ScimError(409, 'An account with this e-mail address already exists outside this organisation', 'uniqueness');
        }
        id = existing.id;
        await tx.update(users).set({ isActive: f.active ?? true }).where(eq(users.id, id));
      } else {
        const [user] = await tx
          .insert(users)
          .values({
            role: 'student',
            email,
            passwordHash,
            firstName: f.firstName || email.split('@')[0]!,
            lastName: f.lastName ?? '',
            isActive: f.active ?? true,
            isVerified: true,
            emailConfirmedAt: new Date(),
            passwordChangedAt: new Date(),
          })
          .returning({ id: users.id });
        if (!user) throw new Error('insert returned nothing');
        id = user.id;
        await tx.insert(studentProfiles).values({ userId: id, university: org?.name ?? '', course: '', year: 1, rollNumber: '' });
        await tx.insert(studentAffiliations).values({ studentId: id, organisationId, email, confirmedAt: new Date() });
      }
      await tx.insert(scimUsers).values({ userId: id, organisationId, userName: f.userName!, externalId: f.externalId ?? null });
      return id;
    });
    return getUser(db, config, organisationId, userId);
  } catch (error) {
    if (pgCode(error) === PG.uniqueViolation) throw new ScimError(409, 'A user with this userName already exists', 'uniqueness');
    throw error;
  }
}

/** Apply changes; deactivation bumps the token version, which signs the person out everywhere at once. */
async function apply(db: Db, organisationId: string, id: string, f: Fields, replace: boolean) {
  const row = await find(db, organisationId, id);
  const email = checkEmail(f.email);
  try {
    await db.transaction(async (tx) => {
      const userChanges: Partial<typeof users.$inferInsert> = {};
      if (email && email !== row.user.email) userChanges.email = email;
      if (f.firstName !== undefined) userChanges.firstName = f.firstName || row.user.firstName;
      if (f.lastName !== undefined) userChanges.lastName = f.lastName;
      const active = f.active ?? (replace ? true : undefined);
      if (active === false && row.user.isActive) Object.assign(userChanges, { isActive: false, tokenVersion: sql`${users.tokenVersion} + 1` });
      if (active === true && !row.user.isActive) userChanges.isActive = true;
      if (Object.keys(userChanges).length > 0) await tx.update(users).set(userChanges).where(eq(users.id, id));
      if (userChanges.email) await tx.update(studentAffiliations).set({ email: userChanges.email }).where(eq(studentAffiliations.studentId, id));
      const scimChanges: Partial<typeof scimUsers.$inferInsert> = { updatedAt: new Date() };
      if (f.userName) scimChanges.userName = f.userName;
      if (f.externalId !== undefined) scimChanges.externalId = f.externalId;
      else if (replace) scimChanges.externalId = null;
      await tx.update(scimUsers).set(scimChanges).where(eq(scimUsers.userId, id));
      if (active !== undefined && active !== row.user.isActive) {
        await audit(tx, null, active ? 'scim.reactivate' : 'scim.deactivate', 'student', id, { isActive: row.user.isActive }, { isActive: active });
      }
    });
  } catch (error) {
    if (pgCode(error) === PG.uniqueViolation) throw new ScimError(409, 'userName or e-mail address already in use', 'uniqueness');
    throw error;
  }
}

export async function replaceUser(db: Db, config: Config, organisationId: string, id: string, body: ScimUserBody) {
  await apply(db, organisationId, id, fieldsOf(body), true);
  return getUser(db, config, organisationId, id);
}

const asBool = (v: unknown) => {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && /^(true|false)$/i.test(v)) return v.toLowerCase() === 'true';
  throw new ScimError(400, 'active must be true or false', 'invalidValue');
};
const asString = (v: unknown, what: string) => {
  if (typeof v === 'string' && v.length <= 254) return v;
  throw new ScimError(400, `${what} must be a string`, 'invalidValue');
};

/** PATCH as Entra ID and Okta send it: paths such as `active`, `emails[type eq "work"].value`, or a value object. */
export async function patchUser(db: Db, config: Config, organisationId: string, id: string, body: ScimPatchBody) {
  const f: Fields = {};
  const set = (path: string, value: unknown, op: string) => {
    const p = path.toLowerCase().replace(/^urn:ietf:params:scim:schemas:core:2\.0:user:/, '');
    if (p === 'active') f.active = op === 'remove' ? false : asBool(value);
    else if (p === 'username') f.userName = asString(value, 'userName');
    else if (p === 'externalid') f.externalId = op === 'remove' ? null : asString(value, 'externalId');
    else if (p === 'name.givenname') f.firstName = asString(value, 'name.givenName');
    else if (p === 'name.familyname') f.lastName = op === 'remove' ? '' : asString(value, 'name.familyName');
    else if (p === 'displayname') {
      const parts = asString(value, 'displayName').trim().split(/\s+/);
      f.firstName ??= parts[0];
      f.lastName ??= parts.slice(1).join(' ');
    } else if (/^emails(\[.*\])?(\.value)?$/.test(p)) {
      const v = Array.isArray(value) ? (value[0] as { value?: unknown } | undefined)?.value : typeof value === 'object' && value ? (value as { value?: unknown }).value : value;
      if (op !== 'remove') f.email = asString(v, 'emails.value');
    } else if (p === 'name' && typeof value === 'object' && value) {
      const n = value as { givenName?: unknown; familyName?: unknown };
      if (n.givenName !== undefined) f.firstName = asString(n.givenName, 'name.givenName');
      if (n.familyName !== undefined) f.lastName = asString(n.familyName, 'name.familyName');
    } else throw new ScimError(400, `Unsupported path ${path}`, 'invalidPath');
  };
  for (const operation of body.Operations) {
    if (operation.path) set(operation.path, operation.value, operation.op);
    else if (operation.value && typeof operation.value === 'object' && !Array.isArray(operation.value)) {
      for (const [key, value] of Object.entries(operation.value)) set(key, value, operation.op);
    } else throw new ScimError(400, 'An operation needs a path or an object value', 'invalidSyntax');
  }
  await apply(db, organisationId, id, f, false);
  return getUser(db, config, organisationId, id);
}

/** Delete: the person is deactivated (signed out everywhere), keeps their history, and is no longer listed. */
export async function deleteUser(db: Db, organisationId: string, id: string) {
  const row = await find(db, organisationId, id);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ isActive: false, tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, id));
    // Another SCIM create with the same userName may follow: the old row keeps a freed name.
    await tx.update(scimUsers).set({ deletedAt: new Date(), userName: `${row.scim.userName}#deleted-${id}` }).where(eq(scimUsers.userId, id));
    await audit(tx, null, 'scim.delete', 'student', id, { isActive: row.user.isActive }, { isActive: false });
  });
}

export async function isProvisionedBy(db: Db, userId: string, organisationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: scimUsers.userId })
    .from(scimUsers)
    .where(and(eq(scimUsers.userId, userId), eq(scimUsers.organisationId, organisationId), isNull(scimUsers.deletedAt)));
  return Boolean(row);
}
