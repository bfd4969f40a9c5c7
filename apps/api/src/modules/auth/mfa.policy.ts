import type { Role } from '@app/shared/roles';
import type { Config } from '../../config.ts';

const DAY_MS = 86_400_000;

export function mfaRequired(config: Config, role: Role): boolean {
  return config.mfa.requiredRoles.includes(role);
}

/**
 * Until when a required person may work without a second factor: the grace starts at the first sign-in
 * that asked them to enrol (MFA_GRACE_DAYS later). Null when not required, already enrolled, or not started.
 */
export function mfaDeadline(config: Config, role: Role, state: { mfaEnrolled: boolean; graceStartedAt: number | null }): Date | null {
  if (!mfaRequired(config, role) || state.mfaEnrolled) return null;
  if (config.mfa.graceDays === 0) return new Date(0);
  if (state.graceStartedAt === null) return null;
  return new Date(state.graceStartedAt + config.mfa.graceDays * DAY_MS);
}

/** Past the grace period without a second factor: only enrolment is open (the access hook). */
export function isMfaBlocked(config: Config, role: Role, state: { mfaEnrolled: boolean; graceStartedAt: number | null }, now: Date): boolean {
  const deadline = mfaDeadline(config, role, state);
  return deadline !== null && now.getTime() >= deadline.getTime();
}
