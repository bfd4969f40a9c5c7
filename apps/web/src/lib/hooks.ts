import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';

/** The value, settled for `ms` (search and filter reloads wait 500 ms). */
export function useDebounced<T>(value: T, ms = 500): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · MentorBridge`;
  }, [title]);
}

/** True from the first render where `flag` is true on (a lazily loaded dialog stays mounted once opened). */
export function useHasBeenTrue(flag: boolean): boolean {
  const [seen, setSeen] = useState(flag);
  if (flag && !seen) setSeen(true);
  return seen || flag;
}

/**
 * A popup (menu, panel) that closes on a click outside `container` and on Escape, which also returns focus
 * to the `trigger` button. `onOpen` runs each time it opens (e.g. focusing its first item).
 */
export function useDismissable(
  open: boolean,
  close: () => void,
  container: RefObject<HTMLElement | null>,
  trigger: RefObject<HTMLElement | null>,
  onOpen?: () => void,
) {
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (container.current && !container.current.contains(e.target as Node)) close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        close();
        trigger.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDoc);
    document.addEventListener('keydown', onKey);
    onOpen?.();
    return () => {
      document.removeEventListener('mousedown', onDoc);
      document.removeEventListener('keydown', onKey);
    };
    // Only opening and closing re-run it: `close` and `onOpen` are read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
}

const noSubscription = () => () => undefined;

/**
 * False while React renders on the server and while it hydrates that markup, true from the render after
 * (and at once in a page the browser rendered itself). What only the browser knows (the visitor's time
 * zone) waits for it, so hydration sees exactly what the server wrote (decision 1070).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
