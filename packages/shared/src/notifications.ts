import { z } from 'zod';
import { NOTIFICATION_FETCH_LIMIT, NOTIFICATION_TYPES } from './notification-constants.ts';

export * from './notification-constants.ts';

export const notificationDto = z.object({
  _id: z.string(),
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  subType: z.string().nullable(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  actionUrl: z.string().nullable(),
  priority: z.enum(['low', 'normal', 'high']),
  metadata: z.record(z.string(), z.unknown()).and(z.object({ priority: z.string() })),
});
export type NotificationDto = z.infer<typeof notificationDto>;

export const notificationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(NOTIFICATION_FETCH_LIMIT),
  unreadOnly: z.enum(['true', 'false'], { error: 'unreadOnly must be true or false' }).optional(),
  /** One category only (the notification's type). */
  type: z.enum(NOTIFICATION_TYPES, { error: `type must be one of: ${NOTIFICATION_TYPES.join(', ')}` }).optional(),
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int('page must be a whole number from 1').min(1, 'page must be a whole number from 1').max(10_000, 'page must be at most 10000').default(1),
});
export const notificationListData = z.object({
  notifications: z.array(notificationDto),
  unreadCount: z.number().int(),
  /** How many notifications match the filters (all pages). */
  total: z.number().int(),
});
export const unreadCountData = z.object({ unreadCount: z.number().int() });
export const notificationStreamQuery = z.object({ token: z.string().max(4096).optional() });

/** E-mail categories a user can turn off (in-app notifications always stay). Account mail has none. */
export const EMAIL_CATEGORIES = ['reminders', 'changes', 'requests', 'ideas', 'rd'] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];
export const EMAIL_CATEGORY_LABELS: Record<EmailCategory, { label: string; hint: string }> = {
  reminders: { label: 'Reminders', hint: 'Before a workshop, session or interview starts' },
  changes: { label: 'Schedule changes', hint: 'A workshop, session or interview is moved or cancelled' },
  requests: { label: 'Mentoring requests', hint: 'Connection requests and sessions being scheduled' },
  ideas: { label: 'Ideas', hint: 'Reviews, likes and comments on ideas' },
  rd: { label: 'R&D projects', hint: 'Applications, interviews and project deadlines' },
};

export const emailPreferences = z.object({
  reminders: z.boolean(),
  changes: z.boolean(),
  requests: z.boolean(),
  ideas: z.boolean(),
  rd: z.boolean(),
});
export type EmailPreferences = z.infer<typeof emailPreferences>;
export const notificationPreferencesData = z.object({ email: emailPreferences });
export type NotificationPreferences = z.infer<typeof notificationPreferencesData>;
/** PUT body: any subset of the categories; unknown keys and non-booleans are refused. */
export const notificationPreferencesBody = z
  .object({
    email: z
      .object({
        reminders: z.boolean({ error: 'reminders must be true or false' }).optional(),
        changes: z.boolean({ error: 'changes must be true or false' }).optional(),
        requests: z.boolean({ error: 'requests must be true or false' }).optional(),
        ideas: z.boolean({ error: 'ideas must be true or false' }).optional(),
        rd: z.boolean({ error: 'rd must be true or false' }).optional(),
      }, { error: 'email must be an object of categories' })
      .strict(),
  }, { error: 'Send { email: { category: true|false } }' })
  .strict();

/** The private calendar feed: whether one exists (the token itself is only shown when created). */
export const calendarFeedStatus = z.object({ active: z.boolean(), createdAt: z.string().nullable(), lastUsedAt: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatus>;
/** `url` is PUBLIC_URL's scheme (https in production); `webcalUrl` the same address for calendar apps. */
export const calendarFeedLink = z.object({ url: z.string(), webcalUrl: z.string(), createdAt: z.string() });
export type CalendarFeedLink = z.infer<typeof calendarFeedLink>;
export const calendarFeedParams = z.object({ file: z.string() });
export const CALENDAR_FEED_MESSAGES = {
  created: 'New calendar link created. The previous link no longer works.',
  revoked: 'Calendar link turned off',
  notFound: 'Calendar feed not found',
} as const;
export const NOTIFICATION_PREFERENCES_SAVED = 'Notification preferences saved';
