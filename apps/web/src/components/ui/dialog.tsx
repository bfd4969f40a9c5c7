import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { useT } from '../../lib/i18n.tsx';
import { useHydrated } from '../../lib/hooks.ts';
import { Button } from './button.tsx';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  /** Omit for a blocking dialog: no close button, Escape does nothing. */
  onClose?: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  description?: ReactNode;
  /**
   * Where closing leads when it is a place (a workshop's own address closes to /workshops): the close control
   * is then a link to it, which works before the app runs and without JavaScript; with the app, `onClose`.
   */
  closeHref?: string;
}

const WIDTHS = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

/** Whether a dialog is shown as a modal (`:modal`; an open dialog where the selector is unknown). */
function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(':modal');
  } catch {
    return dialog.open;
  }
}

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page behind inert and
 * restores focus on close. Scrolls inside on small screens.
 *
 * Open in the server's HTML (a workshop's own address, decision 1380), it is written already open (`open`,
 * shown above the page by the `server-open` rule in index.css, with its content) so that the page reads
 * whole before the app runs and without JavaScript. Once the app has hydrated it, it becomes the modal.
 */
export function Dialog({ open, title, onClose, children, footer, size = 'md', description, closeHref }: DialogProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // Open in the markup only when rendered open on the server (and in the render that hydrates it). React
  // sets the attribute once and never again: the browser's showModal/close own it from then on.
  const hydrated = useHydrated();
  const [openInMarkup] = useState(() => open && !hydrated);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !isModal(dialog)) {
      // Shown open by the server's HTML: made the modal (showModal throws on a dialog that is already open).
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      onClose?.();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => dialog.removeEventListener('cancel', onCancel);
  }, [onClose]);

  return (
    <dialog
      ref={ref}
      open={openInMarkup || undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={`${openInMarkup ? 'server-open ' : ''}m-auto w-[calc(100%-1.5rem)] ${WIDTHS[size]} max-h-[calc(100dvh-2rem)] overflow-hidden rounded-2xl bg-white p-0 text-slate-900 shadow-2xl`}
    >
      {open && (
        <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div>
              <h2 id={titleId} tabIndex={-1} className="text-lg font-semibold focus:outline-none">{title}</h2>
              {description && <p id={descriptionId} className="mt-1 text-sm text-slate-600">{description}</p>}
            </div>
            {onClose && closeHref ? (
              <a
                href={closeHref}
                data-dialog-close=""
                onClick={(event) => {
                  // A new tab or window keeps its own way; here, the app closes the dialog (and moves the address).
                  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                  event.preventDefault();
                  onClose();
                }}
                className="rounded-lg p-1 text-slate-600 hover:bg-slate-100"
                aria-label={t('shell.dialog.close')}
              >
                <X aria-hidden="true" className="h-5 w-5" />
              </a>
            ) : onClose ? (
              <button type="button" data-dialog-close="" onClick={onClose} className="rounded-lg p-1 text-slate-600 hover:bg-slate-100" aria-label={t('shell.dialog.close')}>
                <X aria-hidden="true" className="h-5 w-5" />
              </button>
            ) : null}
          </div>
          <ScrollBody>{children}</ScrollBody>
          {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}

/**
 * Confirmation before a destructive or reputational action (delete, deactivate, reject, verify or
 * unverify): every such admin action goes through this dialog. `tone="primary"` for an action that
 * is consequential without destroying anything (verifying someone).
 */
export function ConfirmDialog({ open, title, message, confirmLabel, onConfirm, onCancel, busy, tone = 'danger' }: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  tone?: 'danger' | 'primary';
}) {
  const t = useT();
  const confirmStyle = tone === 'danger' ? 'bg-red-700' : 'bg-brand-700';
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      size="sm"
      footer={
        <>
          <button type="button" className="rounded-lg border border-slate-300 px-4 py-2 text-sm" onClick={onCancel}>{t('shell.dialog.cancel')}</button>
          <button type="button" className={`rounded-lg ${confirmStyle} px-4 py-2 text-sm font-medium text-white disabled:opacity-60`} onClick={onConfirm} disabled={busy}>
            {confirmLabel ?? t('shell.dialog.confirm')}
          </button>
        </>
      }
    >
      <p className="text-sm text-slate-700">{message}</p>
    </Dialog>
  );
}

/**
 * The dialog's body scrolls when its content is taller than the screen; a body that scrolls and holds
 * nothing focusable is reachable by keyboard (WCAG 2.1.1, axe scrollable-region-focusable), only then.
 */
function ScrollBody({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // Unknown until measured (the server's HTML, and the render that hydrates it): reachable, since it may scroll.
  const [scrolls, setScrolls] = useState<boolean | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(el.scrollHeight > el.clientHeight + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} tabIndex={scrolls !== false ? 0 : undefined} className="overflow-y-auto px-5 py-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-inset">
      {children}
    </div>
  );
}

/**
 * A form's two closing buttons: cancel, and submit showing `pendingLabel` while the request runs.
 * `form` ties the submit button to its form by id when the buttons sit in a dialog's footer.
 */
export function FormButtons({ onCancel, cancelLabel, submitLabel, pendingLabel, pending, form, variant = 'primary' }: {
  onCancel: () => void;
  cancelLabel: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  form?: string;
  variant?: 'primary' | 'danger';
}) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" form={form} disabled={pending} variant={variant}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </>
  );
}

/** A dialog around one form: the form's cancel and submit buttons in the footer, tied to it by `formId`. */
export function FormDialog({ formId, title, onClose, onSubmit, size, formClassName = 'space-y-4', children, ...buttons }: {
  formId: string;
  title: ReactNode;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  size?: DialogProps['size'];
  formClassName?: string;
  children: ReactNode;
  cancelLabel: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
}) {
  return (
    <Dialog open size={size} onClose={onClose} title={title} footer={<FormButtons onCancel={onClose} form={formId} {...buttons} />}>
      <form id={formId} className={formClassName} onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </Dialog>
  );
}
