import { useEffect } from 'react';
import { Loader2 } from 'lucide-react';
import { buildUrl } from '../../lib/api.ts';
import { clearSession } from '../../lib/session.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { forgetThisDevice } from '../../lib/pwa.ts';
import { endSessionOnServer } from './end-session.ts';
import { useT } from '../../lib/i18n.tsx';

const RELOAD_MS = 1200;

/**
 * A session that came from single sign-on also ends at the identity provider (issue 23, decision 851):
 * the API names the IdP's logout address before this session ends; null for anyone else (or on failure).
 */
function askIdpLogout(token: string): Promise<string | null> {
  return fetch(buildUrl('/sso/logout'), { method: 'POST', headers: { authorization: `Bearer ${token}`, accept: 'application/json' } })
    .then((r) => (r.ok ? (r.json() as Promise<unknown>) : null))
    .then((b) => {
      const url = (b as { data?: { redirectUrl?: unknown } } | null)?.data?.redirectUrl;
      return typeof url === 'string' ? url : null;
    })
    .catch(() => null);
}

/**
 * One sign-out per page load, shared by a re-run effect (StrictMode): the stored session is cleared at
 * once, so a page opened next (even before the identity provider answers) is signed out.
 */
let signingOut: { token: string | null; idp: Promise<string | null>; ended: boolean } | null = null;

/** Clears every stored key, says so, then a full page load of / (spec 000 §2). */
export function LogoutPage() {
  const t = useT();
  useDocumentTitle(t('auth.logout.documentTitle'));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    if (!signingOut) {
      const token = localStorage.getItem('token');
      clearSession();
      // This browser's push subscription and offline data go with the person (a shared device, issue 27).
      void forgetThisDevice(token);
      signingOut = { token, idp: token ? askIdpLogout(token) : Promise.resolve(null), ended: false };
      const current = signingOut;
      // Leaving before the identity provider answered still ends the session on the server.
      window.addEventListener(
        'pagehide',
        () => {
          if (!current.ended) endSessionOnServer(current.token);
        },
        { once: true },
      );
    }
    const current = signingOut;
    void current.idp.then((target) => {
      if (cancelled) return;
      if (!current.ended) {
        current.ended = true;
        endSessionOnServer(current.token);
      }
      // Done: a later sign-out in this same page (the person came back before the reload) starts anew.
      if (signingOut === current) signingOut = null;
      timer = setTimeout(() => window.location.assign(target ?? '/'), RELOAD_MS);
    });
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, []);
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center px-4 text-center" role="status">
      <Loader2 aria-hidden="true" className="h-8 w-8 animate-spin text-brand-700" />
      <h1 className="mt-4 text-xl font-semibold">{t('auth.logout.heading')}</h1>
      <p className="mt-1 text-slate-700">{t('auth.logout.done')}</p>
    </main>
  );
}
