import { z } from 'zod';
import { envelope } from '@app/shared/api';
import { notificationDto, notificationListData, unreadCountData } from '@app/shared/notifications';

/** The notification reads' schemas, loaded with the first request (features/notifications/api.ts, decision 950). */
export const listAnswer = envelope(notificationListData);
export const countAnswer = envelope(unreadCountData);
export const markReadAnswer = envelope(z.object({ notification: notificationDto, unreadCount: z.number() }));
export const markAllReadAnswer = envelope(z.object({ updated: z.number(), unreadCount: z.number() }));
export const streamEvent = z.object({ notification: notificationDto, unreadCount: z.number() });
export const readyEvent = z.object({ unreadCount: z.number() });
