// Single sign-on (SAML 2.0, OpenID Connect) and SCIM provisioning per organisation (issue 23).
import { z } from 'zod';
import { emailField } from './admin.ts';
import { authData } from './auth.ts';
import { isWebUrl } from './text.ts';
import { AFFILIATION_WORD, LINK_POLICIES, SSO_ERROR_REASONS, SSO_PROTOCOLS } from './sso-constants.ts';

export * from './sso-constants.ts';

export const SSO_MESSAGES = {
  name: 'Please give the connection a name',
  issuer: 'Please enter the issuer URL (https://…)',
  issuerTemplate:
    'Use your tenant-specific issuer (e.g. https://login.microsoftonline.com/<tenant id>/v2.0), not the multi-tenant "common" or "organizations" endpoint',
  clientId: 'Please enter the client id',
  clientSecret: 'Please enter the client secret',
  discoveryFailed: "The issuer's discovery document could not be read",
  samlMetadata: 'Please paste the IdP metadata XML or give its metadata URL',
  samlMetadataInvalid:
    'The IdP metadata could not be read: it needs an entity id, a single sign-on URL and a signing certificate',
  metadataUrlFailed: 'The metadata URL could not be read',
  notTested: 'Run a successful test sign-in before enabling this connection',
  slug: 'The link name may use lower-case letters, digits and hyphens (3 to 40)',
  slugTaken: 'This link name is already used by another organisation',
  noConnection: 'Single sign-on is not set up for this organisation',
  ssoRequired: 'Your organisation requires single sign-on. Please use “Sign in with your organisation”.',
  codeInvalid: 'This sign-in link is invalid or has expired. Please sign in again.',
  linkWrongPassword: 'The password is not correct for this account',
  linked: 'Your account is now linked to your organisation sign-in',
  tokenName: 'Please give the token a name',
  affiliation: 'Affiliations are short words such as student, staff or alumni',
  mappingSubject: 'Name at least one attribute or claim that identifies the person (e.g. sub or nameID)',
  mappingEmail: 'Name at least one attribute or claim that carries the e-mail address',
  mappingFirstName: 'Name at least one attribute or claim that carries the first name',
  mappingLastName: 'Name at least one attribute or claim that carries the last name',
  mappingName: 'Attribute and claim names are 1 to 200 characters, without spaces at either end',
  mappingTooMany: 'At most 8 attribute names per field',
  mappingValueFrom: 'Each role value needs the value your identity provider sends (1 to 200 characters)',
  mappingValueTooMany: 'At most 50 role values',
  linkPolicy: 'Choose how an existing account is linked: never, password or verified',
  metadataNoUrl: 'This connection was not set up from a metadata URL: paste the new metadata instead',
  metadataRefreshRunning: 'The metadata is being refreshed right now. Try again in a minute.',
} as const;

export type SsoErrorReason = keyof typeof SSO_ERROR_REASONS;

export const SSO_ERROR_REASON_KEYS = Object.keys(SSO_ERROR_REASONS) as SsoErrorReason[];

const attributeName = z.string().trim().min(1, SSO_MESSAGES.mappingName).max(200, SSO_MESSAGES.mappingName);

const attributeNames = (required?: string) =>
  required
    ? z.array(attributeName).min(1, required).max(8, SSO_MESSAGES.mappingTooMany)
    : z.array(attributeName).max(8, SSO_MESSAGES.mappingTooMany);

/**
 * Which attributes/claims give each field (first present wins), and how the IdP's role/affiliation
 * values translate to MentorBridge affiliation words (decision 901): `{"Undergraduate": "student"}`.
 */
export const attributeMapping = z.object({
  subject: attributeNames(SSO_MESSAGES.mappingSubject),
  email: attributeNames(SSO_MESSAGES.mappingEmail),
  firstName: attributeNames(SSO_MESSAGES.mappingFirstName),
  lastName: attributeNames(SSO_MESSAGES.mappingLastName),
  displayName: attributeNames(),
  affiliation: attributeNames(),
  affiliationValues: z
    .record(z.string(), z.string().trim().toLowerCase().regex(AFFILIATION_WORD, SSO_MESSAGES.affiliation))
    .refine((r) => Object.keys(r).every((k) => k.trim().length > 0 && k.length <= 200), SSO_MESSAGES.mappingValueFrom)
    .refine((r) => Object.keys(r).length <= 50, SSO_MESSAGES.mappingValueTooMany)
    .optional(),
});

