import { z } from 'zod';
import { ROLES } from './roles.ts';
import { authData } from './auth.ts';

/** Every string the second factor, passkeys and sessions show, in one place (issue 23). */
export const SECURITY_MESSAGES = {
  secondStep: 'Enter the code from your authenticator app to finish signing in.',
  codeInvalid: 'That code is not valid. Check your authenticator app and try again.',
  codeFormat: 'Enter the 6-digit code from your authenticator app',
  recoveryFormat: 'Enter one of your recovery codes (for example ABCDE-12345)',
  challengeExpired: 'Your sign-in took too long. Please sign in again.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  noSetup: 'Start the set-up again: no authenticator is waiting to be confirmed.',
  alreadyEnabled: 'Two-step verification is already on.',
  notEnabled: 'Two-step verification is not on.',
  requiredForRole: 'Your role requires a second factor: add a passkey or keep the authenticator app.',
  enrolmentRequired: 'Your account must use two-step verification. Set it up to continue.',
  passwordWrong: 'Current password is incorrect',
  passkeyFailed: 'The passkey could not be verified. Please try again.',
  passkeyUnknown: 'This passkey is not registered with MentorBridge.',
  passkeyNameRequired: 'Passkey name is required',
  passkeyDuplicate: 'This passkey is already registered.',
  totpEnabled: 'Two-step verification is on.',
  totpDisabled: 'Two-step verification is off.',
  recoveryRegenerated: 'New recovery codes created. The old ones no longer work.',
  sessionEnded: 'Session ended.',
  othersEnded: 'Signed out of every other session.',
  mfaReset: 'Second factor reset. The person will be asked to set it up again.',
} as const;

export const MFA_ERROR_CODE = 'MFA_ENROLMENT_REQUIRED';

export const totpCode = z
  .string({ error: SECURITY_MESSAGES.codeFormat })
  .trim()
  .regex(/^\d{6}$/, SECURITY_MESSAGES.codeFormat);
export const recoveryCode = z
  .string({ error: SECURITY_MESSAGES.recoveryFormat })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{5}-?[A-Z0-9]{5}$/, SECURITY_MESSAGES.recoveryFormat);

/** The answer of /auth/login (202) when a second step is needed: a short-lived signed challenge, not a session. */
export const mfaChallengeData = z.object({
  mfaRequired: z.literal(true),
  challenge: z.string(),
  methods: z.array(z.enum(['totp', 'recovery', 'passkey'])),
  expiresAt: z.string(),
});
export type MfaChallengeData = z.infer<typeof mfaChallengeData>;
export const loginAnswerData = z.union([authData, mfaChallengeData]);

/** A WebAuthn credential as @simplewebauthn/browser returns it (checked in depth by the server library). */
const b64url = z.string().max(16_384).regex(/^[A-Za-z0-9_-]*$/, 'Invalid passkey response');
export const webauthnResponse = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  response: z.object({
    clientDataJSON: b64url,
    attestationObject: b64url.optional(),
    authenticatorData: b64url.optional(),
    signature: b64url.optional(),
    userHandle: b64url.optional(),
    transports: z.array(z.string().max(40)).max(10).optional(),
    publicKeyAlgorithm: z.number().optional(),
    publicKey: b64url.optional(),
  }),
});
export type WebauthnResponse = z.infer<typeof webauthnResponse>;

export const mfaVerifyBody = z
  .object({
    challenge: z.string().min(1, SECURITY_MESSAGES.challengeExpired).max(2048, SECURITY_MESSAGES.challengeExpired),
    code: totpCode.optional(),
    recoveryCode: recoveryCode.optional(),
    passkey: z.object({ challengeId: z.string().max(64), response: webauthnResponse }).optional(),
  })
  .refine((b) => [b.code, b.recoveryCode, b.passkey].filter((v) => v !== undefined).length === 1, {
    message: SECURITY_MESSAGES.codeFormat,
  });
export type MfaVerifyBody = z.infer<typeof mfaVerifyBody>;

export const mfaPasskeyOptionsBody = z.object({ challenge: z.string().min(1).max(2048) });

/** The options handed to the browser's WebAuthn call (shape of the W3C JSON types). */
const descriptor = z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() });
export const registrationOptions = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(descriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  hints: z.array(z.string()).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export const authenticationOptions = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(descriptor).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
});
export const registrationOptionsData = z.object({ challengeId: z.string(), options: registrationOptions });
export const authenticationOptionsData = z.object({ challengeId: z.string(), options: authenticationOptions });

export const passkeyName = z
  .string({ error: SECURITY_MESSAGES.passkeyNameRequired })
  .trim()
  .min(1, SECURITY_MESSAGES.passkeyNameRequired)
  .max(60, 'Passkey name must be at most 60 characters');
export const passkeyRegisterBody = z.object({ challengeId: z.string().max(64), name: passkeyName, response: webauthnResponse });
export const passkeyRenameBody = z.object({ name: passkeyName });
export const passkeyLoginBody = z.object({
  challengeId: z.string().max(64),
  response: webauthnResponse,
  rememberMe: z.boolean().optional().default(false),
});

export const passkeyDto = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  backedUp: z.boolean(),
});
export type PasskeyDto = z.infer<typeof passkeyDto>;
export const passkeyData = z.object({ passkey: passkeyDto });
export const passkeysData = z.object({ passkeys: z.array(passkeyDto) });

export const mfaStatusData = z.object({
  totpEnabled: z.boolean(),
  totpEnabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.number().int(),
  /** The person's role must use a second factor (MFA_REQUIRED_ROLES). */
  required: z.boolean(),
  /** Until when a required person may keep working without one (null: not required, enrolled, or not started). */
  deadline: z.string().nullable(),
  /** A required person past the grace period: nothing but enrolment works. */
  blocked: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusData>;

export const totpSetupData = z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() });
export const totpConfirmBody = z.object({ code: totpCode });
export const recoveryCodesData = z.object({ recoveryCodes: z.array(z.string()) });
export const passwordConfirmBody = z.object({
  password: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200),
});

export const sessionDto = z.object({
  id: z.string(),
  device: z.string(),
  ip: z.string(),
  method: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type SessionDto = z.infer<typeof sessionDto>;
export const sessionsData = z.object({ sessions: z.array(sessionDto) });
export const endOthersData = z.object({ ended: z.number().int() });

export const mfaResetData = z.object({ userId: z.string(), role: z.enum(ROLES) });
