import type { Db } from '../db/client.ts';
import { notifications } from '../db/schema/platform.ts';

type NewNotification = typeof notifications.$inferInsert;

/** A few demo notifications for the demo student (some read, one high priority). */
export async function seedNotifications(
  db: Db,
  ids: Record<string, string>,
  refs: { workshops?: Record<string, string>; ideas?: Record<string, string> } = {},
): Promise<void> {
  const student = ids['student@example.com'];
  if (!student) return;
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const rows: NewNotification[] = [
    {
      userId: student,
      type: 'workshop',
      subType: 'registered',
      title: 'Workshop registration confirmed',
      message: 'You are registered for "System Design for Beginners".',
      actionUrl: refs.workshops?.online ? `/student/dashboard?tab=workshops&workshop=${refs.workshops.online}` : '/student/dashboard?tab=workshops',
      createdAt: ago(30),
    },
    {
      userId: student,
      type: 'idea',
      subType: 'approved',
      title: 'Your idea was approved',
      message: '"Campus Food Waste Tracker" was approved with a score of 8.3/10.',
      actionUrl: refs.ideas?.approved ? `/student/dashboard?tab=my-ideas&idea=${refs.ideas.approved}` : '/student/dashboard?tab=my-ideas',
      priority: 'high',
      metadata: { priority: 'high' },
      createdAt: ago(180),
    },
    {
      userId: student,
      type: 'idea',
      subType: 'comment',
      title: 'New comment on your idea',
      message: 'Priya Nair commented on "Campus Food Waste Tracker".',
      actionUrl: '/student/dashboard?tab=my-ideas',
      createdAt: ago(60 * 26),
    },
    {
      userId: student,
      type: 'idea',
      subType: 'rejected',
      title: 'Revision requested',
      message: '"Smart Parking Sensors" needs a cost estimate before review.',
      actionUrl: '/student/dashboard?tab=my-ideas',
      isRead: true,
      createdAt: ago(60 * 24 * 2),
    },
    {
      userId: student,
      type: 'system',
      title: 'Welcome to MentorBridge',
      message: 'Browse workshops, meet verified experts and share your ideas.',
      actionUrl: '/help',
      isRead: true,
      createdAt: ago(60 * 24 * 9),
    },
  ];
  await db.insert(notifications).values(rows);
}
