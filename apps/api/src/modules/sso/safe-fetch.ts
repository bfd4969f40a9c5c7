import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';

/**
 * Outbound requests to identity providers (OIDC discovery, JWKS, token and userinfo; SAML metadata
 * URLs) go through here, never through the global fetch (decision 850). An administrator types these
 * URLs, so without a check they could make the server read its own network: loopback, private ranges,
 * link-local (the cloud metadata service at 169.254.169.254 / fd00:ec2::254) and every other
 * non-public address are refused. Host names are resolved first and EVERY address must be public;
 * the connection then uses exactly the addresses that were checked (the check runs inside the socket's
 * own lookup, so a DNS answer that changes between check and connect cannot slip through). Each
 * redirect is checked again. Plain http only outside production or for an allowlisted host.
 *
 * `SSO_FETCH_ALLOW_HOSTS` (comma-separated host names or IP literals) lifts the address check for
 * those hosts only: a test IdP on this machine, or an IdP on a university's private network.
 */

export interface FetchPolicy {
  /** Host names / IP literals (lower case, IPv6 without brackets) exempt from the address check. */
  allowHosts: readonly string[];
  /** Plain http refused (unless allowlisted). */
  httpsOnly: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 1_000_000;
const DEFAULT_MAX_REDIRECTS = 3;

export class FetchRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchRefused';
  }
}

export function fetchPolicyOf(config: { env: string; sso: { fetchAllowHosts: readonly string[] } }): FetchPolicy {
  return { allowHosts: config.sso.fetchAllowHosts, httpsOnly: config.env === 'production' };
}

// ---- Addresses ----

