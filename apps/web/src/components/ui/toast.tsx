import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { useT } from '../../lib/i18n.tsx';

export type ToastKind = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** null: stays until dismissed (errors). */
  durationMs: number | null;
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
 * Toasts top right, announced to screen readers through live regions (WCAG 4.1.3): errors in an
 * assertive one, the rest in a polite one. A success or info toast leaves after 3 s (spec), but its
 * clock stops while the pointer is over it or focus is in it (WCAG 2.2.1); an error stays until it is
 * dismissed (its × button, or Escape). They start below the header on screen: a toast never covers the
 * bell, the menu or the account button.
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
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback((message: string, kind: ToastKind = 'info', durationMs = TOAST_DURATION_MS) => {
    // Start below whatever header is on screen now, so the toast never covers the bell, menu or account button.
    const el = region.current;
    if (el) {
      let bottom = 0;
      for (const header of document.querySelectorAll('header')) bottom = Math.max(bottom, header.getBoundingClientRect().bottom);
      el.style.top = `${Math.max(16, Math.round(bottom) + 8)}px`;
    }
    const id = next.current++;
    setToasts((list) => [...list, { id, kind, message, durationMs: kind === 'error' ? null : durationMs }]);
  }, []);
  const api = useMemo<ToastApi>(
    () => ({ show, success: (m) => show(m, 'success'), error: (m) => show(m, 'error'), info: (m) => show(m, 'info') }),
    [show],
  );
  // Escape dismisses the newest error (the others leave by themselves).
  useEffect(() => {
    const errors = toasts.filter((t) => t.kind === 'error');
    if (errors.length === 0) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || document.querySelector('dialog[open]')) return;
      const last = errors.at(-1);
      if (last) dismiss(last.id);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [toasts, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        ref={region}
        popover="manual"
        className="pointer-events-none fixed inset-auto top-4 inset-e-4 m-0 flex w-[min(24rem,calc(100%-2rem))] flex-col gap-2 overflow-visible border-0 bg-transparent p-0"
        data-toast-region=""
      >
        {/* role=alert announces what it is inserted with; it exists only while an error is shown. */}
        {toasts.some((t) => t.kind === 'error') && (
          <div role="alert" className="flex flex-col gap-2">
            {toasts.filter((t) => t.kind === 'error').map((t) => <ToastItem key={t.id} toast={t} onDismiss={dismiss} />)}
          </div>
        )}
        <div role="status" aria-live="polite" className="flex flex-col gap-2">
          {toasts.filter((t) => t.kind !== 'error').map((t) => <ToastItem key={t.id} toast={t} onDismiss={dismiss} />)}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

const STYLES: Record<ToastKind, string> = {
  success: 'border-green-300 bg-green-50 text-green-900',
  error: 'border-red-300 bg-red-50 text-red-900',
  info: 'border-blue-300 bg-blue-50 text-blue-900',
};

/** One toast: counts down only while neither hovered nor focused; an error has no countdown. */
function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const t = useT();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remaining = useRef(toast.durationMs);
  const paused = hovered || focused;
  useEffect(() => {
    if (remaining.current === null || paused) return;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      if (remaining.current !== null) remaining.current = Math.max(500, remaining.current - (Date.now() - started));
    };
  }, [paused, onDismiss, toast.id]);
  return (
    <div
      className={`pointer-events-auto flex items-start justify-between gap-2 rounded-lg border px-4 py-3 text-sm shadow-lg ${STYLES[toast.kind]}`}
      data-toast={toast.kind}
      // Paused by a pointer that moves onto it, not by one that stands still where the toast appeared
      // (which would keep it on screen, over what is beneath, until the pointer happens to move).
      onPointerMove={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <span>{toast.message}</span>
      <button type="button" onClick={() => onDismiss(toast.id)} className="-m-1 shrink-0 rounded p-1 hover:bg-black/5" aria-label={t('shell.toast.dismiss')}>
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast outside ToastProvider');
  return ctx;
}