export type AttributeMappingDto = z.infer<typeof attributeMapping>;

const name = z.string().trim().min(1, SSO_MESSAGES.name).max(120, 'The name is too long');

export type LinkPolicy = (typeof LINK_POLICIES)[number];

const linkPolicy = z.enum(LINK_POLICIES, { error: SSO_MESSAGES.linkPolicy });

const issuerField = z
  .string()
  .trim()
  .max(500)
  .refine((u) => isWebUrl(u), SSO_MESSAGES.issuer)
  .refine(
    (u) => !/login\.microsoftonline\.com\/(common|organizations|consumers|\{tenantid\})/i.test(u),
    SSO_MESSAGES.issuerTemplate,
  );

export const oidcSettings = z.object({
  issuer: issuerField,
  clientId: z.string().trim().min(1, SSO_MESSAGES.clientId).max(300),
  clientSecret: z.string().min(1, SSO_MESSAGES.clientSecret).max(2000),
});

export const samlSettings = z
  .object({
    metadataXml: z.string().max(500_000).optional(),
    metadataUrl: z
      .string()
      .trim()
      .max(500)
      .refine((u) => isWebUrl(u), SSO_MESSAGES.samlMetadata)
      .optional(),
    allowIdpInitiated: z.boolean().default(false),
  })
  .refine((s) => Boolean(s.metadataXml?.trim()) || Boolean(s.metadataUrl), SSO_MESSAGES.samlMetadata);

export const createConnectionBody = z.discriminatedUnion('protocol', [
  z.object({
    protocol: z.literal('oidc'),
    name,
    oidc: oidcSettings,
    mapping: attributeMapping.optional(),
    linkPolicy: linkPolicy.optional(),
  }),
  z.object({
    protocol: z.literal('saml'),
    name,
    saml: samlSettings,
    mapping: attributeMapping.optional(),
    linkPolicy: linkPolicy.optional(),
  }),
]);

export type CreateConnectionBody = z.infer<typeof createConnectionBody>;

export const updateConnectionBody = z.object({
  name: name.optional(),
  oidc: oidcSettings.partial({ clientSecret: true }).optional(),
  saml: samlSettings.optional(),
  mapping: attributeMapping.optional(),
  linkPolicy: linkPolicy.optional(),
});

export type UpdateConnectionBody = z.infer<typeof updateConnectionBody>;

export const enableConnectionBody = z.object({ enabled: z.boolean({ error: 'Please say whether the connection is enabled' }) });

export const connectionDto = z.object({
  id: z.string(),
  protocol: z.enum(SSO_PROTOCOLS),
  name: z.string(),
  enabled: z.boolean(),
  testedAt: z.string().nullable(),
  oidc: z.object({ issuer: z.string(), clientId: z.string(), hasClientSecret: z.boolean() }).nullable(),
  saml: z
    .object({
      idpEntityId: z.string(),
      idpSsoUrl: z.string(),
      idpSloUrl: z.string().nullable(),
      /** retiringUntil: the metadata no longer lists it; still accepted until then (decision 900). */
      certificates: z.array(
        z.object({ subject: z.string(), notAfter: z.string(), fingerprint: z.string(), retiringUntil: z.string().nullable() }),
      ),
      metadataUrl: z.string().nullable(),
      /** Last successful read of the metadata URL. */
      metadataRefreshedAt: z.string().nullable(),
      /** Last attempt, its error (null when it worked), the next scheduled one, the metadata's validUntil. */
      metadataCheckedAt: z.string().nullable(),
      metadataError: z.string().nullable(),
      metadataNextRefreshAt: z.string().nullable(),
      metadataValidUntil: z.string().nullable(),
      allowIdpInitiated: z.boolean(),
    })
    .nullable(),
  mapping: attributeMapping,
  linkPolicy: z.enum(LINK_POLICIES),
  /** What the IdP needs from us. */
  serviceProvider: z.object({
    entityId: z.string(),
    acsUrl: z.string(),
    /** SAML Single Logout (HTTP-Redirect): requests and responses from the IdP. */
    sloUrl: z.string(),
    metadataUrl: z.string(),
    redirectUri: z.string(),
    postLogoutRedirectUri: z.string(),
    /** OIDC Back-Channel Logout 1.0 (logout_token POSTed by the IdP) and Front-Channel Logout 1.0 (iframe). */
    backchannelLogoutUri: z.string(),
    frontchannelLogoutUri: z.string(),
  }),
  createdAt: z.string(),
});

