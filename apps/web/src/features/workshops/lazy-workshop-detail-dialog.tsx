import { lazy, Suspense, type ComponentProps } from 'react';
import { useHasBeenTrue } from '../../lib/hooks.ts';
import type { WorkshopDetailDialog } from './workshop-detail-dialog.tsx';

const Dialog = lazy(() => import('./workshop-detail-dialog.tsx').then((m) => ({ default: m.WorkshopDetailDialog })));

/**
 * The workshop detail modal, loaded when a workshop is first opened rather than with the list
 * (docs/decisions/310-first-load.md); once loaded it stays mounted, so it closes as a native dialog does.
 */
export function LazyWorkshopDetailDialog(props: ComponentProps<typeof WorkshopDetailDialog>) {
  const opened = useHasBeenTrue(props.workshop !== null);
  // A workshop's own address: the server renders the dialog open, in the page (decision 1380); the app makes
  // it the modal once it has hydrated it.
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
