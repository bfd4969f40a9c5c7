import { sql } from 'drizzle-orm';
import {
  CONSENT_PURPOSES_FOR,
  NOTICE_MESSAGES,
  type ConsentPurpose,
  type MyConsentsData,
  type PrivacyNoticeDto,
  type PublishNoticeBody,
} from '@app/shared/privacy';
import type { Db } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import type { Actor } from '../../lib/http.ts';
import { newId } from '../../lib/ids.ts';
import { queryRows } from '../../lib/sql.ts';

/**
 * The versioned privacy notice, each person's acceptance of it, and the optional-processing consents
 * (issue 24 "Consent and notice", decisions 840 and 841, docs/privacy.md).
 */

interface NoticeRow {
  version: number;
  title: string;
  body: string;
  summary: string;
  material: boolean;
  published_at: Date | string;
}

const iso = (v: Date | string) => new Date(v).toISOString();
const toDto = (r: NoticeRow): PrivacyNoticeDto => ({
  version: r.version,
  title: r.title,
  body: r.body,
  summary: r.summary,
  material: r.material,
  publishedAt: iso(r.published_at),
});

export async function currentNotice(db: Db): Promise<PrivacyNoticeDto | null> {
  const [row] = await queryRows<NoticeRow>(db, sql`SELECT version, title, body, summary, material, published_at FROM privacy_notices ORDER BY version DESC LIMIT 1`);
  return row ? toDto(row) : null;
}

/** The latest version people must have accepted: the newest material one (the first version always is). */
async function latestMaterialVersion(db: Db): Promise<number | null> {
  const [row] = await queryRows<{ version: number | null }>(db, sql`SELECT max(version) AS version FROM privacy_notices WHERE material`);
  return row?.version ?? null;
}

export async function adminNotices(db: Db) {
  const rows = await queryRows<NoticeRow & { published_by: string | null; publisher: string | null; acceptances: number }>(
    db,
    sql`SELECT n.version, n.title, n.body, n.summary, n.material, n.published_at, n.published_by,
               trim(u.first_name || ' ' || u.last_name) AS publisher,
               (SELECT count(DISTINCT a.user_id)::int FROM privacy_notice_acceptances a WHERE a.version = n.version) AS acceptances
        FROM privacy_notices n LEFT JOIN users u ON u.id = n.published_by
        ORDER BY n.version DESC`,
  );
  return rows.map((r) => ({ ...toDto(r), publishedBy: r.publisher, acceptances: r.acceptances }));
}

/** Publish the next version. The first version is always material (nobody has accepted anything yet). */
export async function publishNotice(db: Db, actor: Actor, body: PublishNoticeBody, now: Date) {
  return db.transaction(async (tx) => {
    // One publisher at a time: the next version number is read and written under the lock.
    await queryRows(tx, sql`SELECT pg_advisory_xact_lock(hashtext('privacy_notices'))`);
    const [last] = await queryRows<{ version: number | null }>(tx, sql`SELECT max(version) AS version FROM privacy_notices`);
    const version = (last?.version ?? 0) + 1;
    const material = version === 1 ? true : body.material;
    await tx.execute(
      sql`INSERT INTO privacy_notices (id, version, title, body, summary, material, published_by, published_at)
          VALUES (${newId()}, ${version}, ${body.title}, ${body.body}, ${body.summary}, ${material}, ${actor.id}, ${now})`,
    );
    await audit(tx, actor.id, 'privacy.notice.publish', 'privacy_notice', String(version), null, { version, title: body.title, material });
    const [row] = (await adminNotices(tx)).filter((n) => n.version === version);
    return row!;
  });
}

/**
 * Record that a person accepted a version. At registration the form sends the version it showed: an
 * unknown version records nothing (the person is asked at sign-in). Asked again, the person must accept
 * the current version (409 otherwise: the notice changed while they read it).
 */
export async function recordAcceptance(db: Db, userId: string, version: number | undefined, context: 'registration' | 'sign-in', now: Date): Promise<boolean> {
  if (version === undefined) return false;
  const [exists] = await queryRows<{ version: number }>(db, sql`SELECT version FROM privacy_notices WHERE version = ${version}`);
  if (!exists) return false;
  await db.execute(
    sql`INSERT INTO privacy_notice_acceptances (id, user_id, version, context, accepted_at) VALUES (${newId()}, ${userId}, ${version}, ${context}, ${now})`,
  );
  return true;
}

