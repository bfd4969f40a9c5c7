import { useEffect, useState } from 'react';

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
