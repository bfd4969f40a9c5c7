/** Whether focus was lost (on the body, or on an element no longer in the page). */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/**
 * Moves focus to the heading `find` returns once it is in the page (lazy pages and sections render it
 * a moment later), if focus is lost or still on what the user activated to get here (`from`).
 * Returns a cancel function (for effects). WCAG 2.4.3.
 */
export function focusWhenReady(find: () => HTMLElement | null, from: Element | null = document.activeElement, timeoutMs = 4000): () => void {
  const started = Date.now();
  let frame = 0;
  const tick = () => {
    const target = find();
    if (target) {
      const active = document.activeElement;
      // A page that focused something of its own (an autofocus field) keeps it.
      if (focusIsLost() || active === from || (from && !from.isConnected) || active?.closest('nav, [role="menu"], header')) {
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.classList.add('focus:outline-none');
        target.focus({ preventScroll: true });
      }
      return;
    }
    if (Date.now() - started < timeoutMs) frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
  return () => cancelAnimationFrame(frame);
}
