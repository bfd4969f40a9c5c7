import { lazy, Suspense } from 'react';
import { useHasBeenTrue } from '../../lib/hooks.ts';
import { mustReplaceTemporaryPassword, useSession } from '../../lib/session.ts';

const TemporaryPasswordGate = lazy(() => import('./temporary-password-gate.tsx').then((m) => ({ default: m.TemporaryPasswordGate })));

/**
 * The temporary-password dialog, loaded only for a session that needs it (most never do); once
 * shown it stays mounted so that it closes as a native dialog does.
 */
export function TemporaryPasswordGateLoader() {
  const shown = useHasBeenTrue(mustReplaceTemporaryPassword(useSession()));
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <TemporaryPasswordGate />
    </Suspense>
  );
}
