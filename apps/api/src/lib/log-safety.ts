/**
 * Nothing secret reaches a log (docs/security.md "Logs"). Redaction by key path (pino `redact`) only
 * covers objects we log on purpose; failures carry secrets in places no path names:
 *   - drizzle's DrizzleQueryError puts every bound parameter in its message and stack
 *     ("Failed query: insert into users … params: …,$argon2id$…"), and keeps them in `.params`;
 *   - PostgreSQL errors carry the failing row in `detail` ("Failing row contains (…, $argon2id$…)")
 *     and the statement context in `where` / `internalQuery`;
 *   - job errors travel as plain strings.
 * So every log call goes through `scrubLogArgs` (pino `hooks.logMethod`): errors become a fixed set of
 * safe fields along their cause chain, and every string is scrubbed of bound parameters, password
 * hashes, JWTs and token query parameters.
 */

const ARGON2 = /\$argon2(?:id|i|d)\$[^\s"',)]*/g;
const JWT = /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
const TOKEN_PARAM = /([?&](?:token|code|password)=)[^&\s"']*/gi;
/** drizzle: "Failed query: <sql>\nparams: <values>" — everything after `params:` is caller data. */
const DRIZZLE_PARAMS = /(\n|^)params:[^]*?(?=\n {4}at |$)/g;
/** PostgreSQL quotes the offending value: `invalid input syntax for type integer: "…"`. */
const PG_QUOTED_VALUE = /(invalid input (?:syntax|value)[^:"\n]*: )"[^"\n]*"?/g;
const REDACTED = '[redacted]';

export function scrubText(value: string): string {
  return value
    .replace(DRIZZLE_PARAMS, `$1params: ${REDACTED}`)
    .replace(PG_QUOTED_VALUE, `$1${REDACTED}`)
    .replace(ARGON2, REDACTED)
    .replace(JWT, REDACTED)
    .replace(TOKEN_PARAM, `$1${REDACTED}`);
}

/** Fields of driver errors that describe the failure without repeating the data that caused it. */
const SAFE_ERROR_FIELDS = ['code', 'severity', 'table', 'column', 'constraint', 'routine', 'schema', 'dataType', 'statusCode'] as const;

export interface SafeError {
  type: string;
  message: string;
  stack?: string;
  [field: string]: unknown;
}

/** An error as it may be logged: type, scrubbed message and stack, safe driver fields, and its cause the same way. */
export function safeError(error: unknown, depth = 0): SafeError | string {
  if (!(error instanceof Error) && !(typeof error === 'object' && error !== null && 'message' in error)) {
    return scrubText(String(error));
  }
  const e = error as Error & Record<string, unknown>;
  const out: SafeError = {
    type: typeof e.constructor?.name === 'string' && e.constructor.name !== 'Object' ? e.constructor.name : 'Error',
    message: scrubText(String(e.message)),
  };
  if (typeof e.stack === 'string') out.stack = scrubText(e.stack);
  for (const field of SAFE_ERROR_FIELDS) {
    const v = e[field];
    if (typeof v === 'string' || typeof v === 'number') out[field] = typeof v === 'string' ? scrubText(v) : v;
  }
  // A zod/validation issue list names fields and rules, never values: keep it for operators.
  if (Array.isArray(e.validation)) out.validation = scrubValue(e.validation, depth + 1);
  if (e.cause !== undefined && depth < 4) out.cause = safeError(e.cause, depth + 1);
  return out;
}

/** The message of an error, scrubbed (for places that store or log a string, e.g. a job's last error). */
export function safeMessage(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e !== undefined && e !== null && depth < 4; depth++) {
    parts.push(scrubText(e instanceof Error ? e.message : String(e)));
    e = e instanceof Error ? e.cause : undefined;
  }
  return parts.join('\ncaused by: ');
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null || Array.isArray(value);
}

function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (typeof value !== 'object' || value === null || depth > 6) return value;
  if (value instanceof Error) return safeError(value);
  // Requests, replies and other class instances go to their own pino serializers untouched.
  if (!isPlain(value)) return value;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = scrubValue(v, depth + 1);
  return out;
}

/** pino `hooks.logMethod` arguments: every argument (merging object, message, interpolation values) scrubbed. */
export function scrubLogArgs(args: unknown[]): unknown[] {
  return args.map((a) => scrubValue(a));
}
