import * as client from 'openid-client';
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ssoFlows, type ssoConnections } from '../../db/schema/sso.ts';
import { sha256 } from '../../lib/tokens.ts';
import type { SecretBox } from './crypto.ts';
import { SsoFailure } from './failure.ts';
import { checkDestination, fetchPolicyOf, safeFetch } from './safe-fetch.ts';

interface Deps {
  db: Db;
  config: Config;
  box: SecretBox;
  now: () => Date;
}

export const FLOW_TTL_MS = 10 * 60_000;
const DISCOVERY_TTL_MS = 10 * 60_000;
const cache = new Map<string, { at: number; config: client.Configuration }>();

/**
 * The discovered configuration of a connection, kept ten minutes per process (the JWKS is refetched by
 * openid-client when a token names a key it does not know: key rotation needs nothing from us).
 */
export async function oidcConfiguration(
  deps: Pick<Deps, 'now' | 'config'>,
  c: { id: string; issuer: string; clientId: string; clientSecret: string; fresh?: boolean },
): Promise<client.Configuration> {
  // Token times are checked against the application's clock (tests move it instead of sleeping).
  const skew = Math.round((deps.now().getTime() - Date.now()) / 1000);
  const key = `${c.id}|${c.issuer}|${c.clientId}|${sha256(c.clientSecret)}|${skew}`;
  const hit = cache.get(key);
  let configuration: client.Configuration;
  if (hit && !c.fresh && Date.now() - hit.at < DISCOVERY_TTL_MS) {
    configuration = hit.config;
  } else {
    // Every request of this connection (discovery, JWKS, token, userinfo) goes through the address
    // check (decision 850); plain http passes the check only outside production or for an allowlisted host.
    const policy = fetchPolicyOf(deps.config);
    const issuer = await checkDestination(c.issuer, policy);
    const guarded: client.CustomFetch = (url, options) => safeFetch(url, options, policy);
    configuration = await client.discovery(
      issuer,
      c.clientId,
      { client_secret: c.clientSecret, [client.clockSkew]: skew },
      client.ClientSecretBasic(c.clientSecret),
      {
        [client.customFetch]: guarded,
        timeout: 10,
        ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
      },
    );
    if (!c.id.startsWith('probe:')) cache.set(key, { at: Date.now(), config: configuration });
  }
  return configuration;
}

export function forgetOidcConfiguration(id: string) {
  for (const key of cache.keys()) if (key.startsWith(`${id}|`)) cache.delete(key);
}

type Connection = typeof ssoConnections.$inferSelect;

/** Client secrets opened, by their sealed text (a changed secret is a new ciphertext); bounded. */
const openedSecrets = new Map<string, string>();
function clientSecretOf(deps: Deps, sealed: string | null): string {
  if (!sealed) return '';
  let secret = openedSecrets.get(sealed);
  if (secret === undefined) {
    secret = deps.box.open(sealed);
    if (openedSecrets.size >= 500) openedSecrets.delete(openedSecrets.keys().next().value as string);
    openedSecrets.set(sealed, secret);
  }
  return secret;
}

function connectionConfig(deps: Deps, connection: Connection) {
  return oidcConfiguration(deps, {
    id: connection.id,
    issuer: connection.issuer ?? '',
    clientId: connection.clientId ?? '',
    clientSecret: clientSecretOf(deps, connection.clientSecretEnc),
  });
}

/** Start: state, nonce and PKCE verifier stored (state hashed), the IdP's authorization URL returned. */
export async function startOidc(
  deps: Deps,
  connection: Connection,
  flow: { mode: 'signin' | 'test'; testerId?: string; next?: string | undefined; redirectUri: string },
): Promise<string> {
  const configuration = await connectionConfig(deps, connection);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  await deps.db.insert(ssoFlows).values({
    connectionId: connection.id,
    stateKey: sha256(state),
    nonce,
    codeVerifier,
    mode: flow.mode,
    testerId: flow.testerId ?? null,
    next: flow.next ?? null,
    expiresAt: new Date(deps.now().getTime() + FLOW_TTL_MS),
  });
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: flow.redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...(flow.mode === 'test' ? { prompt: 'login' } : {}),
  });
  return url.href;
}

export type OidcFlow = typeof ssoFlows.$inferSelect;

