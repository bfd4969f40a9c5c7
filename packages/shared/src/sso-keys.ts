import { z } from 'zod';

/** MentorBridge's SAML signing keys of a connection and their rollover (decision 910). */
export const SP_KEY_MESSAGES = {
  step: 'Choose prepare, activate or cancel',
  waiting: 'A new signing key is already waiting: activate it or cancel it first',
  noneWaiting: 'There is no new signing key waiting: prepare one first',
} as const;

export const spKeyDto = z.object({
  id: z.string(),
  /** next: published in the metadata, not yet signing; active: signs; retired: no longer published. */
  status: z.enum(['next', 'active', 'retired']),
  subject: z.string(),
  notAfter: z.string(),
  fingerprint: z.string(),
  /** PEM, for IdPs that take the certificate rather than the metadata. */
  certificate: z.string(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
});
export type SpKeyDto = z.infer<typeof spKeyDto>;

export const spKeysData = z.object({ keys: z.array(spKeyDto) });

export const spKeyRolloverBody = z.object({
  step: z.enum(['prepare', 'activate', 'cancel'], { error: SP_KEY_MESSAGES.step }),
});
export type SpKeyRolloverBody = z.infer<typeof spKeyRolloverBody>;
