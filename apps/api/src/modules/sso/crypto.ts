import { createSecretBox as box, type SecretBox } from '../../lib/secret-box.ts';

/** Secrets of SSO connections (OIDC client secrets, the last id_token for logout) at rest (lib/secret-box). */
export function createSecretBox(serverSecret: string): SecretBox {
  return box(serverSecret, { salt: 'mentorbridge-sso', info: 'sso-secrets-v1' });
}
export type { SecretBox };