export type ConnectionDto = z.infer<typeof connectionDto>;

const affiliationList = z.array(z.string().trim().toLowerCase().regex(AFFILIATION_WORD, SSO_MESSAGES.affiliation)).max(12);

export const ssoSettingsBody = z.object({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$/, SSO_MESSAGES.slug),
  requiredForDomains: z.boolean().default(false),
  requiredAffiliations: affiliationList.default([]),
  admittedAffiliations: affiliationList.default([]),
});

export type SsoSettingsBody = z.infer<typeof ssoSettingsBody>;

export const ssoSettingsDto = z.object({
  slug: z.string(),
  requiredForDomains: z.boolean(),
  requiredAffiliations: z.array(z.string()),
  admittedAffiliations: z.array(z.string()),
  signInUrl: z.string(),
});

export const ssoEventDto = z.object({
  id: z.string(),
  connectionId: z.string().nullable(),
  reason: z.string(),
  detail: z.string(),
  createdAt: z.string(),
});

export const ssoOverviewData = z.object({
  settings: ssoSettingsDto.nullable(),
  connections: z.array(connectionDto),
  events: z.array(ssoEventDto),
});

export type SsoOverviewData = z.infer<typeof ssoOverviewData>;

export const connectionData = z.object({ connection: connectionDto });

export const redirectData = z.object({ redirectUrl: z.string() });

// Sign-in
export const discoverBody = z.object({ email: emailField });

export const discoverData = z.object({
  /** Where SSO is available for this address: the organisation and its enabled connections. */
  organisation: z.object({ name: z.string(), slug: z.string() }).nullable(),
  connections: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Password sign-in is refused for this address. */
  required: z.boolean(),
});

export type DiscoverData = z.infer<typeof discoverData>;

/** A validated relative path on this site: `/x…`, never `//host` or `/\host`. */
export const nextPath = z
  .string()
  .max(500)
  .refine((p) => /^\/(?![/\\])[^\s]*$/.test(p), 'The return path must be a path on this site')
  .optional();

export const startBody = z.object({ connectionId: z.string().min(1).max(40), next: nextPath });

export const orgSignInData = z.object({
  organisation: z.object({ name: z.string(), slug: z.string() }),
  connections: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const slugParams = z.object({ slug: z.string().max(60) });

export const exchangeBody = z.object({ code: z.string().trim().min(1, SSO_MESSAGES.codeInvalid).max(200) });

export const testReport = z.object({
  connectionId: z.string(),
  claims: z.record(z.string(), z.unknown()),
  mapped: z.object({
    subject: z.string().nullable(),
    email: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    affiliations: z.array(z.string()),
  }),
  /** What a real sign-in would do. */
  outcome: z.enum(['existing', 'create', 'link', 'refused']),
  account: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
  refusal: z.string().nullable(),
});

export type TestReport = z.infer<typeof testReport>;

export const exchangeData = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('session'), auth: authData, next: z.string().nullable() }),
  z.object({ kind: z.literal('test'), report: testReport }),
  z.object({ kind: z.literal('link'), ticket: z.string(), email: z.string(), organisation: z.string() }),
]);

export type ExchangeData = z.infer<typeof exchangeData>;

export const linkBody = z.object({
  ticket: z.string().trim().min(1, SSO_MESSAGES.codeInvalid).max(200),
  password: z.string().min(1, 'Please enter your password').max(200),
});

export const linkData = z.object({ auth: authData, next: z.string().nullable() });

export const logoutData = z.object({ redirectUrl: z.string().nullable() });

// SCIM tokens
export const scimTokenBody = z.object({ name: z.string().trim().min(1, SSO_MESSAGES.tokenName).max(80) });

export const scimTokenDto = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

export const scimTokensData = z.object({ tokens: z.array(scimTokenDto), baseUrl: z.string() });

export const scimTokenCreated = z.object({ token: scimTokenDto, secret: z.string(), baseUrl: z.string() });
