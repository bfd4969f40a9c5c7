import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusWhenReady } from '../components/layout/focus-heading.ts';

/**
 * WCAG 2.4.3: after moving to another page, focus goes to the new page's main heading (not the body
 * left behind by the old page's links) — unless the new page already put it somewhere (an autofocus
 * field). The first load keeps the browser's own start (the skip link comes first).
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    return focusWhenReady(() => document.querySelector<HTMLElement>('#main h1, main h1, h1'));
  }, [pathname]);
  return null;
}
