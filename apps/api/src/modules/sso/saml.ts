import { randomBytes } from 'node:crypto';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { nextPath } from '@app/shared/sso';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { CatalogueCache } from '../../lib/cache.ts';
import { ssoAssertions, ssoFlows, type ssoConnections } from '../../db/schema/sso.ts';
import { PG, pgCode } from '../../lib/errors.ts';
import { SsoFailure } from './failure.ts';
import { FLOW_TTL_MS } from './oidc.ts';
import { toPem } from './saml-metadata.ts';
import { serviceProvider } from './sso.service.ts';
import type { SecretBox } from './crypto.ts';
import { signingKeys, type SigningKeys } from './sp-keys.ts';

interface Deps {
  db: Db;
  config: Config;
  box: SecretBox;
  now: () => Date;
  cache?: CatalogueCache;
}
type Connection = typeof ssoConnections.$inferSelect;

const SKEW_MS = 2 * 60_000;
const SAML_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';

const stateKey = (requestId: string) => `saml:${requestId}`;

/**
 * InResponseTo lives in the database: a response is accepted by whichever process receives it, for a
 * request any process sent. node-saml asks `getAsync`; the flow is consumed once after validation.
 */
function databaseCache(deps: Deps, connectionId: string, pending?: () => typeof ssoFlows.$inferInsert): CacheProvider {
  // node-saml asks for the same request id more than once while validating one response: one read each.
  const asked = new Map<string, Promise<string | null>>();
  return {
    async saveAsync(key, value) {
      if (pending) await deps.db.insert(ssoFlows).values({ ...pending(), stateKey: stateKey(key) });
      return { value, createdAt: deps.now().getTime() };
    },
    async getAsync(key) {
      let answer = asked.get(key);
      if (!answer) {
        answer = (async () => {
          const [row] = await deps.db
            .select({ createdAt: ssoFlows.createdAt })
            .from(ssoFlows)
            .where(and(eq(ssoFlows.stateKey, stateKey(key)), eq(ssoFlows.connectionId, connectionId), gt(ssoFlows.expiresAt, deps.now())));
          // A used request still counts here: the replayed assertion is then refused by its id (reason `replay`),
          // and the flow itself is consumed once below.
          return row ? row.createdAt.toISOString() : null;
        })();
        asked.set(key, answer);
      }
      return answer;
    },
    async removeAsync(key) {
      return key;
    },
  };
}

function samlFor(deps: Deps, connection: Connection, cacheProvider?: CacheProvider, requestId?: string, keys?: SigningKeys) {
  const sp = serviceProvider(deps.config, connection.id);
  return new SAML({
    // What we send over HTTP-Redirect (AuthnRequest, LogoutRequest, LogoutResponse) is signed with the
    // connection's active key, RSA-SHA256 (decision 910); the IdP has the certificate from our metadata.
    ...(keys ? { privateKey: keys.privateKey, publicCert: keys.certificate, signatureAlgorithm: 'sha256' as const, digestAlgorithm: 'sha256' as const } : {}),
    callbackUrl: sp.acsUrl,
    entryPoint: connection.idpSsoUrl ?? '',
    // Single Logout over HTTP-Redirect (decision 851): to the IdP's SLO URL, back to ours.
    logoutUrl: connection.idpSloUrl ?? connection.idpSsoUrl ?? '',
    logoutCallbackUrl: sp.sloUrl,
    issuer: sp.entityId,
    audience: sp.entityId,
    idpIssuer: connection.idpEntityId ?? '',
    // Every certificate configured: two during a rotation, both accepted.
    idpCert: connection.idpCertificates.map(toPem),
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: SKEW_MS,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    validateInResponseTo: connection.allowIdpInitiated ? ValidateInResponseTo.ifPresent : ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: FLOW_TTL_MS,
    cacheProvider: cacheProvider ?? databaseCache(deps, connection.id),
    ...(requestId ? { generateUniqueId: () => requestId } : {}),
  });
}

const POST_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/**
 * The SP metadata: entity id, ACS (HTTP-POST), Single Logout (HTTP-Redirect, the binding our SLO
 * endpoint serves; node-saml writes HTTP-POST) and every signing certificate to publish (KeyDescriptor
 * use="signing": the active key and, during a rollover, the next one).
 */
export async function samlMetadata(deps: Deps, connection: Connection): Promise<string> {
  const keys = await signingKeys(deps, connection.id);
  const xml = samlFor(deps, connection, undefined, undefined, keys).generateServiceProviderMetadata(null, keys.published);
  return xml.replace(/(<SingleLogoutService\b[^>]*\bBinding=")([^"]+)(")/, (_m, a: string, binding: string, c: string) =>
    `${a}${binding === POST_BINDING ? REDIRECT_BINDING : binding}${c}`,
  );
}

