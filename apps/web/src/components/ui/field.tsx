import { useEffect, useId, useRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

// border-slate-500 on white is 4.8:1: a field's edge is visible (WCAG 1.4.11 asks ≥ 3:1).
const CONTROL = 'mt-1 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500/40 disabled:bg-slate-100';

interface Labelled {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
}

function Frame({ id, label, hint, error, required, children }: Labelled & { id: string; required?: boolean; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required && <span aria-hidden="true" className="text-red-700"> *</span>}
      </label>
      {children}
      {hint && <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">{hint}</p>}
      {error && <p id={`${id}-error`} className="mt-1 text-sm text-red-700">{error}</p>}
    </div>
  );
}

function describedBy(id: string, hint: unknown, error: unknown) {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

export function TextField({ label, hint, error, id, className = '', ...rest }: Labelled & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <Frame id={fieldId} label={label} hint={hint} error={error} required={rest.required}>
      <input id={fieldId} className={`${CONTROL} ${className}`} aria-invalid={error ? true : undefined} aria-describedby={describedBy(fieldId, hint, error)} {...rest} />
    </Frame>
  );
}

/** A number input bound to a number the form holds (an emptied field reads as 0, as `Number('')` does). */
export function NumberField({ value, onChange, ...rest }: Labelled & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'> & { value: number; onChange: (value: number) => void }) {
  return <TextField type="number" value={String(value)} onChange={(e) => onChange(Number(e.target.value))} {...rest} />;
}

/** An authenticator app's six-digit code: named "code", a numeric keypad, anything but digits dropped as typed. */
export function OneTimeCodeField({ onChange, ...rest }: Labelled & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & { onChange: (code: string) => void }) {
  return <TextField name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required {...rest} onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))} />;
}

export function TextArea({ label, hint, error, id, className = '', ...rest }: Labelled & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <Frame id={fieldId} label={label} hint={hint} error={error} required={rest.required}>
      <textarea id={fieldId} className={`${CONTROL} ${className}`} aria-invalid={error ? true : undefined} aria-describedby={describedBy(fieldId, hint, error)} {...rest} />
    </Frame>
  );
}

export function SelectField({ label, hint, error, id, className = '', children, ...rest }: Labelled & SelectHTMLAttributes<HTMLSelectElement>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <Frame id={fieldId} label={label} hint={hint} error={error} required={rest.required}>
      <select id={fieldId} className={`${CONTROL} ${className}`} aria-invalid={error ? true : undefined} aria-describedby={describedBy(fieldId, hint, error)} {...rest}>
        {children}
      </select>
    </Frame>
  );
}

/**
 * A message box. An error shown inside a <form> is the answer to a submit, so it is never left
 * silently out of sight (a phone may have it 1,000 px above the button): focus moves to the field
 * it is about (`field`, the control's name), else to the first control marked aria-invalid, else to
 * the message itself; that field is marked invalid and described by the message, and role="alert"
 * announces it. Every form gets this by showing its error through this component.
 */
export function Alert({ kind, children, field }: { kind: 'error' | 'success' | 'info'; children: ReactNode; field?: string }) {
  const styles = {
    error: 'border-red-200 bg-red-50 text-red-800',
    success: 'border-green-200 bg-green-50 text-green-800',
    info: 'border-blue-200 bg-blue-50 text-blue-800',
  }[kind];
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  const text = typeof children === 'string' ? children : null;
  useEffect(() => {
    if (kind !== 'error' || !ref.current) return;
    return revealFormError(ref.current, field);
  }, [kind, field, text]);
  return (
    <div ref={ref} id={id} role={kind === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-4 py-3 text-sm focus:outline-none ${styles}`}>
      {children}
    </div>
  );
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function isControl(node: unknown): node is Control {
  return node instanceof HTMLInputElement || node instanceof HTMLSelectElement || node instanceof HTMLTextAreaElement;
}

/** Focus (and describe) what an error inside a form is about; returns the undo for unmount. */
export function revealFormError(message: HTMLElement, field?: string): (() => void) | undefined {
  const form = message.closest('form');
  if (!form) return undefined;
  const named = field ? form.elements.namedItem(field) : null;
  const candidate = isControl(named) ? named : form.querySelector<Control>('[aria-invalid="true"]');
  const target = candidate && !candidate.disabled ? candidate : null;
  if (!target) {
    message.tabIndex = -1;
    message.scrollIntoView?.({ block: 'center' });
    message.focus({ preventScroll: true });
    return undefined;
  }
  const hadInvalid = target.getAttribute('aria-invalid');
  const hadDescribedBy = target.getAttribute('aria-describedby');
  // A field that shows its own message (TextField's `error`) is already described by it.
  const visible = target.closest('label') ?? target;
  if (hadInvalid === 'true') {
    visible.scrollIntoView?.({ block: 'center' });
    target.focus({ preventScroll: true });
    return undefined;
  }
  target.setAttribute('aria-invalid', 'true');
  target.setAttribute('aria-describedby', [hadDescribedBy, message.id].filter(Boolean).join(' '));
  // A visually hidden checkbox (chips) scrolls its label into view instead.
  visible.scrollIntoView?.({ block: 'center' });
  target.focus({ preventScroll: true });
  return () => {
    if (hadInvalid === null) target.removeAttribute('aria-invalid');
    else target.setAttribute('aria-invalid', hadInvalid);
    if (hadDescribedBy === null) target.removeAttribute('aria-describedby');
    else target.setAttribute('aria-describedby', hadDescribedBy);
  };
}
