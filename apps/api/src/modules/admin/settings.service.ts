import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { makePagination } from '@app/shared/api';
import type { Db } from '../../db/client.ts';
import { auditLog, contactMessages, emails } from '../../db/schema/platform.ts';
import { users } from '../../db/schema/users.ts';
import { audit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/http.ts';
import { isId } from '../../lib/ids.ts';
import { fullName } from '../users/index.ts';

interface Page {
  page: number;
  limit: number;
}

export async function listAudit(db: Db, query: Page & { entity?: string; action?: string; actorId?: string }) {
  const conditions: SQL[] = [];
  if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.actorId) conditions.push(eq(auditLog.actorId, query.actorId));
  const where = conditions.length ? and(...conditions) : undefined;
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  const rows = await db
    .select({
      entry: auditLog,
      actor: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    entries: rows.map(({ entry, actor }) => ({
      _id: entry.id,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      actor: actor?.id
        ? {
            _id: actor.id,
            name: fullName({ firstName: actor.firstName ?? '', lastName: actor.lastName ?? '' }),
            email: actor.email ?? '',
          }
        : null,
      before: entry.before ?? null,
      after: entry.after ?? null,
      createdAt: entry.createdAt.toISOString(),
    })),
    pagination: makePagination(query.page, query.limit, total?.n ?? 0),
  };
}

const toMessage = (m: typeof contactMessages.$inferSelect) => ({
  _id: m.id,
  name: m.name,
  email: m.email,
  subject: m.subject,
  message: m.message,
  handled: m.handled,
  createdAt: m.createdAt.toISOString(),
});

export async function listContactMessages(db: Db, query: Page & { handled?: 'true' | 'false' }) {
  const where = query.handled ? eq(contactMessages.handled, query.handled === 'true') : undefined;
  const [total] = await db.select({ n: count() }).from(contactMessages).where(where);
  const rows = await db
    .select()
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { messages: rows.map(toMessage), pagination: makePagination(query.page, query.limit, total?.n ?? 0) };
}

export async function markContactMessage(db: Db, actor: Actor, id: string, handled: boolean) {
  if (!isId(id)) throw notFound('Message');
  return db.transaction(async (tx) => {
    const [row] = await tx.update(contactMessages).set({ handled }).where(eq(contactMessages.id, id)).returning();
    if (!row) throw notFound('Message');
    await audit(tx, actor.id, handled ? 'handle' : 'reopen', 'contact_message', id, null, { handled });
    return toMessage(row);
  });
}

export async function listEmails(db: Db, query: Page & { status?: 'queued' | 'sent' | 'outbox' | 'failed' }) {
  const where = query.status ? eq(emails.status, query.status) : undefined;
  const [total] = await db.select({ n: count() }).from(emails).where(where);
  const rows = await db
    .select()
    .from(emails)
    .where(where)
    .orderBy(desc(emails.createdAt), desc(emails.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    emails: rows.map((e) => ({
      _id: e.id,
      to: e.to,
      subject: e.subject,
      // Never the sent text: it can hold a temporary password or a live reset link. Rows stored
      // before previews existed show nothing rather than risk it.
      text: e.preview ?? 'The text of this e-mail is not shown.',
      status: e.status,
      error: e.error,
      createdAt: e.createdAt.toISOString(),
      sentAt: e.sentAt?.toISOString() ?? null,
    })),
    pagination: makePagination(query.page, query.limit, total?.n ?? 0),
  };
}
