/** Key figures as a description list of small cards: a label over its value, two to four a row. */
export function FigureGrid({ items, className = '', testId }: { items: ReadonlyArray<readonly [string, string]>; className?: string; testId?: string }) {
  return (
    <dl className={`grid grid-cols-2 gap-3 sm:grid-cols-4 ${className}`.trim()} data-testid={testId}>
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className="text-xl font-semibold tabular-nums text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
