/**
 * An accessible progress bar. `value` is the announced percentage (omit while indeterminate);
 * `fill` is the drawn width when it differs (e.g. a full, pulsing bar while processing).
 */
export function ProgressBar({
  value,
  label,
  fill = value ?? 0,
  className = 'h-2',
  barClassName = '',
}: {
  value: number | undefined;
  label: string;
  fill?: number;
  className?: string;
  barClassName?: string;
}) {
  return (
    <div className={`overflow-hidden rounded-full bg-slate-200 ${className}`} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
      <div className={`h-full rounded-full bg-brand-600 ${barClassName}`} style={{ width: `${fill}%` }} />
    </div>
  );
}
