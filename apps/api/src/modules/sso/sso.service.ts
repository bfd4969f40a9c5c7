import { and, desc, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_MAPPING,
  SSO_MESSAGES,
  type ConnectionDto,
  type CreateConnectionBody,
  type SsoSettingsBody,
  type UpdateConnectionBody,
} from '@app/shared/sso';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { organisationDomains, organisations } from '../../db/schema/organisations.ts';
import { ssoAssertions, ssoConnections, ssoEvents, ssoFlows, ssoResults, ssoSettings, type AttributeMapping } from '../../db/schema/sso.ts';
import { audit } from '../../lib/audit.ts';
import type { CatalogueCache } from '../../lib/cache.ts';
import { PG, badRequest, conflict, notFound, pgCode } from '../../lib/errors.ts';
import { isId } from '../../lib/ids.ts';
import type { SecretBox } from './crypto.ts';
import { certificateInfo, fetchIdpMetadata } from './saml-metadata.ts';
import { checkMetadata, retiringUntil, scheduleAfterImport } from './metadata-refresh.ts';
import { forgetOidcConfiguration, oidcConfiguration } from './oidc.ts';
import { fetchPolicyOf } from './safe-fetch.ts';

export type ConnectionRow = typeof ssoConnections.$inferSelect;
export type SettingsRow = typeof ssoSettings.$inferSelect;

export interface SsoDeps {
  db: Db;
  config: Config;
  box: SecretBox;
  now: () => Date;
}

export function serviceProvider(config: Config, id: string) {
  const base = config.publicUrl;
  return {
    entityId: `${base}/api/sso/saml/${id}/metadata`,
    acsUrl: `${base}/api/sso/saml/${id}/acs`,
    sloUrl: `${base}/api/sso/saml/${id}/slo`,
    metadataUrl: `${base}/api/sso/saml/${id}/metadata`,
    redirectUri: `${base}/api/sso/oidc/callback`,
    postLogoutRedirectUri: `${base}/signin`,
    // OIDC logout started by the IdP (decision 912), per connection: the IdP registers both.
    backchannelLogoutUri: `${base}/api/sso/oidc/${id}/backchannel-logout`,
    frontchannelLogoutUri: `${base}/api/sso/oidc/${id}/frontchannel-logout`,
  };
}

export function toConnectionDto(config: Config, row: ConnectionRow): ConnectionDto {
  return {
    id: row.id,
    protocol: row.protocol,
    name: row.name,
    enabled: row.enabled,
    testedAt: row.testedAt?.toISOString() ?? null,
    oidc:
      row.protocol === 'oidc'
        ? { issuer: row.issuer ?? '', clientId: row.clientId ?? '', hasClientSecret: Boolean(row.clientSecretEnc) }
        : null,
    saml:
      row.protocol === 'saml'
        ? {
            idpEntityId: row.idpEntityId ?? '',
            idpSsoUrl: row.idpSsoUrl ?? '',
            idpSloUrl: row.idpSloUrl,
            certificates: row.idpCertificates.map((c) => ({ ...certificateInfo(c), retiringUntil: retiringUntil(row, c) })),
            metadataUrl: row.metadataUrl,
            metadataRefreshedAt: row.metadataRefreshedAt?.toISOString() ?? null,
            metadataCheckedAt: row.metadataCheckedAt?.toISOString() ?? null,
            metadataError: row.metadataError,
            metadataNextRefreshAt: row.metadataNextRefreshAt?.toISOString() ?? null,
            metadataValidUntil: row.metadataValidUntil?.toISOString() ?? null,
            allowIdpInitiated: row.allowIdpInitiated,
          }
        : null,
    mapping: row.mapping,
    linkPolicy: row.linkPolicy,
    serviceProvider: serviceProvider(config, row.id),
    createdAt: row.createdAt.toISOString(),
  };
}

