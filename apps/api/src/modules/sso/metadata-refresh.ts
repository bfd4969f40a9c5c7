import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { and, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { SSO_MESSAGES } from '@app/shared/sso';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ssoConnections } from '../../db/schema/sso.ts';
import { audit } from '../../lib/audit.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { fetchPolicyOf } from './safe-fetch.ts';
import { fetchIdpMetadata, parseIdpMetadata, toPem } from './saml-metadata.ts';

/**
 * Scheduled SAML metadata refresh (issue 23, decision 900). A connection set up from a metadata URL reads
 * it again every 24 hours, sooner when the metadata's own `cacheDuration` or `validUntil` says so, and at
 * once after a sign-in failed on an unknown certificate. The document goes through the same checks as on
 * first import (address guard, size, entity id, SSO URL, signing certificate) plus two more: its
 * `validUntil` must not have passed, and it must still name the connection's entity id (a different IdP
 * needs a deliberate re-import). Certificates: the new set is the metadata's; a certificate the metadata
 * no longer lists stays trusted for RETIRING_GRACE_MS (never past its own expiry), so an IdP whose nodes
 * switch keys one after another keeps working. A failed refresh keeps the last good settings, records
 * the error for the console and is tried again in an hour.
 *
 * Exactly once: the scheduler queues one job per slot (decision 400), and each connection is claimed by
 * a conditional UPDATE that sets a short lease (`metadata_lease_until`); whoever loses the claim skips
 * it. The result is written only while the row still carries that lease (fencing), so a manual re-import
 * or a second refresh that took over an expired lease is never overwritten by a stale one.
 */

export const METADATA_REFRESH_TASK = 'sso.metadata-refresh';
export const METADATA_REFRESH_EVERY_MS = 5 * 60_000;
export const DEFAULT_REFRESH_MS = 24 * 3_600_000;
/** cacheDuration / validUntil never make it read more often than this. */
export const MIN_REFRESH_MS = 15 * 60_000;
export const RETRY_AFTER_ERROR_MS = 3_600_000;
export const RETIRING_GRACE_MS = 48 * 3_600_000;
/** After a signature failure, the next refresh comes early unless one ran this recently. */
export const EARLY_REFRESH_QUIET_MS = 10 * 60_000;
const LEASE_MS = 2 * 60_000;
const BATCH = 50;
const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';

type Connection = typeof ssoConnections.$inferSelect;
export interface RefreshDeps {
  db: Db;
  config: Config;
  now: () => Date;
}

/** An ISO 8601 duration (`PT6H`, `P1D`, `P1Y2M`); months as 30 days, years as 365. Null if unreadable. */
export function durationMs(text: string): number | null {
  const m = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(text.trim());
  if (!m || text.trim() === 'P' || text.trim().endsWith('T')) return null;
  const [, y, mo, w, d, h, mi, s] = m.map((x) => (x === undefined ? 0 : Number(x)));
  return ((((y! * 365 + mo! * 30 + w! * 7 + d!) * 24 + h!) * 60 + mi!) * 60 + s!) * 1000;
}

/** `validUntil` and `cacheDuration` of the document (the strictest of the entity and any wrapping EntitiesDescriptor). */
export function metadataTimes(xml: string): { validUntil: Date | null; cacheMs: number | null } {
  let validUntil: Date | null = null;
  let cacheMs: number | null = null;
  try {
    const doc = new DOMParser({ errorHandler: { warning: () => undefined, error: () => undefined } }).parseFromString(xml, 'text/xml') as unknown as Document;
    const elements = [...Array.from(doc.getElementsByTagNameNS(MD, 'EntitiesDescriptor')), ...Array.from(doc.getElementsByTagNameNS(MD, 'EntityDescriptor'))];
    for (const el of elements) {
      const v = el.getAttribute('validUntil');
      if (v) {
        const at = new Date(v);
        if (!Number.isNaN(at.getTime()) && (!validUntil || at < validUntil)) validUntil = at;
      }
      const c = el.getAttribute('cacheDuration');
      const ms = c ? durationMs(c) : null;
      if (ms !== null && (cacheMs === null || ms < cacheMs)) cacheMs = ms;
    }
  } catch {
    /* parseIdpMetadata refuses what cannot be read */
  }
  return { validUntil, cacheMs };
}

/** 24 h, or sooner per cacheDuration / validUntil, never sooner than 15 minutes. */
export function nextRefresh(now: Date, times: { validUntil: Date | null; cacheMs: number | null }, retiring: Record<string, string> = {}): Date {
  let at = now.getTime() + DEFAULT_REFRESH_MS;
  if (times.cacheMs !== null) at = Math.min(at, now.getTime() + times.cacheMs);
  if (times.validUntil) at = Math.min(at, times.validUntil.getTime());
  // A retiring certificate is dropped by the refresh after its grace ends.
  for (const since of Object.values(retiring)) at = Math.min(at, new Date(since).getTime() + RETIRING_GRACE_MS);
  return new Date(Math.max(at, now.getTime() + MIN_REFRESH_MS));
}

