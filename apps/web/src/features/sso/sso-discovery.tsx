import { useEffect, useState } from 'react';
import type { DiscoverData } from '@app/shared/sso';
import { Button } from '../../components/ui/button.tsx';
import { Alert } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';
import { discover, startSignIn } from './api.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DEBOUNCE_MS = 400;

/**
 * Home-realm discovery on the sign-in page: an address at a domain with single sign-on offers the
 * organisation's sign-in (and says so when the organisation requires it).
 */
export function SsoDiscovery({ email, next }: { email: string; next?: string | null }) {
  const t = useT();
  const [found, setFound] = useState<DiscoverData | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const address = email.trim().toLowerCase();

  useEffect(() => {
    setFound(null);
    if (!EMAIL.test(address)) return;
    let live = true;
    const timer = setTimeout(() => {
      discover(address)
        .then((answer) => live && setFound(answer.data.connections.length > 0 ? answer.data : null))
        .catch(() => live && setFound(null));
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [address]);

  if (!found?.organisation) return null;
  const org = found.organisation.name;
  async function go(connectionId: string) {
    setBusy(true);
    setError(null);
    try {
      await startSignIn(connectionId, next);
    } catch (err) {
      setError(errorMessage(err, t('sso.discovery.redirecting')));
      setBusy(false);
    }
  }
  return (
    <div className="space-y-2 rounded-lg border border-brand-200 bg-brand-50 p-3" aria-live="polite" data-testid="sso-discovery">
      {found.required && <p className="text-sm text-slate-800">{t('sso.discovery.required', { org })}</p>}
      {found.connections.map((c) => (
        <Button key={c.id} type="button" className="w-full" data-connection={c.name} disabled={busy} onClick={() => void go(c.id)}>
          {busy
            ? t('sso.discovery.redirecting')
            : found.connections.length > 1
              ? t('sso.discovery.offerNamed', { org, connection: c.name })
              : t('sso.discovery.offer', { org })}
        </Button>
      ))}
      {!found.required && <p className="text-xs text-slate-700">{t('sso.discovery.optional')}</p>}
      {error && <Alert kind="error">{error}</Alert>}
    </div>
  );
}