function settingsDto(config: Config, row: SettingsRow) {
  return {
    slug: row.slug,
    requiredForDomains: row.requiredForDomains,
    requiredAffiliations: row.requiredAffiliations,
    admittedAffiliations: row.admittedAffiliations,
    signInUrl: `${config.publicUrl}/sso/${row.slug}`,
  };
}

export async function overview(deps: SsoDeps, organisationId: string) {
  const { db, config } = deps;
  const [settings] = await db.select().from(ssoSettings).where(eq(ssoSettings.organisationId, organisationId));
  const connections = await db
    .select()
    .from(ssoConnections)
    .where(eq(ssoConnections.organisationId, organisationId))
    .orderBy(ssoConnections.createdAt);
  const events = await db
    .select()
    .from(ssoEvents)
    .where(eq(ssoEvents.organisationId, organisationId))
    .orderBy(desc(ssoEvents.createdAt))
    .limit(50);
  return {
    settings: settings ? settingsDto(config, settings) : null,
    connections: connections.map((c) => toConnectionDto(config, c)),
    events: events.map((e) => ({
      id: e.id,
      connectionId: e.connectionId,
      reason: e.reason,
      detail: e.detail,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

export async function saveSettings(deps: SsoDeps, actorId: string, organisationId: string, input: SsoSettingsBody) {
  const { db } = deps;
  try {
    await db
      .insert(ssoSettings)
      .values({ organisationId, ...input })
      .onConflictDoUpdate({ target: ssoSettings.organisationId, set: { ...input, updatedAt: new Date() } });
  } catch (error) {
    if (pgCode(error) === PG.uniqueViolation) throw conflict(SSO_MESSAGES.slugTaken);
    throw error;
  }
  await audit(db, actorId, 'sso.settings', 'organisation', organisationId, null, input);
  return overview(deps, organisationId);
}

/** OIDC: the issuer must answer discovery with these credentials' issuer before anything is saved. */
async function checkDiscovery(deps: SsoDeps, issuer: string, clientId: string, clientSecret: string) {
  try {
    await oidcConfiguration(deps, { id: `probe:${issuer}`, issuer, clientId, clientSecret, fresh: true });
  } catch (error) {
    throw badRequest(`${SSO_MESSAGES.discoveryFailed}: ${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'}`);
  }
}

async function samlFields(
  deps: SsoDeps,
  input: { metadataXml?: string | undefined; metadataUrl?: string | undefined; allowIdpInitiated: boolean },
  now: Date,
) {
  let xml = input.metadataXml?.trim() ? input.metadataXml : '';
  if (!xml && input.metadataUrl) {
    try {
      xml = await fetchIdpMetadata(input.metadataUrl, fetchPolicyOf(deps.config));
    } catch (error) {
      throw badRequest(`${SSO_MESSAGES.metadataUrlFailed}: ${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'}`);
    }
  }
  const { parsed } = checkMetadata(xml, now);
  return {
    ...scheduleAfterImport(xml, input.metadataUrl, now),
    idpEntityId: parsed.entityId,
    idpSsoUrl: parsed.ssoUrl,
    idpSloUrl: parsed.sloUrl,
    idpCertificates: parsed.certificates,
    metadataUrl: input.metadataUrl ?? null,
    metadataRefreshedAt: input.metadataUrl ? now : null,
    allowIdpInitiated: input.allowIdpInitiated,
  };
}

export async function createConnection(deps: SsoDeps, actorId: string, organisationId: string, input: CreateConnectionBody) {
  const { db, box, config } = deps;
  const mapping: AttributeMapping = input.mapping ?? DEFAULT_MAPPING[input.protocol];
  let values: typeof ssoConnections.$inferInsert;
  if (input.protocol === 'oidc') {
    await checkDiscovery(deps, input.oidc.issuer, input.oidc.clientId, input.oidc.clientSecret);
    values = {
      organisationId,
      protocol: 'oidc',
      name: input.name,
      issuer: input.oidc.issuer,
      clientId: input.oidc.clientId,
      clientSecretEnc: box.seal(input.oidc.clientSecret),
      mapping,
      linkPolicy: input.linkPolicy ?? 'password',
    };
  } else {
    values = { organisationId, protocol: 'saml', name: input.name, mapping, linkPolicy: input.linkPolicy ?? 'password', ...(await samlFields(deps, input.saml, deps.now())) };
  }
  const [row] = await db.insert(ssoConnections).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  await audit(db, actorId, 'sso.connection.create', 'sso_connection', row.id, null, { name: row.name, protocol: row.protocol });
  return toConnectionDto(config, row);
}

export async function requireConnection(db: Db, organisationId: string, id: string): Promise<ConnectionRow> {
  if (!isId(id)) throw notFound('Connection');
  const [row] = await db
    .select()
    .from(ssoConnections)
    .where(and(eq(ssoConnections.id, id), eq(ssoConnections.organisationId, organisationId)));
  if (!row) throw notFound('Connection');
  return row;
}

/** A change to how the IdP is reached or read clears the test: it must pass again before enabling. */
export async function updateConnection(deps: SsoDeps, actorId: string, organisationId: string, id: string, input: UpdateConnectionBody) {
  const { db, box, config } = deps;
  const row = await requireConnection(db, organisationId, id);
  const changes: Partial<typeof ssoConnections.$inferInsert> = {};
  if (input.name) changes.name = input.name;
  let retest = false;
  if (input.oidc) {
    if (row.protocol !== 'oidc') throw badRequest('This is a SAML connection');
    const secret = input.oidc.clientSecret ?? (row.clientSecretEnc ? box.open(row.clientSecretEnc) : '');
    await checkDiscovery(deps, input.oidc.issuer, input.oidc.clientId, secret);
    Object.assign(changes, { issuer: input.oidc.issuer, clientId: input.oidc.clientId, clientSecretEnc: box.seal(secret) });
    retest = true;
  }
  if (input.saml) {
    if (row.protocol !== 'saml') throw badRequest('This is an OpenID Connect connection');
    Object.assign(changes, await samlFields(deps, input.saml, deps.now()));
    retest = true;
  }
  if (input.mapping) {
    changes.mapping = input.mapping;
    retest = true;
  }
  // The link policy decides what happens to existing accounts, not how the IdP is read: no new test.
  if (input.linkPolicy) changes.linkPolicy = input.linkPolicy;
  if (retest) Object.assign(changes, { testedAt: null, enabled: false });
  if (Object.keys(changes).length === 0) return toConnectionDto(config, row);
  const [after] = await db.update(ssoConnections).set(changes).where(eq(ssoConnections.id, row.id)).returning();
  if (!after) throw notFound('Connection');
  forgetOidcConfiguration(row.id);
  await audit(db, actorId, 'sso.connection.update', 'sso_connection', row.id, { name: row.name, linkPolicy: row.linkPolicy }, { name: after.name, retest, linkPolicy: after.linkPolicy });
  return toConnectionDto(config, after);
}

export async function setEnabled(deps: SsoDeps, actorId: string, organisationId: string, id: string, enabled: boolean) {
  const { db, config } = deps;
  const row = await requireConnection(db, organisationId, id);
  // Conditional: enabling needs a passed test, even if a concurrent change cleared it a moment ago.
  const [after] = await db
    .update(ssoConnections)
    .set({ enabled })
    .where(and(eq(ssoConnections.id, row.id), enabled ? sql`${ssoConnections.testedAt} IS NOT NULL` : sql`true`))
    .returning();
  if (!after) throw badRequest(SSO_MESSAGES.notTested);
  if (row.enabled !== enabled) await audit(db, actorId, enabled ? 'sso.connection.enable' : 'sso.connection.disable', 'sso_connection', row.id, null, null);
  return toConnectionDto(config, after);
}

export async function deleteConnection(deps: SsoDeps, actorId: string, organisationId: string, id: string) {
  const row = await requireConnection(deps.db, organisationId, id);
  await deps.db.delete(ssoConnections).where(eq(ssoConnections.id, row.id));
  forgetOidcConfiguration(row.id);
  await audit(deps.db, actorId, 'sso.connection.delete', 'sso_connection', row.id, { name: row.name }, null);
}

/** Enabled connections of the organisation that owns this e-mail's domain. */
export async function discover(db: Db, email: string) {
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  const [org] = await db
    .select({ id: organisations.id, name: organisations.name, status: organisations.status, slug: ssoSettings.slug, required: ssoSettings.requiredForDomains })
    .from(organisationDomains)
    .innerJoin(organisations, eq(organisations.id, organisationDomains.organisationId))
    .leftJoin(ssoSettings, eq(ssoSettings.organisationId, organisations.id))
    .where(eq(organisationDomains.domain, domain));
  if (!org || org.status !== 'approved') return { organisation: null, connections: [], required: false };
  const connections = await enabledConnections(db, org.id);
  if (connections.length === 0) return { organisation: null, connections: [], required: false };
  return {
    organisation: { name: org.name, slug: org.slug ?? '' },
    connections,
    required: org.required === true,
  };
}

async function enabledConnections(db: Db, organisationId: string) {
  return db
    .select({ id: ssoConnections.id, name: ssoConnections.name })
    .from(ssoConnections)
    .where(and(eq(ssoConnections.organisationId, organisationId), eq(ssoConnections.enabled, true)))
    .orderBy(ssoConnections.createdAt);
}

export async function organisationBySlug(db: Db, slug: string) {
  const [org] = await db
    .select({ id: organisations.id, name: organisations.name, status: organisations.status, slug: ssoSettings.slug })
    .from(ssoSettings)
    .innerJoin(organisations, eq(organisations.id, ssoSettings.organisationId))
    .where(eq(ssoSettings.slug, slug.toLowerCase()));
  if (!org || org.status !== 'approved') throw notFound('Organisation');
  const connections = await enabledConnections(db, org.id);
  if (connections.length === 0) throw notFound('Organisation');
  return { organisation: { name: org.name, slug: org.slug }, connections };
}

/** An enabled connection of an approved organisation (or any connection, for a test). */
/** The tables a connection's sign-in read depends on (the catalogue cache's invalidation, lib/cache.ts). */
const CONNECTION_TABLES = ['sso_connections', 'organisations'] as const;

/**
 * The connection a sign-in names. With the catalogue cache (every sign-in step, issue 23's CPU budget) the
 * row is kept per process until any write to `sso_connections` or `organisations` (on any process, through
 * the cache's LISTEN invalidation; bypassed while LISTEN is down): a connection disabled, edited or deleted
 * takes effect at once.
 */
export async function connectionForSignIn(db: Db, id: string, opts: { test?: boolean; cache?: CatalogueCache } = {}) {
  if (!isId(id)) throw notFound('Connection');
  const read = async () => {
    const [found] = await db
      .select({ connection: ssoConnections, status: organisations.status })
      .from(ssoConnections)
      .innerJoin(organisations, eq(organisations.id, ssoConnections.organisationId))
      .where(eq(ssoConnections.id, id));
    return found ?? null;
  };
  const row = opts.cache ? await opts.cache.get('sso.connection', CONNECTION_TABLES, id, read) : await read();
  if (!row || (!opts.test && (!row.connection.enabled || row.status !== 'approved'))) throw notFound('Connection');
  return row.connection;
}

export async function recordEvent(db: Db, at: { organisationId: string | null; connectionId: string | null }, reason: string, detail: string) {
  const [row] = await db
    .insert(ssoEvents)
    .values({ organisationId: at.organisationId, connectionId: at.connectionId, reason, detail: detail.slice(0, 1000) })
    .returning({ id: ssoEvents.id });
  return row?.id ?? '';
}

export async function pruneExpired(db: Db, now: Date) {
  await db.delete(ssoFlows).where(sql`${ssoFlows.expiresAt} < ${now}`);
  await db.delete(ssoResults).where(sql`${ssoResults.expiresAt} < ${now}`);
  await db.delete(ssoAssertions).where(sql`${ssoAssertions.expiresAt} < ${now}`);
}
