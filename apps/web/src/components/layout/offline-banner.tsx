import { WifiOff } from 'lucide-react';
import { useT } from '../../lib/i18n.tsx';
import { useOnline } from '../../lib/pwa.ts';

/** Issue 27: while the device has no network, every screen says so (the data shown is the last seen). */
export function OfflineBanner() {
  const t = useT();
  const online = useOnline();
  return (
    <div role="status" aria-live="polite" className={online ? 'sr-only' : 'fixed inset-x-0 bottom-0 z-50 bg-slate-900 px-4 py-3 text-sm text-white shadow-lg'}>
      {online ? null : (
        <p className="mx-auto flex max-w-5xl items-center gap-2" data-testid="offline-banner">
          <WifiOff aria-hidden="true" className="h-4 w-4 shrink-0" /> {t('pwa.offline')}
        </p>
      )}
    </div>
  );
}
