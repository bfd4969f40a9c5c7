// The sso contract's plain values and rules, without zod: first-paint web code imports these and loads
// the schemas with its first request (decisions 950, 1080). `sso.ts` re-exports everything here.
import type { AttributeMappingDto } from './sso.ts';

export const SSO_PROTOCOLS = ['oidc', 'saml'] as const;

export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];

/**
 * The reasons a sign-in is refused: the person sees the text and a reference id; the admin sees the
 * reason and its detail in the connection's log.
 */
export const SSO_ERROR_REASONS = {
  state: 'The sign-in could not be matched to one started here (it may have been used already or come from another browser).',
  expired: 'The sign-in took too long or its answer has expired.',
  nonce: 'The identity provider’s answer does not belong to this sign-in.',
  issuer: 'The answer came from an identity provider this organisation does not use.',
  token: 'The identity provider’s token could not be verified.',
  signature: 'The identity provider’s answer is not signed with a certificate this organisation configured.',
  audience: 'The identity provider’s answer was meant for another service.',
  replay: 'This sign-in answer has already been used.',
  unsolicited: 'This organisation accepts only sign-ins started from MentorBridge.',
  subject: 'The identity provider did not say who you are (no stable identifier).',
  email: 'The identity provider did not send an e-mail address at one of this organisation’s domains.',
  affiliation: 'Your affiliation does not give access to MentorBridge at this organisation.',
  disabled: 'Single sign-on is not enabled for this organisation.',
  deactivated: 'Your account has been deactivated. Please contact your organisation.',
  exists:
    'An account with your e-mail address already exists, and your organisation does not link existing accounts to its sign-in. Please sign in with your MentorBridge password or contact your organisation.',
  role: 'This account cannot sign in through an organisation.',
  idp: 'The identity provider refused or cancelled the sign-in.',
  other: 'The sign-in could not be completed.',
} as const;

export const AFFILIATION_WORD = /^[a-z][a-z-]{1,30}$/;

const EDU = 'urn:oid:1.3.6.1.4.1.5923.1.1.1';

export const DEFAULT_MAPPING: Record<SsoProtocol, AttributeMappingDto> = {
  oidc: {
    subject: ['sub'],
    email: ['email'],
    firstName: ['given_name'],
    lastName: ['family_name'],
    displayName: ['name'],
    affiliation: ['eduperson_affiliation', 'eduperson_scoped_affiliation'],
  },
  saml: {
    // The persistent NameID comes first; eduPersonPrincipalName when the IdP sends a transient one.
    subject: ['nameID', `${EDU}.6`, 'eduPersonPrincipalName'],
    email: [
      'urn:oid:0.9.2342.19200300.100.1.3',
      'mail',
      'email',
      'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
    ],
    firstName: ['urn:oid:2.5.4.42', 'givenName', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname'],
    lastName: ['urn:oid:2.5.4.4', 'sn', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname'],
    displayName: ['urn:oid:2.16.840.1.113730.3.1.241', 'displayName', 'http://schemas.microsoft.com/identity/claims/displayname'],
    affiliation: [`${EDU}.1`, 'eduPersonAffiliation', `${EDU}.9`, 'eduPersonScopedAffiliation'],
  },
};

/**
 * What a first sign-in does when an account with the asserted address already exists (decision 902):
 * never link (refuse), link after the account's password once, or link at once when the IdP vouches for
 * the address (a verified domain of the organisation; OIDC email_verified).
 */
export const LINK_POLICIES = ['never', 'password', 'verified'] as const;
