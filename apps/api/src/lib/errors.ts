import { ErrorCode } from '@app/shared/api';

/** The one error type: thrown anywhere, turned into the failure envelope by one handler. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: string[];
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    status: number,
    message: string,
    extra: { errors?: string[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.code = code;
    this.status = status;
    this.errors = extra.errors;
    this.headers = extra.headers;
  }
}

export const badRequest = (message: string, errors?: string[]) =>
  new AppError(ErrorCode.VALIDATION, 400, message, { errors: errors ?? [message] });
export const unauthenticated = (message = 'Authentication required') => new AppError(ErrorCode.UNAUTHENTICATED, 401, message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError(ErrorCode.FORBIDDEN, 403, message);
export const notFound = (what = 'Resource') => new AppError(ErrorCode.NOT_FOUND, 404, `${what} not found`);
export const conflict = (message: string) => new AppError(ErrorCode.CONFLICT, 409, message);
export const unsupportedMedia = (message: string) => new AppError(ErrorCode.UNSUPPORTED_MEDIA, 415, message);
export const tooLarge = (message: string) => new AppError(ErrorCode.TOO_LARGE, 413, message);
export const rateLimited = (retryAfterSeconds: number, message = 'Too many attempts. Please try again later.') =>
  new AppError(ErrorCode.RATE_LIMITED, 429, message, { headers: { 'retry-after': String(retryAfterSeconds) } });

/** ENOSPC/EDQUOT while storing an upload: 507 with this message (docs/decisions/360-disk-full-uploads.md). */
export const STORAGE_FULL_MESSAGE = 'The server has no space left to store files, so nothing was saved. Please try again later.';

/** PostgreSQL error codes we translate into answers. */
export const PG = {
  uniqueViolation: '23505',
  checkViolation: '23514',
  exclusionViolation: '23P01',
  foreignKeyViolation: '23503',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
} as const;

/**
 * Concurrent inserts checked by an exclusion constraint can wait on each other: PostgreSQL then aborts one
 * with deadlock_detected (40P01) instead of exclusion_violation (docs: "Exclusion Constraints"). For a
 * booking that means the same as a clash: someone else got there first.
 */
export function isBookingClash(error: unknown): boolean {
  const code = pgCode(error);
  return code === PG.exclusionViolation || code === PG.deadlockDetected || code === PG.serializationFailure;
}

/** An error and the errors it wraps (`cause`), outermost first, at most four deep. */
export function* causes(error: unknown): Generator<unknown> {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    yield e;
    e = typeof e === 'object' && 'cause' in e ? e.cause : undefined;
  }
}

/** The `code` of an error (a Node.js errno name or a PostgreSQL SQLSTATE), if it has a string one. */
export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

export function pgCode(error: unknown): string | undefined {
  // drizzle wraps driver errors; the driver error sits in `cause`.
  for (const e of causes(error)) {
    const code = errorCode(e);
    if (code && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