export async function acceptCurrent(db: Db, actor: Actor, version: number, now: Date) {
  const current = await currentNotice(db);
  if (!current) throw badRequest(NOTICE_MESSAGES.noNotice);
  if (current.version !== version) throw conflict(NOTICE_MESSAGES.notCurrent);
  await recordAcceptance(db, actor.id, version, 'sign-in', now);
  return myConsents(db, actor);
}

/** The purposes a person is asked about, and whether each is given (no choice recorded: given, decision 841). */
export async function myConsents(db: Db, actor: Actor): Promise<MyConsentsData> {
  const purposes = CONSENT_PURPOSES_FOR[actor.role] ?? ['emails'];
  const [notice, material, acceptances, choices, history] = await Promise.all([
    currentNotice(db),
    latestMaterialVersion(db),
    queryRows<{ version: number; context: 'registration' | 'sign-in'; accepted_at: Date | string }>(
      db,
      sql`SELECT version, context, accepted_at FROM privacy_notice_acceptances WHERE user_id = ${actor.id} ORDER BY accepted_at DESC, version DESC LIMIT 100`,
    ),
    queryRows<{ purpose: ConsentPurpose; granted: boolean; updated_at: Date | string }>(
      db,
      sql`SELECT purpose, granted, updated_at FROM privacy_consents WHERE user_id = ${actor.id}`,
    ),
    queryRows<{ purpose: ConsentPurpose; granted: boolean; created_at: Date | string }>(
      db,
      sql`SELECT purpose, granted, created_at FROM privacy_consent_events WHERE user_id = ${actor.id} ORDER BY created_at DESC, id DESC LIMIT 200`,
    ),
  ]);
  const accepted = acceptances.reduce((m, a) => Math.max(m, a.version), 0);
  return {
    notice,
    mustAccept: material !== null && accepted < material,
    acceptances: acceptances.map((a) => ({ version: a.version, context: a.context, at: iso(a.accepted_at) })),
    consents: purposes.map((purpose) => {
      const c = choices.find((x) => x.purpose === purpose);
      return { purpose, granted: c ? c.granted : true, changedAt: c ? iso(c.updated_at) : null };
    }),
    history: history.filter((h) => purposes.includes(h.purpose)).map((h) => ({ purpose: h.purpose, granted: h.granted, at: iso(h.created_at) })),
  };
}

/** Give or withdraw a consent: the current choice and one event in the trail, in one transaction. */
export async function setConsent(db: Db, actor: Actor, purpose: ConsentPurpose, granted: boolean, now: Date) {
  const purposes = CONSENT_PURPOSES_FOR[actor.role] ?? ['emails'];
  if (!purposes.includes(purpose)) throw badRequest(`This choice does not apply to your account (${purposes.join(', ')})`);
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`INSERT INTO privacy_consents (user_id, purpose, granted, updated_at) VALUES (${actor.id}, ${purpose}, ${granted}, ${now})
          ON CONFLICT (user_id, purpose) DO UPDATE SET granted = EXCLUDED.granted, updated_at = EXCLUDED.updated_at`,
    );
    await tx.execute(
      sql`INSERT INTO privacy_consent_events (id, user_id, purpose, granted, created_at) VALUES (${newId()}, ${actor.id}, ${purpose}, ${granted}, ${now})`,
    );
  });
  return myConsents(db, actor);
}

/** Whether the person withdrew this purpose (the processing that needs it checks here). */
export async function consentWithdrawn(db: Db, userId: string, purpose: ConsentPurpose): Promise<boolean> {
  const [row] = await queryRows<{ granted: boolean }>(db, sql`SELECT granted FROM privacy_consents WHERE user_id = ${userId} AND purpose = ${purpose}`);
  return row !== undefined && !row.granted;
}


/** Record that an administrator or a university admin looked at a person's record (shown to the person). */
export async function recordView(db: Db, actor: Actor, personId: string, what: string): Promise<void> {
  if (actor.id === personId) return;
  await audit(db, actor.id, 'privacy.view', 'user', personId, null, { what });
}
