import { sql } from 'drizzle-orm';
import { envelope } from '@app/shared/api';
import { breachData, breachNoticeBody, breachNoticeData, breachQuery, breachTablesData } from '@app/shared/privacy';
import type { Db } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { actorOf, type App } from '../../lib/http.ts';
import { inert } from '../../lib/email-template.ts';
import { queueEmails } from '../../lib/mail.ts';
import { recipientLocales, voiceOf } from '../../lib/recipient-locale.ts';
import { queryRows } from '../../lib/sql.ts';
import { registryByTable, REGISTRY } from './registry.ts';

/** When a row was written, by the first of these columns a table has. */
const TIME_COLUMNS = ['created_at', 'registered_at', 'applied_at', 'invited_at', 'sent_at', 'updated_at', 'started_at', 'day'];
const MAX_PEOPLE = 100_000;

/** Tables whose rows say whose they are (a `subject` column, or an address for e-mails and contact messages). */
export const BREACH_TABLES = REGISTRY.filter((e) => e.subject.length > 0 || e.table === 'emails' || e.table === 'contact_messages').map((e) => e.table);

async function timeColumn(db: Db, table: string): Promise<string> {
  const cols = await queryRows<{ column_name: string }>(
    db,
    sql`SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ${table}`,
  );
  const names = new Set(cols.map((c) => c.column_name));
  const found = TIME_COLUMNS.find((c) => names.has(c));
  if (!found) throw badRequest(`The table ${table} has no time column to select a window by`);
  return found;
}

/** The people who had rows in a table written during a window (breach support, docs/privacy.md). */
export async function affectedPeople(db: Db, table: string, from: string, to: string) {
  const entry = registryByTable.get(table);
  if (!entry || !BREACH_TABLES.includes(table)) throw badRequest('Choose a table from the list');
  if (new Date(from) > new Date(to)) throw badRequest('The window ends before it starts');
  const at = sql.identifier(await timeColumn(db, table));
  const window = sql`t.${at} >= ${from}::timestamptz AND t.${at} <= ${to}::timestamptz`;
  const owners =
    table === 'emails'
      ? sql`SELECT u.id FROM emails t JOIN users u ON lower(u.email) = lower(t."to") WHERE ${window}`
      : table === 'contact_messages'
        ? sql`SELECT u.id FROM contact_messages t JOIN users u ON lower(u.email) = lower(t.email) WHERE ${window}`
        : sql.join(
            entry.subject.map((c) => sql`SELECT t.${sql.identifier(c)} AS id FROM ${sql.identifier(table)} t WHERE ${window} AND t.${sql.identifier(c)} IS NOT NULL`),
            sql` UNION ALL `,
          );
  return queryRows<{ id: string; name: string; email: string; rows: number }>(
    db,
    sql`SELECT u.id, trim(u.first_name || ' ' || u.last_name) AS name, u.email, count(*)::int AS rows
        FROM (${owners}) o JOIN users u ON u.id = o.id
        WHERE u.email NOT LIKE 'erased-%@erased.invalid'
        GROUP BY u.id, u.first_name, u.last_name, u.email
        ORDER BY u.email LIMIT ${MAX_PEOPLE}`,
  );
}

export function registerBreach(app: App) {
  const secured = { security: [{ bearer: [] }] };
  const tags = ['privacy'];
  app.get(
    '/privacy/admin/breach/tables',
    { config: { access: ['admin'] }, schema: { tags, ...secured, response: { 200: envelope(breachTablesData) } } },
    async () => ({ success: true as const, data: { tables: BREACH_TABLES } }),
  );
  app.get(
    '/privacy/admin/breach',
    { config: { access: ['admin'] }, schema: { tags, ...secured, querystring: breachQuery, response: { 200: envelope(breachData) } } },
    async (request) => {
      const { table, from, to } = request.query;
      const people = await affectedPeople(app.ctx.db, table, from, to);
      return { success: true as const, data: { table, people, tables: BREACH_TABLES } };
    },
  );
  app.post(
    '/privacy/admin/breach/notice',
    { config: { access: ['admin'] }, schema: { tags, ...secured, body: breachNoticeBody, response: { 200: envelope(breachNoticeData) } } },
    async (request) => {
      const { table, from, to, subject, message } = request.body;
      const people = await affectedPeople(app.ctx.db, table, from, to);
      const actor = actorOf(request);
      await app.ctx.db.transaction(async (tx) => {
        for (let i = 0; i < people.length; i += 500) {
          const batch = people.slice(i, i + 500);
          // The administrator's own subject and words go as written; the greeting, the signature and the
          // template follow each person's language (decision 1150).
          const locales = await recipientLocales(tx, batch.map((p) => p.id));
          await queueEmails(
            tx,
            batch.map((p) => {
              const voice = voiceOf(locales.get(p.id));
              const paragraphs = [voice.t(p.name ? 'email.greeting' : 'email.invitation.hello', { name: inert(p.name) }), message, 'MentorBridge'];
              return { to: p.email, language: voice.language, subject, text: paragraphs.join('\n\n') };
            }),
          );
        }
        await audit(tx, actor.id, 'privacy.breach-notice', 'breach', table, null, { from, to, subject, notified: people.length });
      });
      app.ctx.jobs.kick();
      return { success: true as const, message: `Notice sent to ${people.length} people`, data: { notified: people.length } };
    },
  );
}
