import { type SsoErrorReason } from '@app/shared/sso';
import { SSO_ERROR_REASONS } from '@app/shared/sso-constants';
import type { MessageKey } from '../../lib/i18n.tsx';

/**
 * The single sign-on strings not yet in the catalogues (the callback page and the console tab); the sign-in
 * offer, the organisation page, the error page and the refusal reasons are `sso.*` catalogue keys.
 */
export const SSO_COPY = {
  callback: {
    title: 'Signing you in',
    working: 'Finishing your sign-in…',
    missing: 'This sign-in link is incomplete. Please sign in again.',
    again: 'Sign in again',
    linkTitle: 'Link your existing account',
    linkIntro: (email: string, org: string) =>
      `An account with ${email} already exists. Enter its MentorBridge password once to link it to ${org || 'your organisation'}’s sign-in; afterwards you only need your organisation sign-in.`,
    password: 'Password of your existing account',
    link: 'Link and sign in',
    linking: 'Linking…',
    forgot: 'Forgot that password?',
    testTitle: 'Test sign-in result',
    testIntro: 'Nobody was signed in and nothing was changed. This is what a real sign-in would do:',
    outcome: {
      existing: 'Signs in to the existing account',
      create: 'Creates a new student account affiliated with your organisation',
      link: 'Asks the person to prove they own the existing account with this e-mail, then links it',
      refused: 'Refused',
    },
    mapped: 'Mapped values',
    claims: 'Received attributes / claims',
    account: 'Account',
    back: 'Back to single sign-on settings',
  },
} as const;

/** The catalogue key of each refusal reason (written out: the catalogue test finds keys by their text). */
const REASON_KEYS = {
  state: 'sso.reason.state',
  expired: 'sso.reason.expired',
  nonce: 'sso.reason.nonce',
  issuer: 'sso.reason.issuer',
  token: 'sso.reason.token',
  signature: 'sso.reason.signature',
  audience: 'sso.reason.audience',
  replay: 'sso.reason.replay',
  unsolicited: 'sso.reason.unsolicited',
  subject: 'sso.reason.subject',
  email: 'sso.reason.email',
  affiliation: 'sso.reason.affiliation',
  disabled: 'sso.reason.disabled',
  deactivated: 'sso.reason.deactivated',
  exists: 'sso.reason.exists',
  role: 'sso.reason.role',
  idp: 'sso.reason.idp',
  other: 'sso.reason.other',
} as const satisfies Record<SsoErrorReason, MessageKey>;

/** The catalogue key of a refusal reason; unknown reasons read as `other`. */
export function reasonKey(reason: string | null): MessageKey {
  return reason && reason in SSO_ERROR_REASONS ? REASON_KEYS[reason as SsoErrorReason] : REASON_KEYS.other;
}


export const SSO_CONSOLE_COPY = {
  heading: 'Single sign-on',
  intro: 'Let your students sign in with your university’s own accounts (SAML 2.0 or OpenID Connect). Add a connection, run a test sign-in, then enable it.',
  settings: {
    heading: 'Sign-in rules',
    slug: 'Link name',
    slugHint: 'Your direct sign-in link is /sso/<link name>.',
    link: 'Direct sign-in link',
    requiredForDomains: 'Require single sign-on for everyone with an address at our domains (no password sign-in)',
    requiredAffiliations: 'Also require it for these affiliations (comma-separated, e.g. student, staff)',
    admitted: 'Only admit these affiliations (comma-separated; empty admits everyone)',
    save: 'Save rules',
    saved: 'Sign-in rules saved',
    needed: 'Save the sign-in rules (a link name) first.',
  },
  connections: {
    heading: 'Connections',
    empty: 'No connection yet',
    emptyHint: 'Add your identity provider below.',
    enabled: 'Enabled',
    disabled: 'Not enabled',
    tested: (when: string) => `Last successful test: ${when}`,
    untested: 'Not tested yet: run a test sign-in before enabling.',
    test: 'Test sign-in',
    enable: 'Enable',
    disable: 'Disable',
    delete: 'Delete',
    deleteTitle: 'Delete this connection?',
    deleteMessage: 'People who sign in through it will no longer be able to. Their accounts stay.',
    spHeading: 'Values for your identity provider',
    entityId: 'SP entity id (audience)',
    acs: 'ACS URL (reply URL)',
    metadata: 'SP metadata URL',
    redirect: 'Redirect URI',
    postLogout: 'Post-logout redirect URI',
    backchannel: 'Back-channel logout URI',
    frontchannel: 'Front-channel logout URI',
    issuer: 'Issuer',
    clientId: 'Client id',
    idpEntity: 'IdP entity id',
    certificates: 'Signing certificates',
  },
  add: {
    heading: 'Add a connection',
    protocol: 'Protocol',
    name: 'Name (shown on the sign-in button)',
    issuer: 'Issuer URL',
    clientId: 'Client id',
    clientSecret: 'Client secret',
    metadataUrl: 'IdP metadata URL',
    metadataXml: 'Or paste the IdP metadata XML',
    idpInitiated: 'Allow sign-ins started at the identity provider (IdP-initiated)',
    redirectHint: (uri: string) => `Register this redirect URI at your identity provider first: ${uri}`,
    submit: 'Add connection',
    added: 'Connection added. Run a test sign-in, then enable it.',
  },
  events: {
    heading: 'Refused sign-ins',
    empty: 'No refused sign-in.',
    reference: 'Reference',
  },
  scim: {
    heading: 'Provisioning (SCIM 2.0)',
    intro: (base: string) => `Tenant URL for Entra ID / Okta: ${base}`,
    name: 'Token name',
    create: 'Create token',
    secret: 'Copy this token now: it is shown only once.',
    revoke: 'Revoke',
    revoked: 'Revoked',
    empty: 'No token yet',
    lastUsed: (when: string) => `last used ${when}`,
    never: 'never used',
  },
  loadError: 'Could not load the single sign-on settings',
} as const;
