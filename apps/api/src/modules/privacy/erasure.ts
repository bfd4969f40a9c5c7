import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import type { Storage } from '../../lib/storage.ts';
import type { Actor } from '../../lib/http.ts';
import { cancelSession } from '../mentoring/index.ts';
import { REGISTRY, ownedBy } from './registry.ts';

export interface ErasureDeps {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'meetingBaseUrl' | 'publicUrl' | 'mailFrom' | 'dataDir'>;
  log: FastifyBaseLogger;
}

export const ERASED_FIRST_NAME = 'Deleted';
export const ERASED_LAST_NAME = 'user';
export const erasedEmail = (userId: string) => `erased-${userId}@erased.invalid`;
/** The reason given on the sessions erasure itself cancels (the only reason of the person's that stays). */
export const ERASURE_CANCEL_REASON = 'The participant deleted their account.';

/** `IN (…)` of values (drizzle expands a JS array into a list; an empty list matches nothing). */
function inList(values: string[]) {
  return values.length === 0 ? sql`(NULL)` : sql`(${sql.join(values.map((v) => sql`${v}`), sql`, `)})`;
}

/** The name as a whole word (so "Ann" does not match "Annual"), case-insensitively. */
function wordPattern(value: string): string {
  return `\\m${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\M`;
}

