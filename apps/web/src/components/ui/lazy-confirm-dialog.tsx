import { lazy, Suspense, type ComponentProps } from 'react';
import { useHasBeenTrue } from '../../lib/hooks.ts';
import type { ConfirmDialog } from './dialog.tsx';

const Confirm = lazy(() => import('./dialog.tsx').then((m) => ({ default: m.ConfirmDialog })));

/**
 * A confirmation that a page shows only when asked (cancel a registration): the dialog's code is fetched
 * when it first opens, not with the page (the student dashboard's first load, 150 kB budget, issue 27).
 * Once opened it stays mounted, so it closes as a native dialog does and returns focus to the button.
 */
export function LazyConfirmDialog(props: ComponentProps<typeof ConfirmDialog>) {
  const opened = useHasBeenTrue(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Confirm {...props} />
    </Suspense>
  );
}