export async function startSaml(
  deps: Deps,
  connection: Connection,
  flow: { mode: 'signin' | 'test'; testerId?: string; next: string | undefined },
): Promise<string> {
  const requestId = `_${randomBytes(20).toString('hex')}`;
  const cache = databaseCache(deps, connection.id, () => ({
    connectionId: connection.id,
    stateKey: '',
    mode: flow.mode,
    testerId: flow.testerId ?? null,
    next: flow.next ?? null,
    expiresAt: new Date(deps.now().getTime() + FLOW_TTL_MS),
  }));
  const keys = await signingKeys(deps, connection.id);
  return samlFor(deps, connection, cache, requestId, keys).getAuthorizeUrlAsync('', undefined, {});
}

function reasonOf(message: string): SsoFailure['reason'] {
  if (/signature|cert/i.test(message)) return 'signature';
  if (/audience/i.test(message)) return 'audience';
  if (/expired|NotOnOrAfter/i.test(message)) return 'expired';
  if (/not yet valid|NotBefore/i.test(message)) return 'expired';
  // node-saml's word for a SubjectConfirmationData whose NotOnOrAfter has passed.
  if (/no valid subject confirmation/i.test(message)) return 'expired';
  if (/InResponseTo/i.test(message) && /missing/i.test(message)) return 'unsolicited';
  if (/InResponseTo/i.test(message)) return 'state';
  if (/issuer/i.test(message)) return 'issuer';
  if (/status/i.test(message)) return 'idp';
  return 'other';
}

function parse(xml: string): Document | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return null;
  try {
    return new DOMParser({ errorHandler: { warning: () => undefined, error: () => undefined } }).parseFromString(xml, 'text/xml') as unknown as Document;
  } catch {
    return null;
  }
}

/**
 * The ACS: node-saml checks the signature (assertion, with any configured certificate; wrapped
 * signatures fail its reference checks), issuer, audience, NotBefore/NotOnOrAfter and InResponseTo. We
 * add: SHA-1 refused, recipient and destination, each assertion id once, and the flow consumed once.
 */