function ipv4ToInt(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

const V4_BLOCKED: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

function v4Blocked(ip: string): boolean {
  const n = ipv4ToInt(ip);
  return V4_BLOCKED.some(([base, bits]) => {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    return ((n & mask) >>> 0) === ((ipv4ToInt(base) & mask) >>> 0);
  });
}

/** Eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail expanded). */
function ipv6Groups(ip: string): number[] {
  let text = ip.toLowerCase().split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const n = ipv4ToInt(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const h = head ? head.split(':') : [];
  const t = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const fill = tail !== undefined ? new Array(8 - h.length - t.length).fill('0') : [];
  return [...h, ...fill, ...t].map((g) => parseInt(g, 16) || 0);
}

function v6Blocked(ip: string): boolean {
  const g = ipv6Groups(ip);
  const [a = 0, b = 0] = g;
  const embeddedV4 = () => `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`;
  // ::ffff:a.b.c.d (mapped) and 64:ff9b::a.b.c.d (NAT64) reach an IPv4 address: judge that address.
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return v4Blocked(embeddedV4());
  if (a === 0x64 && b === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4Blocked(embeddedV4());
  // Only global unicast (2000::/3) is public; this also refuses ::, ::1, fc00::/7 (unique local, where
  // AWS's fd00:ec2::254 lives), fe80::/10 (link-local) and ff00::/8 (multicast).
  if ((a & 0xe000) !== 0x2000) return true;
  if (a === 0x2001 && b < 0x200) return true; // 2001::/23 IETF assignments, Teredo
  if (a === 0x2001 && b === 0xdb8) return true; // documentation
  if (a === 0x2002) return true; // 6to4 (carries any IPv4 address)
  if (a === 0x3fff && b < 0x1000) return true; // documentation (2024)
  return false;
}

/** True when the address is on the public internet (not loopback, private, link-local, metadata …). */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return !v4Blocked(ip);
  if (family === 6) return !v6Blocked(ip);
  return false;
}

// ---- URLs ----

const bareHost = (url: URL) => url.hostname.toLowerCase().replace(/^\[|\]$/g, '');

/** The URL's shape: http(s), no credentials, http only where allowed. Throws FetchRefused. */
export function checkUrlShape(raw: string | URL, policy: FetchPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefused('not a valid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new FetchRefused(`the ${url.protocol} scheme is not allowed (https only)`);
  if (url.username || url.password) throw new FetchRefused('a URL with a user name or password is not allowed');
  const allowed = policy.allowHosts.includes(bareHost(url));
  if (url.protocol === 'http:' && policy.httpsOnly && !allowed) throw new FetchRefused('plain http is not allowed: use https');
  return url;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A socket lookup that resolves every address and refuses the host if any one is not public. */
function guardedLookup(policy: FetchPolicy) {
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses) => {
      if (err) return callback(err, []);
      const host = hostname.toLowerCase();
      if (addresses.length === 0) return callback(new FetchRefused(`${host} has no address`), []);
      if (!policy.allowHosts.includes(host)) {
        const bad = addresses.find((a) => !isPublicAddress(a.address));
        if (bad) return callback(new FetchRefused(`${host} resolves to ${bad.address}, which is not a public address`), []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };
}

/** Resolve and check a URL's host before any connection (also used to refuse early with a clear message). */
export async function checkDestination(raw: string | URL, policy: FetchPolicy): Promise<URL> {
  const url = checkUrlShape(raw, policy);
  const host = bareHost(url);
  if (policy.allowHosts.includes(host)) return url;
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw new FetchRefused(`${host} is not a public address`);
    return url;
  }
  await new Promise<void>((resolve, reject) => {
    guardedLookup(policy)(host, { all: true }, (err) => (err ? reject(err instanceof FetchRefused ? err : new FetchRefused(`${host} could not be resolved`)) : resolve()));
  });
  return url;
}

interface FetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  redirect?: 'follow' | 'manual' | 'error';
  signal?: AbortSignal | undefined;
}

async function bodyBytes(body: unknown): Promise<Buffer | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(new Uint8Array(body));
  return Buffer.from(await new Response(body as ReadableStream).arrayBuffer());
}

function once(url: URL, init: FetchInit, payload: Buffer | undefined, policy: FetchPolicy, signal: AbortSignal): Promise<Response> {
  const maxBytes = policy.maxBytes ?? DEFAULT_MAX_BYTES;
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (payload && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type') && init.body instanceof URLSearchParams) {
      headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    }
    if (payload) headers['content-length'] = String(payload.length);
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      { method: init.method ?? 'GET', headers, lookup: guardedLookup(policy) as never, signal, agent: false },
      (res) => {
        const declared = Number(res.headers['content-length'] ?? '0');
        if (declared > maxBytes) {
          res.destroy();
          return reject(new FetchRefused(`the answer is larger than ${maxBytes} bytes`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            reject(new FetchRefused(`the answer is larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', reject);
        res.on('end', () => {
          const status = res.statusCode ?? 502;
          const responseHeaders = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            if (v === undefined) continue;
            for (const one of Array.isArray(v) ? v : [v]) responseHeaders.append(k, one);
          }
          const noBody = status === 204 || status === 304 || (init.method ?? 'GET').toUpperCase() === 'HEAD';
          resolve(new Response(noBody ? null : Buffer.concat(chunks), { status: status < 200 ? 502 : status, statusText: res.statusMessage ?? '', headers: responseHeaders }));
        });
      },
    );
    request.on('error', (error) => reject(error instanceof FetchRefused ? error : (signal.aborted ? new FetchRefused(`no answer within ${policy.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms`) : error)));
    if (payload) request.write(payload);
    request.end();
  });
}

/**
 * A fetch for IdP URLs: address checks on every hop, a time-out for the whole exchange (redirects
 * included) and a size limit. With `redirect: 'manual'` (openid-client's choice) a 3xx is returned
 * as is; otherwise up to three redirects are followed, each one checked again.
 */
export async function safeFetch(raw: string | URL, init: FetchInit, policy: FetchPolicy): Promise<Response> {
  const timeout = AbortSignal.timeout(policy.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  const payload = await bodyBytes(init.body);
  let url = await checkDestination(raw, policy);
  for (let hop = 0; ; hop++) {
    const res = await once(url, init, payload, policy, signal);
    if (res.status < 300 || res.status >= 400 || res.status === 304 || !res.headers.get('location')) return res;
    if (init.redirect === 'manual') return res;
    if (init.redirect === 'error') throw new FetchRefused(`redirected (${res.status}) where no redirect is allowed`);
    if (hop >= (policy.maxRedirects ?? DEFAULT_MAX_REDIRECTS)) throw new FetchRefused('too many redirects');
    const next = new URL(res.headers.get('location') ?? '', url);
    // A redirect may not downgrade to http, and is checked like the first address.
    if (url.protocol === 'https:' && next.protocol === 'http:') throw new FetchRefused('a redirect from https to http is not allowed');
    url = await checkDestination(next, policy);
    if (init.method && init.method.toUpperCase() !== 'GET' && init.method.toUpperCase() !== 'HEAD') throw new FetchRefused('a redirect of a request with a body is not followed');
  }
}
