import { sql } from 'drizzle-orm';
import { formatters, type Formatters } from '@app/shared/i18n/format';
import type { Translator } from '@app/shared/i18n/translator';
import type { Db } from '../db/client.ts';
import { isAvailableLanguage, requestLanguage, SOURCE_LANGUAGE, translator } from './i18n.ts';
import { queueEmail, type OutgoingEmail, type QueueOptions } from './mail.ts';
import { queryRows } from './sql.ts';

/**
 * The language and time zone of the person a message is FOR (docs/decisions/970-recipient-language.md):
 * e-mails, calendar invitations, reminders, in-app notifications and certificates are written in the
 * recipient's language, never the sender's: their profile choice (`users.language`), else their
 * organisation's default (`organisations.default_language`: the organisation they belong to as a member,
 * else the one their student address is affiliated with), else the platform's (`DEFAULT_LANGUAGE`),
 * else English. Times are shown in the recipient's own zone (`users.timezone`), else the event's.
 */
export interface RecipientLocale {
  language: string;
  /** The person's IANA zone, null when they set none. */
  timeZone: string | null;
}

let platformLanguage = SOURCE_LANGUAGE;

/** Set once at start from `DEFAULT_LANGUAGE`; a tag without a catalogue is refused. */
export function setPlatformLanguage(language: string): void {
  if (!isAvailableLanguage(language)) throw new Error(`DEFAULT_LANGUAGE: no catalogue for "${language}"`);
  platformLanguage = language;
}

export function getPlatformLanguage(): string {
  return platformLanguage;
}

/** The first of these that has a catalogue. */
export function pickLanguage(...choices: (string | null | undefined)[]): string {
  for (const c of choices) if (c && isAvailableLanguage(c)) return c;
  return isAvailableLanguage(platformLanguage) ? platformLanguage : SOURCE_LANGUAGE;
}

/** Each person's language and zone, in one query (people not found are absent from the map). */
export async function recipientLocales(db: Db, userIds: readonly string[]): Promise<Map<string, RecipientLocale>> {
  const ids = [...new Set(userIds.filter(Boolean))];
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; language: string | null; timezone: string | null; org_language: string | null }>(
    db,
    sql`SELECT u.id, u.language, u.timezone, o.default_language AS org_language
        FROM users u
        LEFT JOIN organisation_members m ON m.user_id = u.id
        LEFT JOIN student_affiliations a ON a.student_id = u.id
        LEFT JOIN organisations o ON o.id = COALESCE(m.organisation_id, a.organisation_id)
        WHERE u.id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((r) => [r.id, { language: pickLanguage(r.language, r.org_language), timeZone: r.timezone }]));
}

/** One person's language and zone (the platform's language when they are unknown). */
export async function recipientLocale(db: Db, userId: string): Promise<RecipientLocale> {
  return (await recipientLocales(db, [userId])).get(userId) ?? { language: pickLanguage(), timeZone: null };
}

/** What a message for one person is written with: their translator and formatters in their zone (else `fallbackZone`). */
export interface Voice {
  language: string;
  timeZone: string;
  t: Translator['t'];
  direction: Translator['direction'];
  format: Formatters;
  /** A date and time in full, with the zone it is shown in ("मंगलवार, 1 दिसंबर 2026, 3:00 pm (Asia/Kolkata)"). */
  when(at: Date): string;
  /** A date with a start and end time, with the zone ("Tuesday, 1 December 2026, 14:00–16:00 (Europe/London)"). */
  span(start: Date, end: Date): string;
}

/** A valid IANA zone, else undefined. */
function validZone(zone: string | null | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/**
 * The locale dates and numbers are written in: the language's own, except English, which keeps the
 * day-month order and 24-hour clock MentorBridge's English texts always had (en-GB, as for India and the
 * Gulf); the web page uses the browser's own variant instead (decision 741).
 */
export function formatLocale(language: string): string {
  return language === 'en' ? 'en-GB' : language;
}

export function voiceOf(locale: RecipientLocale | undefined, fallbackZone?: string | null): Voice {
  const language = locale?.language ?? pickLanguage();
  const timeZone = validZone(locale?.timeZone) ?? validZone(fallbackZone) ?? 'UTC';
  const tr = translator(language);
  const format = formatters(formatLocale(language), timeZone);
  return {
    language,
    timeZone,
    t: tr.t,
    direction: tr.direction,
    format,
    when: (at) => `${format.dateTime(at, { dateStyle: 'full', timeStyle: 'short' })} (${timeZone})`,
    span: (start, end) =>
      `${new Intl.DateTimeFormat(formatLocale(language), { dateStyle: 'full', timeStyle: 'short', timeZone }).formatRange(start, end)} (${timeZone})`,
  };
}

/**
 * The voice of whoever makes a request, for texts the API words for its caller (match reasons, decision
 * 1280): their profile's language, else `Accept-Language`, else English (as error messages, decision 742),
 * and their own zone (`users.timezone`), else UTC.
 */
export async function callerVoice(
  db: Db,
  request: Parameters<typeof requestLanguage>[0],
  reply?: { header(name: string, value: string): unknown },
): Promise<Voice> {
  // The answer depends on the header (for a caller without a language of their own): caches must know it.
  reply?.header('vary', 'accept-language');
  let timeZone: string | null = null;
  const language = await requestLanguage(request, async (id) => {
    const [row] = await queryRows<{ language: string | null; timezone: string | null }>(db, sql`SELECT language, timezone FROM users WHERE id = ${id}`);
    timeZone = row?.timezone ?? null;
    return row?.language;
  });
  return voiceOf({ language, timeZone });
}

/**
 * The plain text of an e-mail in the voice's language: the greeting with the recipient's first name,
 * the paragraphs (empty ones left out), and the signature (the product's name, never translated).
 */
export function letter(voice: Pick<Voice, 't'>, firstName: string, paragraphs: ReadonlyArray<string | false | null | undefined>): string {
  return [voice.t('email.greeting', { name: firstName }), ...paragraphs.filter((p): p is string => Boolean(p)), 'MentorBridge'].join('\n\n');
}

/**
 * The locale of whoever reads an e-mail sent to an address: the account behind it if there is one (its
 * whole resolution), else `organisationDefault` (an organisation's contact or a person it invites), else
 * the platform's default. Decision 1060.
 */
export async function addressLocale(db: Db, email: string, organisationDefault?: string | null): Promise<RecipientLocale> {
  const [account] = await queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE email = ${email.trim().toLowerCase()} LIMIT 1`);
  if (account) return recipientLocale(db, account.id);
  return { language: pickLanguage(organisationDefault), timeZone: null };
}

/**
 * One e-mail to one account holder, written in their own language (decisions 970, 1060): `write` words it
 * with their voice; the message goes out in that voice's language.
 */
export async function emailIn(db: Db, userId: string, write: (voice: Voice) => Omit<OutgoingEmail, 'language'>, options?: QueueOptions) {
  const voice = voiceOf(await recipientLocale(db, userId));
  return queueEmail(db, { ...write(voice), language: voice.language }, options);
}
