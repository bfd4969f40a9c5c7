import type { SsoErrorReason } from '@app/shared/sso';

/** A refused sign-in: `reason` is what the person is told, `detail` what the admin reads in the log. */
export class SsoFailure extends Error {
  constructor(
    readonly reason: SsoErrorReason,
    readonly detail: string,
    readonly flow?: { mode: 'signin' | 'test'; testerId: string | null; next: string | null },
  ) {
    super(`${reason}: ${detail}`);
  }
}
