import { buildUrl } from '../../lib/api.ts';

/**
 * Sign-out ends the session on the server too (issue 23), so a copied token stops with it. Fire and
 * forget: a failure (offline, already ended) never keeps anyone signed in on this device.
 */
export function endSessionOnServer(token: string | null) {
  if (!token) return;
  void fetch(buildUrl('/auth/logout'), { method: 'POST', headers: { authorization: `Bearer ${token}` }, keepalive: true }).catch(() => undefined);
}