function like(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Any of the texts, compared case-insensitively as substrings. */
function mentions(column: ReturnType<typeof sql>, needles: string[]) {
  return sql.join(
    needles.map((n) => sql`${column} ILIKE ${like(n)}`),
    sql` OR `,
  );
}

/**
 * Erase a person (issue 24): sign-in impossible and every token revoked at once, upcoming seats and
 * sessions cancelled through the usual paths (the other participant gets the CANCEL invitation), then each
 * registry entry deleted or anonymised, anything of anyone else's that names them scrubbed, their files and
 * their outbox .eml files removed. The user row stays as an anonymous placeholder ("Deleted user") so what
 * other people's records depend on (ratings, likes, past seats, filled positions) still adds up.
 * Returns the rows touched per table. Safe to run twice.
 */
export async function eraseUser(deps: ErasureDeps, userId: string): Promise<Record<string, number>> {
  const { db } = deps;
  const [person] = await queryRows<{ id: string; email: string; first_name: string; last_name: string; phone: string | null; role: string }>(
    db,
    sql`SELECT id, email, first_name, last_name, phone, role FROM users WHERE id = ${userId}`,
  );
  if (!person) return {};
  if (person.email === erasedEmail(userId)) return {};
  const email = person.email.toLowerCase();
  const fullName = `${person.first_name} ${person.last_name}`.trim();
  const needles = [email, ...(fullName.length >= 5 ? [fullName] : []), ...(person.phone && person.phone.replace(/\D/g, '').length >= 7 ? [person.phone] : [])];
  const counts: Record<string, number> = {};
  const add = (table: string, n: number) => {
    if (n > 0) counts[table] = (counts[table] ?? 0) + n;
  };

  // 1. No sign-in from now on: every token stops working (token version), the account is inactive.
  await db.execute(sql`UPDATE users SET is_active = false, token_version = token_version + 1 WHERE id = ${userId}`);

  // 2. Upcoming sessions: cancelled through the usual path (CANCEL invitation to both, the other told in-app).
  const actor: Actor = {
    id: person.id,
    role: person.role as Actor['role'],
    email: person.email,
    firstName: person.first_name,
    lastName: person.last_name,
    isTemporaryPassword: false,
  };
  const sessions = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM mentoring_sessions WHERE (student_id = ${userId} OR professional_id = ${userId}) AND status = 'scheduled' AND ends_at > now()`,
  );
  for (const s of sessions) {
    try {
      await cancelSession({ db, config: deps.config }, actor, s.id, ERASURE_CANCEL_REASON);
      add('mentoring_sessions.cancelled', 1);
    } catch (error) {
      deps.log.warn({ err: error, sessionId: s.id }, 'erasure: session could not be cancelled');
    }
  }

  const storageKeys: string[] = [];
  let emailIds: string[] = [];
  await db.transaction(async (tx) => {
    // 3. Upcoming seats freed (the same conditional update as a student's own cancellation).
    const seats = await queryRows<{ workshop_id: string }>(
      tx,
      sql`UPDATE workshop_registrations r SET status = 'cancelled', cancelled_at = now()
          FROM workshops w
          WHERE r.workshop_id = w.id AND r.student_id = ${userId} AND r.status = 'registered' AND w.status = 'published' AND w.starts_at > now()
          RETURNING r.workshop_id`,
    );
    for (const seat of seats) {
      await tx.execute(sql`UPDATE workshops SET registered_count = registered_count - 1 WHERE id = ${seat.workshop_id} AND registered_count > 0`);
    }
    add('workshop_registrations.cancelled', seats.length);

    // Ids of the person's own objects: audit entries about them are scrubbed too.
    const objectIds = (
      await queryRows<{ id: string }>(
        tx,
        sql`SELECT id FROM ideas WHERE author_id = ${userId}
            UNION ALL SELECT id FROM rd_applications WHERE student_id = ${userId}
            UNION ALL SELECT id FROM connection_requests WHERE student_id = ${userId} OR professional_id = ${userId}
            UNION ALL SELECT id FROM mentoring_sessions WHERE student_id = ${userId} OR professional_id = ${userId}`,
      )
    ).map((r) => r.id);
    objectIds.push(userId);

    // The people they dealt with (before their shared rows go).
    const related = await queryRows<{ id: string; email: string }>(
      tx,
      sql`SELECT id, email FROM users WHERE id IN (
            SELECT professional_id FROM mentoring_sessions WHERE student_id = ${userId} UNION SELECT student_id FROM mentoring_sessions WHERE professional_id = ${userId}
            UNION SELECT professional_id FROM connection_requests WHERE student_id = ${userId} UNION SELECT student_id FROM connection_requests WHERE professional_id = ${userId}
            UNION SELECT professional_id FROM conversation_messages WHERE student_id = ${userId} UNION SELECT student_id FROM conversation_messages WHERE professional_id = ${userId}
            UNION SELECT mentor_id FROM programme_pairs WHERE mentee_id = ${userId} UNION SELECT mentee_id FROM programme_pairs WHERE mentor_id = ${userId})`,
    );
    // Comments: counted on their idea, so the count goes down with them.
    const comments = await queryRows<{ idea_id: string }>(tx, sql`DELETE FROM idea_comments WHERE author_id = ${userId} RETURNING idea_id`);
    for (const c of comments) await tx.execute(sql`UPDATE ideas SET comments_count = greatest(comments_count - 1, 0) WHERE id = ${c.idea_id}`);
    add('idea_comments', comments.length);

    // Files: the documents of their applications, their uploads and their avatar.
    const documentKeys = await queryRows<{ storage_key: string }>(
      tx,
      sql`SELECT f.storage_key FROM rd_application_documents d JOIN files f ON f.id = d.file_id
          WHERE d.application_id IN (SELECT id FROM rd_applications WHERE student_id = ${userId})`,
    );
    storageKeys.push(...documentKeys.map((d) => d.storage_key));
    add('rd_application_documents', (await queryRows(tx, sql`DELETE FROM rd_application_documents WHERE application_id IN (SELECT id FROM rd_applications WHERE student_id = ${userId}) RETURNING id`)).length);
    await tx.execute(sql`DELETE FROM files WHERE storage_key IN ${inList(documentKeys.map((d) => d.storage_key))}`);
    const owned = await queryRows<{ storage_key: string }>(tx, sql`DELETE FROM files WHERE owner_id = ${userId} RETURNING storage_key`);
    storageKeys.push(...owned.map((f) => f.storage_key));
    add('files', owned.length + documentKeys.length);
    const [avatar] = await queryRows<{ profile_image_key: string | null }>(tx, sql`SELECT profile_image_key FROM users WHERE id = ${userId}`);
    if (avatar?.profile_image_key) storageKeys.push(avatar.profile_image_key);

    // Every registry entry, as it says.
    for (const entry of REGISTRY) {
      if (entry.table === 'users' || entry.table === 'professional_search_docs') continue;
      const where = ownedBy(entry, userId, email);
      if (!where) continue;
      if (entry.erasure === 'delete') {
        add(entry.table, (await queryRows(tx, sql`DELETE FROM ${sql.identifier(entry.table)} WHERE ${where} RETURNING 1 AS x`)).length);
      } else if (entry.erasure === 'anonymise' && entry.anonymise) {
        const sets = sql.join(
          Object.entries(entry.anonymise).map(([column, value]) => sql`${sql.identifier(column)} = ${value}`),
          sql`, `,
        );
        add(entry.table, (await queryRows(tx, sql`UPDATE ${sql.identifier(entry.table)} SET ${sets} WHERE ${where} RETURNING 1 AS x`)).length);
      }
    }

    // Session reasons: what the person wrote when they cancelled or moved a session (any session, also as an
    // admin) is their free text; the other side's reasons on their sessions go when they name them.
    const reasonMentions = (column: ReturnType<typeof sql>) => sql`coalesce(${column}, '') <> '' AND (${mentions(column, needles)})`;
    add(
      'mentoring_sessions.reasons',
      (
        await queryRows(
          tx,
          sql`UPDATE mentoring_sessions SET
                cancel_reason = CASE WHEN (cancelled_by = ${userId} AND cancel_reason IS DISTINCT FROM ${ERASURE_CANCEL_REASON}) OR ${reasonMentions(sql`cancel_reason`)} THEN NULL ELSE cancel_reason END,
                reschedule_reason = CASE WHEN rescheduled_by = ${userId} OR ${reasonMentions(sql`reschedule_reason`)} THEN NULL ELSE reschedule_reason END
              WHERE (cancelled_by = ${userId} AND cancel_reason IS NOT NULL AND cancel_reason IS DISTINCT FROM ${ERASURE_CANCEL_REASON})
                 OR (rescheduled_by = ${userId} AND reschedule_reason IS NOT NULL)
                 OR ((student_id = ${userId} OR professional_id = ${userId}) AND (${reasonMentions(sql`cancel_reason`)} OR ${reasonMentions(sql`reschedule_reason`)}))
              RETURNING 1 AS x`,
        )
      ).length,
    );

    // SSO: one-time results for them or whose test report names them; refused sign-ins whose detail names them
    // (the address, the name, or "account <id> is deactivated"). Their identities, SCIM link, flows, sessions,
    // second factor and passkeys went with the registry's `delete` entries above.
    const ssoNeedles = [...needles, userId];
    add('sso_results', (await queryRows(tx, sql`DELETE FROM sso_results WHERE user_id = ${userId} OR ${mentions(sql`payload::text`, ssoNeedles)} RETURNING 1 AS x`)).length);
    add('sso_events', (await queryRows(tx, sql`DELETE FROM sso_events WHERE ${mentions(sql`detail`, ssoNeedles)} RETURNING 1 AS x`)).length);

    // Scrub: e-mails to them or naming them, notifications naming them, audit entries about them, job
    // payloads and throttling keys naming them.
    const mail = await queryRows<{ id: string }>(
      tx,
      sql`DELETE FROM emails WHERE lower("to") = ${email}
            OR ${mentions(sql`subject`, needles)} OR ${mentions(sql`text`, needles)} OR ${mentions(sql`coalesce(html, '')`, needles)}
            OR ${mentions(sql`coalesce(preview, '')`, needles)} OR ${mentions(sql`attachments::text`, needles)}
          RETURNING id`,
    );
    emailIds = mail.map((m) => m.id);
    // The people they dealt with were written to by first name alone ("Reminder: session with Asha"): their
    // e-mails and notifications naming the person's first or last name as a word go too.
    const names = [person.first_name, person.last_name].filter((n) => n.trim().length >= 2).map(wordPattern);
    if (related.length > 0 && names.length > 0) {
      const named = (column: ReturnType<typeof sql>) => sql.join(names.map((n) => sql`${column} ~* ${n}`), sql` OR `);
      const relatedMail = await queryRows<{ id: string }>(
        tx,
        sql`DELETE FROM emails WHERE lower("to") IN ${inList(related.map((r) => r.email.toLowerCase()))}
              AND (${named(sql`subject`)} OR ${named(sql`text`)})
            RETURNING id`,
      );
      emailIds.push(...relatedMail.map((m) => m.id));
      add('emails', relatedMail.length);
      add(
        'notifications',
        (
          await queryRows(
            tx,
            sql`DELETE FROM notifications WHERE user_id IN ${inList(related.map((r) => r.id))} AND (${named(sql`title`)} OR ${named(sql`message`)}) RETURNING 1 AS x`,
          )
        ).length,
      );
    }
    add('emails', mail.length);
    add(
      'notifications',
      (
        await queryRows(
          tx,
          sql`DELETE FROM notifications WHERE user_id = ${userId}
                OR ${mentions(sql`title`, needles)} OR ${mentions(sql`message`, needles)} OR ${mentions(sql`metadata::text`, needles)}
              RETURNING 1 AS x`,
        )
      ).length,
    );
    add(
      'audit_log',
      (
        await queryRows(
          tx,
          sql`UPDATE audit_log SET before = CASE WHEN before IS NULL THEN NULL ELSE '{"erased":true}'::jsonb END,
                                   after = CASE WHEN after IS NULL THEN NULL ELSE '{"erased":true}'::jsonb END
              WHERE entity_id IN ${inList(objectIds)}
                 OR ${mentions(sql`coalesce(before::text, '')`, needles)} OR ${mentions(sql`coalesce(after::text, '')`, needles)}
              RETURNING 1 AS x`,
        )
      ).length,
    );
    add(
      'jobs',
      (await queryRows(tx, sql`DELETE FROM jobs WHERE status <> 'running' AND (${mentions(sql`payload::text`, needles)} OR ${mentions(sql`coalesce(last_error, '')`, needles)}) RETURNING 1 AS x`)).length,
    );
    add('rate_limits', (await queryRows(tx, sql`DELETE FROM rate_limits WHERE ${mentions(sql`key`, [email])} RETURNING 1 AS x`)).length);

    // The account itself: an anonymous placeholder nobody can sign in to.
    await tx.execute(sql`
      UPDATE users SET email = ${erasedEmail(userId)}, first_name = ${ERASED_FIRST_NAME}, last_name = ${ERASED_LAST_NAME},
        certificate_name = NULL, phone = NULL, address = NULL, city = NULL, state = NULL, zip_code = NULL, bio = NULL, profile_image_key = NULL,
        password_hash = ${`!erased:${randomBytes(24).toString('hex')}`}, is_active = false, is_verified = false,
        email_preferences = '{}'::jsonb, email_confirmed_at = NULL, last_login_at = NULL, timezone = NULL, language = NULL
      WHERE id = ${userId}`);
    // Last: triggers rebuild a professional's search document from the (now anonymous) profile.
    add('professional_search_docs', (await queryRows(tx, sql`DELETE FROM professional_search_docs WHERE professional_id = ${userId} RETURNING 1 AS x`)).length);
  });

  // After commit: the bytes and the outbox files.
  for (const key of storageKeys) {
    await deps.storage.remove(key).catch((error: unknown) => deps.log.warn({ err: error }, 'erasure: a stored file could not be removed'));
  }
  if (deps.config.dataDir) {
    for (const id of emailIds) await rm(path.join(deps.config.dataDir, 'outbox', `${id}.eml`), { force: true });
  }
  return counts;
}