function notAfter(body: string): number {
  try {
    return new Date(new X509Certificate(toPem(body)).validTo).getTime();
  } catch {
    return 0;
  }
}

/**
 * The certificates to trust after a refresh: the metadata's, plus those it stopped listing less than the
 * grace ago and not yet expired. `retiring` maps each kept old certificate to when it was first missing.
 */
export function rollCertificates(current: string[], retiring: Record<string, string>, published: string[], now: Date) {
  const kept: Record<string, string> = {};
  for (const cert of current) {
    if (published.includes(cert)) continue;
    const since = retiring[cert] ?? now.toISOString();
    if (now.getTime() - new Date(since).getTime() < RETIRING_GRACE_MS && notAfter(cert) > now.getTime()) kept[cert] = since;
  }
  return { certificates: [...published, ...Object.keys(kept)], retiring: kept };
}

/** Retiring certificates whose grace has ended are dropped even when the metadata cannot be read. */
function pruneRetiring(row: Connection, now: Date) {
  const kept = Object.fromEntries(Object.entries(row.retiringCertificates).filter(([, since]) => now.getTime() - new Date(since).getTime() < RETIRING_GRACE_MS));
  const gone = Object.keys(row.retiringCertificates).filter((c) => !(c in kept));
  return { certificates: row.idpCertificates.filter((c) => !gone.includes(c)), retiring: kept };
}

/** The metadata is usable at all: the checks of first import, and not past its validUntil. */
export function checkMetadata(xml: string, now: Date) {
  const parsed = parseIdpMetadata(xml);
  if (!parsed) throw badRequest(SSO_MESSAGES.samlMetadataInvalid);
  const times = metadataTimes(xml);
  if (times.validUntil && times.validUntil <= now) {
    throw badRequest(`The IdP metadata expired on ${times.validUntil.toISOString()} (validUntil): ask the IdP to publish fresh metadata`);
  }
  return { parsed, times };
}

/** The schedule fields of a connection whose metadata was just imported (sso.service's samlFields). */
export function scheduleAfterImport(xml: string, metadataUrl: string | null | undefined, now: Date) {
  const times = metadataTimes(xml);
  return {
    metadataValidUntil: times.validUntil,
    metadataNextRefreshAt: metadataUrl ? nextRefresh(now, times) : null,
    metadataCheckedAt: metadataUrl ? now : null,
    metadataError: null,
    metadataLeaseUntil: null,
    retiringCertificates: {},
  };
}

/** Claim one connection's refresh: due ones only, or (refresh now) any not being refreshed at this moment. */
async function claim(deps: RefreshDeps, id: string, opts: { due: boolean }): Promise<{ row: Connection; lease: Date } | null> {
  const now = deps.now();
  const lease = new Date(now.getTime() + LEASE_MS);
  const [row] = await deps.db
    .update(ssoConnections)
    .set({ metadataLeaseUntil: lease })
    .where(
      and(
        eq(ssoConnections.id, id),
        eq(ssoConnections.protocol, 'saml'),
        isNotNull(ssoConnections.metadataUrl),
        or(isNull(ssoConnections.metadataLeaseUntil), lte(ssoConnections.metadataLeaseUntil, now)),
        opts.due ? or(isNull(ssoConnections.metadataNextRefreshAt), lte(ssoConnections.metadataNextRefreshAt, now)) : sql`true`,
      ),
    )
    .returning();
  return row ? { row, lease } : null;
}

export type RefreshOutcome = { ok: true; row: Connection; changed: boolean } | { ok: false; row: Connection; error: string };

