import { Suspense, type ReactNode } from 'react';

/**
 * A part of a server-rendered page that React hydrates on its own (decision 1291): a Suspense boundary that
 * never suspends. React hydrates the page around it first and each such part after, every one in its own
 * short task with its own commit, instead of one long render and commit of the whole page: a tap is not held
 * behind the page's hydration (issue 27's Total Blocking Time), and a part that is tapped hydrates first.
 * Anywhere else (a page the app renders itself) it changes nothing.
 */
export function HydrationUnit({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
