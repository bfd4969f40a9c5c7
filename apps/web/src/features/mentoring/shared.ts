// One import point for the shared mentoring contract used by the web screens.
export * from '@app/shared/mentoring';
export { LIMITS } from '@app/shared/text';
import { LIMITS } from '@app/shared/text';
export const LIMITS_SHORT = LIMITS.short;
