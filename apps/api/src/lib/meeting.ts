import { randomBytes } from 'node:crypto';

/**
 * A Jitsi Meet room URL with an unguessable name (128 random bits, hex so it survives any URL or
 * chat formatting). `baseUrl` is config.meetingBaseUrl (MEETING_BASE_URL, default https://meet.jit.si).
 */
export function createMeetingLink(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}/MentorBridge-${randomBytes(16).toString('hex')}`;
}
