// The notification constants without zod: the web's header (on every signed-in page) imports these
// and nothing else from the contract, so the schemas and zod stay out of its first download (decision 950).

export const NOTIFICATION_TYPES = ['workshop', 'idea', 'connection', 'session', 'rd-project', 'system'] as const;
export const NOTIFICATION_FETCH_LIMIT = 10;
export const NOTIFICATION_POLL_MS = 30_000;
/** The SSE stream sends a comment this often so proxies keep the connection open. */
export const NOTIFICATION_HEARTBEAT_MS = 25_000;

export const NOTIFICATION_MESSAGES = {
  empty: 'No notifications yet',
} as const;

/** The bell's badge: the count, capped at '99+' (spec 000 §2). */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** The notifications page's category filter: a notification's type, named for people. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  workshop: 'Workshops',
  idea: 'Ideas',
  connection: 'Mentoring requests',
  session: 'Sessions',
  'rd-project': 'R&D projects',
  system: 'Account and platform',
};
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
/** Page size of the notifications page (/notifications). */
export const NOTIFICATION_PAGE_SIZE = 20;
