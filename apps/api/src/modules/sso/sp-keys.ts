import { randomBytes } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { SP_KEY_MESSAGES, type SpKeyDto } from '@app/shared/sso-keys';
import type { Db } from '../../db/client.ts';
import type { CatalogueCache } from '../../lib/cache.ts';
import { ssoSpKeys } from '../../db/schema/sso-logout.ts';
import { audit } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import type { SecretBox } from './crypto.ts';
import { certificateInfo, toPem } from './saml-metadata.ts';

/**
 * MentorBridge's SAML signing keys, per connection (decision 910). The active key signs what we send
 * (AuthnRequest, LogoutRequest, LogoutResponse; HTTP-Redirect binding, RSA-SHA256); the SP metadata
 * publishes the active key and, during a rollover, the next one, so the IdP learns the new certificate
 * before anything is signed with it. Private keys are sealed with the SSO secret box.
 */

interface Deps {
  db: Db;
  box: SecretBox;
  now: () => Date;
  /** Sign-in paths pass the catalogue cache: the key rows are then read once per process until they change. */
  cache?: CatalogueCache;
}

export interface SigningKeys {
  /** The active key's private key (PKCS#8 PEM) and certificate (PEM). */
  privateKey: string;
  certificate: string;
  /** Every certificate to publish in the metadata: the active one first, then the next one. */
  published: string[];
}

const ALGORITHM = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 } as const;
const VALID_YEARS = 10;

/** A fresh RSA-2048 key and its self-signed certificate (SAML trusts the certificate as published, not a CA). */
export async function generateSpKey(name: string, now: Date): Promise<{ privateKeyPem: string; certificate: string }> {
  const keys = await crypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + VALID_YEARS);
  const cert = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: randomBytes(16).toString('hex').replace(/^[89a-f]/, '1'),
      // The name is shown by IdP consoles next to the certificate; commas would split the DN.
      name: `CN=${name.replace(/[,+="<>#;\\]/g, ' ').slice(0, 60)}`,
      notBefore: new Date(now.getTime() - 60_000),
      notAfter,
      signingAlgorithm: ALGORITHM,
      keys,
      extensions: [new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true)],
    },
    crypto,
  );
  const pkcs8 = Buffer.from(await crypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
  const privateKeyPem = `-----BEGIN PRIVATE KEY-----\n${pkcs8.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END PRIVATE KEY-----\n`;
  return { privateKeyPem, certificate: Buffer.from(cert.rawData).toString('base64') };
}

const keyName = (connectionId: string) => `MentorBridge SAML SP ${connectionId}`;

async function insertKey(deps: Deps, connectionId: string, status: 'active' | 'next') {
  const made = await generateSpKey(keyName(connectionId), deps.now());
  // The partial unique indexes keep one active and one next key: a process that loses the race keeps the winner's.
  await deps.db
    .insert(ssoSpKeys)
    .values({
      connectionId,
      status,
      privateKeyEnc: deps.box.seal(made.privateKeyPem),
      certificate: made.certificate,
      activatedAt: status === 'active' ? deps.now() : null,
    })
    .onConflictDoNothing();
}

async function currentKeys(db: Db, connectionId: string) {
  return db
    .select()
    .from(ssoSpKeys)
    .where(and(eq(ssoSpKeys.connectionId, connectionId), inArray(ssoSpKeys.status, ['active', 'next'])))
    .orderBy(asc(ssoSpKeys.createdAt));
}

/**
 * Opened private keys by their sealed text (AES-GCM open per sign-in start is wasted work). Keyed by the
 * ciphertext, so a rollover (a new row, a new ciphertext) is never answered with an old key; bounded.
 */
const opened = new Map<string, string>();
const OPENED_MAX = 500;
function openKey(box: SecretBox, sealed: string): string {
  let pem = opened.get(sealed);
  if (pem === undefined) {
    pem = box.open(sealed);
    if (opened.size >= OPENED_MAX) opened.delete(opened.keys().next().value as string);
    opened.set(sealed, pem);
  }
  return pem;
}

