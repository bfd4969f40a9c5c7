import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  badge?: ReactNode;
}

/** Which ends of a horizontally scrolling strip hide more content. */
function useScrollEdges(ref: RefObject<HTMLElement | null>) {
  const [edges, setEdges] = useState({ start: false, end: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      // Right to left, scrollLeft runs from 0 at the start to negative values towards the end.
      const scrolled = Math.abs(el.scrollLeft);
      const start = scrolled > 1;
      const end = scrolled + el.clientWidth < el.scrollWidth - 1;
      setEdges((e) => (e.start === start && e.end === end ? e : { start, end }));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref]);
  return edges;
}

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs; panels are labelled by their tab.
 * On a narrow screen the strip scrolls sideways: a fade with a chevron at each end that hides tabs
 * shows that there is more, and the selected tab is kept in view.
 */
export function Tabs<T extends string>({ items, value, onChange, label, idPrefix }: { items: TabItem<T>[]; value: T; onChange: (id: T) => void; label: string; idPrefix: string }) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const strip = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(strip);
  useEffect(() => {
    refs.current.get(value)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [value]);
  const onKey = (event: KeyboardEvent, index: number) => {
    let target: number | undefined;
    // The arrow that points towards the end of the strip moves forwards: right, or left in a inset-e-to-left page.
    const rtl = strip.current ? getComputedStyle(strip.current).direction === 'rtl' : false;
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) target = (index + 1) % items.length;
    if (event.key === backward) target = (index - 1 + items.length) % items.length;
    if (event.key === 'Home') target = 0;
    if (event.key === 'End') target = items.length - 1;
    const item = target === undefined ? undefined : items[target];
    if (!item) return;
    event.preventDefault();
    onChange(item.id);
    refs.current.get(item.id)?.focus();
  };
  return (
    <div className="relative">
    <div ref={strip} role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-slate-200 [scrollbar-width:none]">
      {items.map((item, index) => {
        const selected = item.id === value;
        return (
          <button
            key={item.id}
            ref={(el) => {
              if (el) refs.current.set(item.id, el);
            }}
            role="tab"
            type="button"
            id={`${idPrefix}-tab-${item.id}`}
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel-${item.id}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.id)}
            onKeyDown={(e) => onKey(e, index)}
            className={`flex shrink-0 items-center gap-2 border-b-2 px-4 py-3 text-sm font-medium whitespace-nowrap ${selected ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {item.label}
            {item.badge}
          </button>
        );
      })}
    </div>
      {edges.start && (
        <span aria-hidden="true" data-scroll-hint="start" className="pointer-events-none absolute inset-y-0 inset-s-0 flex w-10 items-center bg-gradient-to-r rtl:bg-gradient-to-l from-slate-50 via-slate-50/90 to-transparent text-slate-500">
          <ChevronLeft className="h-4 w-4 rtl:-scale-x-100" />
        </span>
      )}
      {edges.end && (
        <span aria-hidden="true" data-scroll-hint="end" className="pointer-events-none absolute inset-y-0 inset-e-0 flex w-10 items-center justify-end bg-gradient-to-l rtl:bg-gradient-to-r from-slate-50 via-slate-50/90 to-transparent text-slate-500">
          <ChevronRight className="h-4 w-4 rtl:-scale-x-100" />
        </span>
      )}
    </div>
  );
}

export function TabPanel({ idPrefix, id, children }: { idPrefix: string; id: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`${idPrefix}-panel-${id}`} aria-labelledby={`${idPrefix}-tab-${id}`} tabIndex={0}>
      {children}
    </div>
  );
}
