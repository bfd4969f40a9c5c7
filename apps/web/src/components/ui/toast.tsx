import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export type ToastKind = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

interface ToastApi {
  show(message: string, kind?: ToastKind, durationMs?: number): void;
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export const TOAST_DURATION_MS = 3000;

/**
 * Toasts top right, 3 s by default (spec), announced to screen readers. They start below the
 * header on screen: a toast never covers the bell, the menu or the account button.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const region = useRef<HTMLDivElement>(null);

  // Modal dialogs live in the browser's top layer: a plain fixed element would sit dimmed (and inert)
  // behind them. The live region is a manual popover, always open so screen readers keep it; when a
  // toast arrives while a dialog is open it is re-shown, which stacks it above that dialog.
  useEffect(() => {
    const el = region.current;
    if (!el || typeof el.showPopover !== 'function') return;
    const open = el.matches(':popover-open');
    if (open && toasts.length > 0 && document.querySelector('dialog[open]')) el.hidePopover();
    if (!el.matches(':popover-open')) el.showPopover();
  }, [toasts]);
  const show = useCallback((message: string, kind: ToastKind = 'info', durationMs = TOAST_DURATION_MS) => {
    // Start below whatever header is on screen now (dashboards differ in height; on a phone the
    // professional header has two rows), so the toast never covers the bell, menu or account button.
    const el = region.current;
    if (el) {
      let bottom = 0;
      for (const header of document.querySelectorAll('header')) bottom = Math.max(bottom, header.getBoundingClientRect().bottom);
      el.style.top = `${Math.max(16, Math.round(bottom) + 8)}px`;
    }
    const id = next.current++;
    setToasts((list) => [...list, { id, kind, message }]);
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), durationMs);
  }, []);
  const api = useMemo<ToastApi>(
    () => ({ show, success: (m) => show(m, 'success'), error: (m) => show(m, 'error'), info: (m) => show(m, 'info') }),
    [show],
  );
  const styles: Record<ToastKind, string> = {
    success: 'border-green-300 bg-green-50 text-green-900',
    error: 'border-red-300 bg-red-50 text-red-900',
    info: 'border-blue-300 bg-blue-50 text-blue-900',
  };
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        ref={region}
        popover="manual"
        className="pointer-events-none fixed inset-auto top-4 inset-e-4 m-0 flex w-[min(24rem,calc(100%-2rem))] flex-col gap-2 overflow-visible border-0 bg-transparent p-0"
        aria-live="polite"
        role="status"
        data-toast-region=""
      >
        {toasts.map((t) => (
          <div key={t.id} className={`pointer-events-auto rounded-lg border px-4 py-3 text-sm shadow-lg ${styles[t.kind]}`} data-toast={t.kind}>
            {t.message}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast outside ToastProvider');
  return ctx;
}
