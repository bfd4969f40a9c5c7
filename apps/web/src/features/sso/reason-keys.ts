import { type SsoErrorReason } from '@app/shared/sso';
import { SSO_ERROR_REASONS } from '@app/shared/sso-constants';
import type { MessageKey } from '../../lib/i18n.tsx';

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
