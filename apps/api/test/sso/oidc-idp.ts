import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT, exportJWK, exportPKCS8, generateKeyPair, importPKCS8, type JWTPayload } from 'jose';
import { createServer as createNetServer } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider from npm) for tests and browser journeys: discovery,
 * JWKS, PKCE, userinfo, RP-initiated logout. Its login page takes a username (an account of `accounts`).
 */
/** A port nobody listens on now (for the test IdP). */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createNetServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface IdpAccount {
  email: string;
  given_name: string;
  family_name: string;
  eduperson_affiliation?: string[];
  /** Default true. */
  email_verified?: boolean;
  /** Claims under other names (released with the profile scope): mb_mail, mb_given, mb_family, mb_role. */
  extra?: Partial<Record<'mb_mail' | 'mb_given' | 'mb_family' | 'mb_role', string | string[]>>;
}

export interface OidcIdp {
  issuer: string;
  accounts: Map<string, IdpAccount>;
  clientId: string;
  clientSecret: string;
  server: Server;
  /** Why back-channel logout calls failed (oidc-provider only emits them). */
  backchannelErrors: string[];
  /** Sign a JWT with the IdP's own key (kid test-key-1): logout tokens a test builds to be wrong in one way. */
  sign(payload: JWTPayload, header?: { typ?: string; alg?: string }): Promise<string>;
  close(): Promise<void>;
}

/**
 * The test IdP's signing key, one per machine (kept in the temporary directory): an IdP restarted on the same
 * port keeps its key, as a real one does, so a server that cached its key set (`kid` test-key-1) still
 * verifies its tokens when a journey is repeated. Written by linking a finished file, so that processes
 * starting at once all read the same whole key.
 */
async function signingKey(): Promise<CryptoKey> {
  const file = path.join(tmpdir(), 'mentorbridge-test-oidc-key.pem');
  try {
    return await importPKCS8(readFileSync(file, 'utf8'), 'RS256', { extractable: true });
  } catch {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const draft = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(draft, await exportPKCS8(privateKey));
    try {
      linkSync(draft, file);
    } catch {
      // Another process linked its key first: use that one.
    } finally {
      rmSync(draft, { force: true });
    }
    return importPKCS8(readFileSync(file, 'utf8'), 'RS256', { extractable: true });
  }
}

export async function startOidcIdp(options: {
  port: number;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  clientId?: string;
  clientSecret?: string;
  idTokenTtl?: number;
  /** OpenID Back-Channel Logout 1.0: the IdP POSTs a logout_token here when the person logs out at it. */
  backchannelLogoutUri?: string;
}): Promise<OidcIdp> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const accounts = new Map<string, IdpAccount>();
  const clientId = options.clientId ?? 'mentorbridge';
  const clientSecret = options.clientSecret ?? 'test-client-secret-0123456789';
  const privateKey = await signingKey();
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        ...(options.backchannelLogoutUri ? { backchannel_logout_uri: options.backchannelLogoutUri, backchannel_logout_session_required: true } : {}),
      },
    ],
    jwks: { keys: [jwk] },
    // oidc-provider refuses to call loopback addresses (SSRF protection); this test IdP calls MentorBridge's
    // back-channel logout URI on this machine, so its outgoing requests go without that dispatcher.
    fetch: (url: string, init: RequestInit & { dispatcher?: unknown }) => {
      const { dispatcher: _ssrfGuard, ...rest } = init;
      return globalThis.fetch(url, rest);
    },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name', 'eduperson_affiliation', 'mb_mail', 'mb_given', 'mb_family', 'mb_role'],
    },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true }, backchannelLogout: { enabled: Boolean(options.backchannelLogoutUri) } },
    ttl: { IdToken: options.idTokenTtl ?? 3600, AccessToken: 3600, AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, id: string) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.email_verified ?? true,
          given_name: account.given_name,
          family_name: account.family_name,
          name: `${account.given_name} ${account.family_name}`,
          ...(account.eduperson_affiliation ? { eduperson_affiliation: account.eduperson_affiliation } : {}),
          ...account.extra,
        }),
      };
    },
  });
  const backchannelErrors: string[] = [];
  provider.on('backchannel.error', (_ctx: unknown, error: Error) => backchannelErrors.push(error.message));
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    if (req.method === 'POST' && action === 'login') {
      const body = new URLSearchParams(await readBody(req));
      const login = body.get('login') ?? '';
      if (!accounts.has(login)) {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(page(uid, 'Unknown user'));
        return;
      }
      const grant = new provider.Grant({ accountId: login, clientId: details.params.client_id });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId: login }, consent: { grantId } }, { mergeWithLastSubmission: false });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(page(uid, ''));
  }

  const server = createServer((req, res) => {
    const match = /^\/interaction\/([^/?]+)(?:\/([a-z]+))?/.exec(req.url ?? '');
    if (match) {
      interaction(req, res, match[1]!, match[2]).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
      return;
    }
    if (req.url === '/__accounts' && req.method === 'POST') {
      // Test control: create or change an account (e.g. a new e-mail address at the IdP).
      void readBody(req).then((text) => {
        const { id, ...account } = JSON.parse(text) as IdpAccount & { id: string };
        accounts.set(id, account);
        res.writeHead(204);
        res.end();
      });
      return;
    }
    callback(req, res);
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return {
    issuer,
    accounts,
    clientId,
    clientSecret,
    server,
    backchannelErrors,
    sign: (payload, header) =>
      new SignJWT(payload).setProtectedHeader({ alg: header?.alg ?? 'RS256', kid: 'test-key-1', typ: header?.typ ?? 'logout+jwt' }).sign(privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

function page(uid: string, error: string) {
  return `<!doctype html><html><head><title>Test IdP sign-in</title></head><body><h1>Test university IdP</h1>${
    error ? `<p role="alert">${error}</p>` : ''
  }<form method="post" action="/interaction/${uid}/login"><label for="login">Username</label><input id="login" name="login" autofocus><button type="submit">Sign in at IdP</button></form></body></html>`;
}

/** Follow an authorization URL through the IdP's login form as `login`, and return the callback URL it sends back. */
export async function signInAtIdp(authUrl: string, login: string, redirectPrefix: string, jar = new Map<string, string>()): Promise<URL> {
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (name) jar.set(name.trim(), rest.join('='));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = authUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(redirectPrefix)) return new URL(url);
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: { cookie: cookie(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    });
    remember(res);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`IdP answered ${res.status} without a form: ${html.slice(0, 300)}`);
    url = new URL(action, url).href;
    method = 'POST';
    body = new URLSearchParams({ login }).toString();
  }
  throw new Error('too many redirects at the IdP');
}

/**
 * RP-initiated logout at the IdP with the browser's cookies (`jar` from signInAtIdp): open the
 * end_session URL, confirm its form ("Yes, sign me out"), and return where the IdP sends the browser.
 */
export async function logoutAtIdp(endSessionUrl: string, jar: Map<string, string>): Promise<string> {
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (name) jar.set(name.trim(), rest.join('='));
    }
  };
  const page = await fetch(endSessionUrl, { redirect: 'manual', headers: { cookie: cookie() } });
  remember(page);
  const html = await page.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no logout form at the IdP: ${html.slice(0, 300)}`);
  const fields = new URLSearchParams();
  for (const m of html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) fields.set(m[1]!, m[2]!);
  fields.set('logout', 'yes');
  const done = await fetch(new URL(action, endSessionUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
  });
  return done.headers.get('location') ?? '';
}
