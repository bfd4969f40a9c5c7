import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { safeFetch, type FetchPolicy } from './safe-fetch.ts';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const METADATA_MAX = 500_000;

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  sloUrl: string | null;
  certificates: string[];
}

/** A certificate body (base64 DER, no PEM armour or whitespace). */
export function normaliseCertificate(text: string): string {
  return text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}

export function toPem(body: string): string {
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----\n`;
}

export function certificateInfo(body: string) {
  try {
    const cert = new X509Certificate(toPem(body));
    return { subject: cert.subject.replace(/\n/g, ', '), notAfter: new Date(cert.validTo).toISOString(), fingerprint: cert.fingerprint256 };
  } catch {
    return { subject: 'unreadable certificate', notAfter: new Date(0).toISOString(), fingerprint: '' };
  }
}

/** The IdP's entity id, its single sign-on/logout URLs and every signing certificate (two during rotation). */
export function parseIdpMetadata(xml: string): IdpMetadata | null {
  if (!xml || xml.length > METADATA_MAX || /<!DOCTYPE|<!ENTITY/i.test(xml)) return null;
  let doc: Document;
  try {
    doc = new DOMParser({ errorHandler: { warning: () => undefined, error: () => undefined } }).parseFromString(xml, 'text/xml') as unknown as Document;
  } catch {
    return null;
  }
  const entity = doc.getElementsByTagNameNS(MD, 'EntityDescriptor')[0];
  const idp = doc.getElementsByTagNameNS(MD, 'IDPSSODescriptor')[0];
  if (!entity || !idp) return null;
  const entityId = entity.getAttribute('entityID') ?? '';
  const pick = (tag: string) => {
    const services = Array.from(idp.getElementsByTagNameNS(MD, tag));
    const chosen = services.find((s) => s.getAttribute('Binding') === REDIRECT) ?? services.find((s) => s.getAttribute('Binding') === POST);
    return chosen?.getAttribute('Location') ?? null;
  };
  const ssoUrl = pick('SingleSignOnService');
  const certificates: string[] = [];
  for (const kd of Array.from(idp.getElementsByTagNameNS(MD, 'KeyDescriptor'))) {
    const use = kd.getAttribute('use');
    if (use && use !== 'signing') continue;
    for (const c of Array.from(kd.getElementsByTagNameNS(DS, 'X509Certificate'))) {
      const body = normaliseCertificate(c.textContent ?? '');
      if (body && !certificates.includes(body)) certificates.push(body);
    }
  }
  if (!entityId || !ssoUrl || certificates.length === 0) return null;
  return { entityId, ssoUrl, sloUrl: pick('SingleLogoutService'), certificates };
}

/**
 * The metadata URL's document, through the address check (decision 850: public addresses only unless
 * allowlisted, https in production, redirects checked again), 10 s, at most 500 kB. Throws FetchRefused
 * or an Error with the reason, so the admin sees why (the console shows the last refresh error).
 */
export async function fetchIdpMetadata(url: string, policy: FetchPolicy): Promise<string> {
  const res = await safeFetch(url, { redirect: 'follow' }, { ...policy, maxBytes: METADATA_MAX });
  if (!res.ok) throw new Error(`the metadata URL answered ${res.status}`);
  return res.text();
}