export async function finishSaml(deps: Deps, connection: Connection, samlResponse: string, relayState: string | undefined) {
  const sp = serviceProvider(deps.config, connection.id);
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  const outer = parse(xml);
  if (!outer) throw new SsoFailure('other', 'the response is not readable XML');
  if (/xmldsig#(rsa-)?sha1|xmldsig#sha1|rsa-sha1/i.test(xml)) throw new SsoFailure('signature', 'SHA-1 signatures or digests are refused');
  const destination = outer.documentElement?.getAttribute('Destination');
  if (destination && destination !== sp.acsUrl) throw new SsoFailure('audience', `Destination ${destination} is not this ACS URL`);

  let profile: Profile | null;
  try {
    ({ profile } = await samlFor(deps, connection).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    const message = error instanceof Error ? error.message : 'invalid response';
    throw new SsoFailure(reasonOf(message), message);
  }
  if (!profile) throw new SsoFailure('other', 'the response carries no assertion');
  const assertionXml = profile.getAssertionXml?.() ?? '';
  const assertion = parse(assertionXml)?.documentElement;
  if (!assertion) throw new SsoFailure('other', 'the assertion is not readable');
  const assertionId = assertion.getAttribute('ID') ?? '';
  const confirmation = assertion.getElementsByTagNameNS(SAML_NS, 'SubjectConfirmationData')[0];
  const recipient = confirmation?.getAttribute('Recipient');
  if (!recipient || recipient !== sp.acsUrl) throw new SsoFailure('audience', `Recipient ${recipient ?? '(none)'} is not this ACS URL`);
  const notOnOrAfter = confirmation?.getAttribute('NotOnOrAfter') ?? assertion.getElementsByTagNameNS(SAML_NS, 'Conditions')[0]?.getAttribute('NotOnOrAfter');
  const keepUntil = notOnOrAfter ? new Date(Date.parse(notOnOrAfter) + SKEW_MS) : new Date(deps.now().getTime() + 24 * 3600_000);

  // Replay: an assertion id is accepted once, by any process.
  try {
    await deps.db.insert(ssoAssertions).values({ issuer: profile.issuer, assertionId, expiresAt: keepUntil });
  } catch (error) {
    if (pgCode(error) === PG.uniqueViolation) throw new SsoFailure('replay', `assertion ${assertionId} was already used`);
    throw error;
  }

  let flow: { mode: 'signin' | 'test'; testerId: string | null; next: string | null };
  const inResponseTo = typeof profile.inResponseTo === "string" ? profile.inResponseTo : null;
  if (inResponseTo) {
    const [row] = await deps.db
      .update(ssoFlows)
      .set({ usedAt: deps.now() })
      .where(and(eq(ssoFlows.stateKey, stateKey(inResponseTo)), eq(ssoFlows.connectionId, connection.id), isNull(ssoFlows.usedAt)))
      .returning();
    if (!row) throw new SsoFailure('state', `InResponseTo ${inResponseTo} is not a request sent for this connection, or was answered already`);
    flow = row;
  } else {
    // IdP-initiated (only where allowed, enforced by node-saml's validateInResponseTo): RelayState is the page.
    const next = nextPath.safeParse(relayState || undefined);
    flow = { mode: 'signin', testerId: null, next: next.success ? (next.data ?? null) : null };
  }

  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const claims: Record<string, unknown> = { ...attributes, nameIDFormat: profile.nameIDFormat };
  // A transient NameID changes every sign-in: never a key (the mapping falls back to eduPersonPrincipalName).
  if (profile.nameID && profile.nameIDFormat !== TRANSIENT) claims.nameID = profile.nameID;
  // Single Logout names the IdP session by NameID (transient too) and SessionIndex.
  const samlSession = profile.nameID
    ? { nameId: profile.nameID, nameIdFormat: profile.nameIDFormat ?? null, sessionIndex: typeof profile.sessionIndex === 'string' ? profile.sessionIndex : null }
    : null;
  return { flow, issuer: profile.issuer, claims, samlSession };
}

/**
 * SP-initiated Single Logout: the LogoutRequest for the IdP session this person signed in with
 * (HTTP-Redirect). The request id is stored like an AuthnRequest's, so the LogoutResponse is matched.
 */
export async function samlLogoutUrl(
  deps: Deps,
  connection: Connection,
  session: { nameId: string; nameIdFormat: string | null; sessionIndex: string | null },
): Promise<string | null> {
  if (!connection.idpSloUrl) return null;
  const cache = databaseCache(deps, connection.id, () => ({
    connectionId: connection.id,
    stateKey: '',
    mode: 'signin' as const,
    expiresAt: new Date(deps.now().getTime() + FLOW_TTL_MS),
  }));
  const profile = {
    issuer: connection.idpEntityId ?? '',
    nameID: session.nameId,
    nameIDFormat: session.nameIdFormat ?? 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
    ...(session.sessionIndex ? { sessionIndex: session.sessionIndex } : {}),
  } as Profile;
  // Signed (decision 910): Shibboleth, Entra ID and SimpleSAMLphp with validate.logout refuse unsigned ones.
  const keys = await signingKeys(deps, connection.id);
  return samlFor(deps, connection, cache, undefined, keys).getLogoutUrlAsync(profile, '', {});
}

/**
 * The SLO endpoint (HTTP-Redirect). A LogoutRequest from the IdP (IdP-initiated, or another SP's
 * logout propagated by the IdP) is verified (signature with the configured certificates, issuer) and
 * names the person by NameID: the caller ends their sessions, then the LogoutResponse goes back. A
 * LogoutResponse to our own request just ends the round trip.
 */
export async function handleSlo(deps: Deps, connection: Connection, query: Record<string, string>, originalQuery: string) {
  // node-saml checks a redirect's signature only when there is one: an unsigned LogoutRequest would let
  // anyone end anybody's sessions with a link. A LogoutRequest must be signed (SAML profiles §4.4.3.3).
  if (query.SAMLRequest && (!query.Signature || !query.SigAlg)) {
    throw new SsoFailure('signature', 'logout: the LogoutRequest is not signed');
  }
  let result: Awaited<ReturnType<SAML['validateRedirectAsync']>>;
  try {
    result = await samlFor(deps, connection).validateRedirectAsync(query, originalQuery);
  } catch (error) {
    throw new SsoFailure(reasonOf(error instanceof Error ? error.message : 'invalid'), `logout: ${error instanceof Error ? error.message : 'invalid message'}`);
  }
  if (!query.SAMLRequest) return { kind: 'response' as const };
  const profile = result.profile;
  if (!profile?.nameID) throw new SsoFailure('subject', 'logout: the LogoutRequest names nobody');
  return {
    kind: 'request' as const,
    nameId: profile.nameID,
    sessionIndex: typeof profile.sessionIndex === 'string' ? profile.sessionIndex : null,
    respond: async (success: boolean) =>
      samlFor(deps, connection, undefined, undefined, await signingKeys(deps, connection.id)).getLogoutResponseUrlAsync(profile, query.RelayState ?? '', {}, success),
  };
}
