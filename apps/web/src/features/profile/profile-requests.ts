import type { UserDto } from '@app/shared/auth';
import { api } from '../../lib/api.ts';

/** The signed-in person's profile, read and its time zone saved (loaded on demand by my-time-zone.ts). */
// The answer's schema (and zod) loads with the first request (decision 950).
const answer = () => import('./schemas.ts').then((m) => m.userAnswer);

export function read(signal?: AbortSignal): Promise<UserDto> {
  return api('/auth/profile', answer, { signal }).then((r) => r.data.user);
}

export function saveZone(timezone: string): Promise<UserDto> {
  return api('/auth/update-profile', answer, { method: 'PUT', body: { timezone } }).then((r) => r.data.user);
}