/** Read, check and apply the metadata of a claimed connection; writes only while holding the lease. */
async function refreshClaimed(deps: RefreshDeps, row: Connection, lease: Date): Promise<RefreshOutcome | null> {
  const now = deps.now();
  let changes: Partial<typeof ssoConnections.$inferInsert>;
  let outcome: { ok: true; changed: boolean } | { ok: false; error: string };
  try {
    let xml: string;
    try {
      xml = await fetchIdpMetadata(row.metadataUrl ?? '', fetchPolicyOf(deps.config));
    } catch (error) {
      throw new Error(`${SSO_MESSAGES.metadataUrlFailed}: ${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'}`, { cause: error });
    }
    let checked: ReturnType<typeof checkMetadata>;
    try {
      checked = checkMetadata(xml, now);
    } catch (error) {
      throw new Error(error instanceof Error ? error.message : SSO_MESSAGES.samlMetadataInvalid, { cause: error });
    }
    const { parsed, times } = checked;
    if (parsed.entityId !== row.idpEntityId) {
      throw new Error(
        `The metadata now names the entity id ${parsed.entityId.slice(0, 200)} instead of ${row.idpEntityId ?? ''}: save the connection again to accept a different identity provider`,
      );
    }
    const rolled = rollCertificates(row.idpCertificates, row.retiringCertificates, parsed.certificates, now);
    const changed =
      rolled.certificates.join() !== row.idpCertificates.join() || parsed.ssoUrl !== row.idpSsoUrl || parsed.sloUrl !== row.idpSloUrl;
    changes = {
      idpSsoUrl: parsed.ssoUrl,
      idpSloUrl: parsed.sloUrl,
      idpCertificates: rolled.certificates,
      retiringCertificates: rolled.retiring,
      metadataRefreshedAt: now,
      metadataValidUntil: times.validUntil,
      metadataNextRefreshAt: nextRefresh(now, times, rolled.retiring),
      metadataError: null,
    };
    outcome = { ok: true, changed };
  } catch (error) {
    const message = (error instanceof Error ? error.message : 'unknown error').slice(0, 500);
    const pruned = pruneRetiring(row, now);
    const retry = new Date(now.getTime() + RETRY_AFTER_ERROR_MS);
    changes = {
      idpCertificates: pruned.certificates,
      retiringCertificates: pruned.retiring,
      metadataError: message,
      metadataNextRefreshAt: nextRefresh(now, { validUntil: retry, cacheMs: null }, pruned.retiring),
    };
    outcome = { ok: false, error: message };
  }
  const [after] = await deps.db
    .update(ssoConnections)
    .set({ ...changes, metadataCheckedAt: now, metadataLeaseUntil: null })
    .where(and(eq(ssoConnections.id, row.id), eq(ssoConnections.metadataLeaseUntil, lease)))
    .returning();
  // The lease was taken over (or the connection re-imported or deleted) meanwhile: this result is stale.
  if (!after) return null;
  return outcome.ok ? { ok: true, row: after, changed: outcome.changed } : { ok: false, row: after, error: outcome.error };
}

/** The scheduled task: every due connection, each claimed by exactly one process. */
export async function refreshDueMetadata(deps: RefreshDeps, log?: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void }) {
  const now = deps.now();
  const due = await deps.db
    .select({ id: ssoConnections.id })
    .from(ssoConnections)
    .where(
      and(
        eq(ssoConnections.protocol, 'saml'),
        isNotNull(ssoConnections.metadataUrl),
        or(isNull(ssoConnections.metadataNextRefreshAt), lte(ssoConnections.metadataNextRefreshAt, now)),
        or(isNull(ssoConnections.metadataLeaseUntil), lte(ssoConnections.metadataLeaseUntil, now)),
      ),
    )
    .orderBy(ssoConnections.metadataNextRefreshAt)
    .limit(BATCH);
  const outcomes: RefreshOutcome[] = [];
  for (const { id } of due) {
    const claimed = await claim(deps, id, { due: true });
    if (!claimed) continue;
    const outcome = await refreshClaimed(deps, claimed.row, claimed.lease);
    if (!outcome) continue;
    outcomes.push(outcome);
    if (outcome.ok) {
      if (outcome.changed) await audit(deps.db, null, 'sso.connection.metadata', 'sso_connection', id, null, { certificates: outcome.row.idpCertificates.length });
      log?.info({ connectionId: id, changed: outcome.changed }, 'sso: metadata refreshed');
    } else {
      log?.warn({ connectionId: id, error: outcome.error }, 'sso: metadata refresh failed');
    }
  }
  return outcomes;
}

/** "Refresh now" in the console. Throws 400 without a metadata URL, 409 while another refresh runs. */
export async function refreshNow(deps: RefreshDeps, actorId: string, connection: Connection): Promise<RefreshOutcome> {
  if (connection.protocol !== 'saml' || !connection.metadataUrl) throw badRequest(SSO_MESSAGES.metadataNoUrl);
  const claimed = await claim(deps, connection.id, { due: false });
  if (!claimed) throw conflict(SSO_MESSAGES.metadataRefreshRunning);
  const outcome = await refreshClaimed(deps, claimed.row, claimed.lease);
  if (!outcome) throw conflict(SSO_MESSAGES.metadataRefreshRunning);
  await audit(deps.db, actorId, 'sso.connection.metadata', 'sso_connection', connection.id, null, outcome.ok ? { changed: outcome.changed } : { error: outcome.error });
  return outcome;
}

/**
 * A sign-in failed on its signature: the IdP may have rotated its key. Bring the next refresh forward
 * to now (the scheduler runs it within five minutes), unless one ran in the last ten minutes.
 */
export async function refreshSoonAfterSignatureFailure(db: Db, connectionId: string, now: Date) {
  await db
    .update(ssoConnections)
    .set({ metadataNextRefreshAt: now })
    .where(
      and(
        eq(ssoConnections.id, connectionId),
        isNotNull(ssoConnections.metadataUrl),
        gt(ssoConnections.metadataNextRefreshAt, now),
        or(isNull(ssoConnections.metadataCheckedAt), lt(ssoConnections.metadataCheckedAt, new Date(now.getTime() - EARLY_REFRESH_QUIET_MS))),
      ),
    );
}

/** When a retiring certificate stops being accepted (for the console). */
export function retiringUntil(row: Pick<Connection, 'retiringCertificates'>, cert: string): string | null {
  const since = row.retiringCertificates[cert];
  return since ? new Date(new Date(since).getTime() + RETIRING_GRACE_MS).toISOString() : null;
}