/**
 * The connection's signing keys; the first key is made on first use (metadata, sign-in or logout). With the
 * catalogue cache the rows are read once per process until `sso_sp_keys` changes (a rollover step on any
 * process invalidates it through LISTEN before that request answers).
 */
export async function signingKeys(deps: Deps, connectionId: string): Promise<SigningKeys> {
  const read = () => currentKeys(deps.db, connectionId);
  let rows = deps.cache ? await deps.cache.get('sso.sp-keys', ['sso_sp_keys'], connectionId, read) : await read();
  if (!rows.some((r) => r.status === 'active')) {
    await insertKey(deps, connectionId, 'active');
    rows = await read();
  }
  const active = rows.find((r) => r.status === 'active');
  if (!active) throw new Error('no active SP signing key');
  const next = rows.find((r) => r.status === 'next');
  return {
    privateKey: openKey(deps.box, active.privateKeyEnc),
    certificate: toPem(active.certificate),
    published: [active, ...(next ? [next] : [])].map((r) => toPem(r.certificate)),
  };
}


/** What the console and the API show: every key's certificate (never a private key), newest first. */
export async function listSpKeys(deps: Deps, connectionId: string): Promise<SpKeyDto[]> {
  await signingKeys(deps, connectionId);
  const rows = await deps.db.select().from(ssoSpKeys).where(eq(ssoSpKeys.connectionId, connectionId)).orderBy(asc(ssoSpKeys.createdAt));
  return rows
    .reverse()
    .map((r) => ({
      id: r.id,
      status: r.status,
      ...certificateInfo(r.certificate),
      certificate: toPem(r.certificate),
      createdAt: r.createdAt.toISOString(),
      activatedAt: r.activatedAt?.toISOString() ?? null,
    }));
}

/**
 * Rollover in two steps. `prepare`: a next key is made and published in the metadata beside the active
 * one (the IdP reads it at its next metadata refresh). `activate`: the next key signs from now on and the
 * old one is retired (no longer published). `cancel`: the next key is dropped unused.
 */
export async function rolloverSpKey(deps: Deps, actorId: string, connectionId: string, step: 'prepare' | 'activate' | 'cancel') {
  const { db } = deps;
  await signingKeys(deps, connectionId);
  if (step === 'prepare') {
    const rows = await currentKeys(db, connectionId);
    if (rows.some((r) => r.status === 'next')) throw badRequest(SP_KEY_MESSAGES.waiting);
    await insertKey(deps, connectionId, 'next');
  } else if (step === 'cancel') {
    const dropped = await db
      .delete(ssoSpKeys)
      .where(and(eq(ssoSpKeys.connectionId, connectionId), eq(ssoSpKeys.status, 'next')))
      .returning({ id: ssoSpKeys.id });
    if (dropped.length === 0) throw badRequest(SP_KEY_MESSAGES.noneWaiting);
  } else {
    const now = deps.now();
    // Two admins activating at once: the second finds no next key (row locks on PostgreSQL) and rolls back.
    await db.transaction(async (tx) => {
      await tx
        .update(ssoSpKeys)
        .set({ status: 'retired', retiredAt: now })
        .where(and(eq(ssoSpKeys.connectionId, connectionId), eq(ssoSpKeys.status, 'active')));
      const promoted = await tx
        .update(ssoSpKeys)
        .set({ status: 'active', activatedAt: now })
        .where(and(eq(ssoSpKeys.connectionId, connectionId), eq(ssoSpKeys.status, 'next')))
        .returning({ id: ssoSpKeys.id });
      if (promoted.length === 0) throw badRequest(SP_KEY_MESSAGES.noneWaiting);
    });
  }
  await audit(db, actorId, `sso.sp-key.${step}`, 'sso_connection', connectionId, null, null);
  return listSpKeys(deps, connectionId);
}
