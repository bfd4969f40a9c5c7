import type { ReactNode } from 'react';

/** The white bordered card most panels sit in. */
export const PANEL_CARD = 'rounded-xl border border-slate-200 bg-white p-4';

/**
 * A section labelled by its heading (h2 or h3), with an optional line of introduction under the heading and
 * optional actions beside it (a button, a picker). The classes default to the common card panel look.
 */
export function Panel({
  headingId,
  title,
  level = 2,
  intro,
  actions,
  className = PANEL_CARD,
  headingClassName = 'text-lg font-semibold text-slate-900',
  introClassName = 'text-sm text-slate-600',
  headerClassName = 'flex flex-wrap items-center justify-between gap-2',
  children,
}: {
  headingId: string;
  title: ReactNode;
  level?: 2 | 3;
  intro?: ReactNode;
  actions?: ReactNode;
  className?: string;
  headingClassName?: string;
  introClassName?: string;
  headerClassName?: string;
  children?: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const heading = (
    <Heading id={headingId} className={headingClassName}>
      {title}
    </Heading>
  );
  return (
    <section aria-labelledby={headingId} className={className}>
      {actions !== undefined ? (
        <div className={headerClassName}>
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {intro !== undefined && <p className={introClassName}>{intro}</p>}
      {children}
    </section>
  );
}

/** The lighter card of the professional's settings and students: a shadow, a smaller heading. */
export const SHADOW_CARD = { className: `${PANEL_CARD} shadow-sm`, headingClassName: 'font-semibold text-slate-900' } as const;