/** Consume the flow a state names: once, by any process, and only for this connection. */
export async function consumeFlow(deps: Deps, stateKey: string): Promise<OidcFlow> {
  const [flow] = await deps.db
    .update(ssoFlows)
    .set({ usedAt: deps.now() })
    .where(and(eq(ssoFlows.stateKey, stateKey), isNull(ssoFlows.usedAt)))
    .returning();
  if (!flow) throw new SsoFailure('state', 'no sign-in started here has this state (unknown, already used, or for another connection)');
  if (flow.expiresAt.getTime() < deps.now().getTime()) throw new SsoFailure('expired', 'the sign-in was started more than 10 minutes ago', flow);
  return flow;
}

/** The whole chain (openid-client wraps oauth4webapi's errors): messages, codes and the claim named. */
function describe(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (e instanceof Error) {
      parts.push(e.message, String((e as { code?: string }).code ?? ''));
      e = (e as { cause?: unknown }).cause;
    } else {
      const claim = typeof e === 'object' ? (e as { claim?: unknown }).claim : undefined;
      if (typeof claim === 'string') parts.push(`claim ${claim}`);
      break;
    }
  }
  return parts.filter(Boolean).join(' | ');
}

function reasonOf(error: unknown): SsoFailure['reason'] {
  const text = describe(error);
  if (/nonce/i.test(text)) return 'nonce';
  if (/"iss"|issuer/i.test(text)) return 'issuer';
  if (/"exp"|expired|timestamp/i.test(text)) return 'expired';
  if (/"aud"|audience/i.test(text)) return 'audience';
  if (/state/i.test(text)) return 'state';
  return 'token';
}

/** The state names the flow, and the flow its connection (one redirect URI for every connection). */
export async function flowOfCallback(deps: Deps, callbackUrl: URL) {
  const state = callbackUrl.searchParams.get('state');
  if (!state) throw new SsoFailure('state', 'the answer carries no state');
  return { state, flow: await consumeFlow(deps, sha256(state)) };
}

/**
 * The callback: the code exchanged with PKCE at this connection's token endpoint, with its credentials;
 * the `iss` parameter (RFC 9207) and the ID token's iss/aud/exp/nonce checked; userinfo merged.
 */
export async function finishOidc(deps: Deps, connection: Connection, callbackUrl: URL, state: string, flow: OidcFlow) {
  const idpError = callbackUrl.searchParams.get('error');
  if (idpError) {
    throw new SsoFailure('idp', `${idpError}: ${(callbackUrl.searchParams.get('error_description') ?? '').slice(0, 200)}`, flow);
  }
  const configuration = await connectionConfig(deps, connection);
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier ?? '',
      expectedState: state,
      expectedNonce: flow.nonce ?? '',
      idTokenExpected: true,
    });
  } catch (error) {
    throw new SsoFailure(reasonOf(error), describe(error).slice(0, 600) || 'token exchange failed', flow);
  }
  const idClaims = tokens.claims();
  if (!idClaims) throw new SsoFailure('token', 'no ID token', flow);
  let claims: Record<string, unknown> = { ...idClaims };
  if (configuration.serverMetadata().userinfo_endpoint && tokens.access_token) {
    try {
      const info = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
      claims = { ...info, ...claims, ...pickProfile(info) };
    } catch {
      // The ID token alone is enough when userinfo is unavailable.
    }
  }
  const sid = typeof idClaims.sid === 'string' ? idClaims.sid : null;
  return { flow, issuer: idClaims.iss, claims, idToken: tokens.id_token ?? null, sid, endSession: configuration };
}

/** Profile claims from userinfo are fresher than the ID token's (an e-mail changed at the IdP). */
function pickProfile(info: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const k of ['email', 'given_name', 'family_name', 'name', 'email_verified']) if (k in info) out[k] = info[k];
  return out;
}

export async function endSessionUrl(deps: Deps, connection: Connection, idToken: string | null, postLogoutRedirectUri: string) {
  const configuration = await connectionConfig(deps, connection);
  if (!configuration.serverMetadata().end_session_endpoint) return null;
  return client
    .buildEndSessionUrl(configuration, {
      post_logout_redirect_uri: postLogoutRedirectUri,
      ...(idToken ? { id_token_hint: idToken } : { client_id: connection.clientId ?? '' }),
    })
    .toString();
}
