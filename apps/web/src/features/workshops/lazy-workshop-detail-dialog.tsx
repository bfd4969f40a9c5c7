import { lazy, Suspense, type ComponentProps } from 'react';
import { useHasBeenTrue, useHydrated } from '../../lib/hooks.ts';
import type { WorkshopDetailDialog } from './workshop-detail-dialog.tsx';

const Dialog = lazy(() => import('./workshop-detail-dialog.tsx').then((m) => ({ default: m.WorkshopDetailDialog })));

/**
 * The workshop detail modal, loaded when a workshop is first opened rather than with the list
 * (docs/decisions/310-first-load.md); once loaded it stays mounted, so it closes as a native dialog does.
 */
export function LazyWorkshopDetailDialog(props: ComponentProps<typeof WorkshopDetailDialog>) {
  const opened = useHasBeenTrue(props.workshop !== null);
  // A modal is the browser's: the server renders the page without it (its content is in the page's
  // <noscript> for readers without JavaScript), and a hydrating page opens it right after (decision 1070).
  const hydrated = useHydrated();
  if (!opened || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
