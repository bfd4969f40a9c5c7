import { useEffect } from 'react';
import { Loader2 } from 'lucide-react';
import { clearSession } from '../../lib/session.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { endSessionOnServer } from './end-session.ts';
import { forgetThisDevice } from '../../lib/pwa.ts';

const RELOAD_MS = 1200;

/** Clears every stored key, says so, then a full page load of / (spec 000 §2). */
export function LogoutPage() {
  useDocumentTitle('Logging out');
  useEffect(() => {
    const token = localStorage.getItem('token');
    // This browser's push subscription and offline data go with the person (a shared device, issue 27).
    void forgetThisDevice(token);
    endSessionOnServer(token);
    clearSession();
    const timer = setTimeout(() => window.location.assign('/'), RELOAD_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center px-4 text-center" role="status">
      <Loader2 aria-hidden="true" className="h-8 w-8 animate-spin text-brand-700" />
      <h1 className="mt-4 text-xl font-semibold">Logging Out...</h1>
      <p className="mt-1 text-slate-700">You have been successfully logged out.</p>
    </main>
  );
}
