import { useId, useState, type ReactNode } from 'react';

/**
 * The button under a chart that shows or hides its data table (the chart itself is hidden from screen
 * readers: the table is its text alternative, always in the page, visually hidden until asked for).
 */
export function TableToggle({
  shown,
  onToggle,
  controls,
  showLabel,
  hideLabel,
}: {
  shown: boolean;
  onToggle: () => void;
  /** The id of the table's container. */
  controls: string;
  showLabel: string;
  hideLabel: string;
}) {
  return (
    <button
      type="button"
      className="mt-2 text-sm font-medium text-brand-700 hover:underline"
      aria-expanded={shown}
      aria-controls={controls}
      onClick={onToggle}
    >
      {shown ? hideLabel : showLabel}
    </button>
  );
}

/**
 * A chart's table toggle with its state: whether the table shows, the id its container must carry, and the
 * button (the same `TableToggle`) to render under the chart.
 */
export function useTableToggle(showLabel: string, hideLabel: string): { shown: boolean; tableId: string; toggle: ReactNode } {
  const [shown, setShown] = useState(false);
  const tableId = useId();
  const toggle = <TableToggle shown={shown} onToggle={() => setShown((v) => !v)} controls={tableId} showLabel={showLabel} hideLabel={hideLabel} />;
  return { shown, tableId, toggle };
}
