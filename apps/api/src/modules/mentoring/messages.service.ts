import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { ConversationMessage } from '@app/shared/mentoring';
import type { Db } from '../../db/client.ts';
import { connectionRequests, conversationMessages } from '../../db/schema/mentoring.ts';
import { users } from '../../db/schema/users.ts';
import { publish } from '../../lib/events.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/http.ts';
import { isId } from '../../lib/ids.ts';
import { recipientLocale, voiceOf } from '../../lib/recipient-locale.ts';
import { notify } from '../notifications/index.ts';
import { nameOf } from './mentoring.common.ts';

type MessageRow = typeof conversationMessages.$inferSelect;

/**
 * A conversation exists between a professional and a student who have a connection request between
 * them (any status: the student can still ask about a declined request). Anyone else: 404.
 */
async function pairOf(db: Db, actor: Actor, otherId: string) {
  if (!isId(otherId) || otherId === actor.id || (actor.role !== 'student' && actor.role !== 'professional'))
    throw notFound('Conversation');
  const [other] = await db
    .select({ id: users.id, role: users.role, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, otherId));
  if (!other || other.role === actor.role || other.role === 'admin') throw notFound('Conversation');
  const professionalId = actor.role === 'professional' ? actor.id : other.id;
  const studentId = actor.role === 'student' ? actor.id : other.id;
  const [link] = await db
    .select({ id: connectionRequests.id })
    .from(connectionRequests)
    .where(and(eq(connectionRequests.professionalId, professionalId), eq(connectionRequests.studentId, studentId)))
    .limit(1);
  if (!link) throw notFound('Conversation');
  return { other, professionalId, studentId };
}

const toMessage = (row: MessageRow, viewerId: string): ConversationMessage => ({
  _id: row.id,
  senderId: row.senderId,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt ? row.readAt.toISOString() : null,
  mine: row.senderId === viewerId,
});

export async function listMessages(db: Db, actor: Actor, otherId: string) {
  const { other, professionalId, studentId } = await pairOf(db, actor, otherId);
  const pair = and(eq(conversationMessages.professionalId, professionalId), eq(conversationMessages.studentId, studentId));
  // Reading the thread marks the other side's messages read.
  await db
    .update(conversationMessages)
    .set({ readAt: new Date() })
    .where(and(pair, ne(conversationMessages.senderId, actor.id), isNull(conversationMessages.readAt)));
  const rows = await db
    .select()
    .from(conversationMessages)
    .where(pair)
    .orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.id))
    .limit(1000);
  return { other: { _id: other.id, name: nameOf(other), role: other.role }, messages: rows.map((r) => toMessage(r, actor.id)) };
}

export async function sendMessage(db: Db, actor: Actor, otherId: string, body: string): Promise<ConversationMessage> {
  const { other, professionalId, studentId } = await pairOf(db, actor, otherId);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(conversationMessages)
      .values({ professionalId, studentId, senderId: actor.id, body })
      .returning();
    if (!created) throw new Error('message insert returned nothing');
    await notify(tx, {
      userId: other.id,
      type: other.role === 'student' ? 'session' : 'connection',
      subType: 'message',
      // The title in the reader's language (decision 1150); the text is the sender's own words.
      title: voiceOf(await recipientLocale(tx, other.id)).t('notification.message.title', { name: `${actor.firstName} ${actor.lastName}`.trim() }),
      message: body.length > 140 ? `${body.slice(0, 140)}…` : body,
      actionUrl: other.role === 'student' ? '/student/dashboard' : '/professional/dashboard?tab=sessions',
      metadata: { conversationWith: actor.id, messageId: created.id },
    });
    await publish(tx, { userId: other.id, type: 'message', data: { from: actor.id, id: created.id } });
    return created;
  });
  return toMessage(row, actor.id);
}
