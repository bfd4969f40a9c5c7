import { useEffect } from 'react';
import { Loader2 } from 'lucide-react';
import { clearSession } from '../../lib/session.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { ssoLogout } from '../sso/api.ts';
import { endSessionOnServer } from './end-session.ts';
import { forgetThisDevice } from '../../lib/pwa.ts';

const RELOAD_MS = 1200;
/** One question per page load, shared by a re-run effect (StrictMode) so the IdP address is not lost. */
let idpLogout: Promise<string | null> | null = null;

/** Clears every stored key, says so, then a full page load of / (spec 000 §2). */
export function LogoutPage() {
  useDocumentTitle('Logging out');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const token = localStorage.getItem('token');
    // A session that came from single sign-on also ends at the identity provider (issue 23, decision
    // 851): the API names the IdP's logout address before this session ends; null for anyone else.
    idpLogout ??= token ? ssoLogout().then((answer) => answer.data.redirectUrl, () => null) : Promise.resolve(null);
    void idpLogout.then((target) => {
      if (cancelled) return;
      // This browser's push subscription and offline data go with the person (a shared device, issue 27).
      void forgetThisDevice(token);
      endSessionOnServer(token);
      clearSession();
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
      <h1 className="mt-4 text-xl font-semibold">Logging Out...</h1>
      <p className="mt-1 text-slate-700">You have been successfully logged out.</p>
    </main>
  );
}
