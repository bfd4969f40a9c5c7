import type { ReactNode } from 'react';

/** A value column of a chart's data table: its heading, and whether its cells are text (start-aligned) rather than numbers. */
export interface DataColumn {
  key: string;
  label: ReactNode;
  text?: boolean;
}

/** A row: the heading that names it (isolated: it can be text people typed) and one cell per value column. */
export interface DataRow {
  key: string;
  label: ReactNode;
  cells: ReactNode[];
}

/**
 * A chart's numbers as a table, the chart's text alternative (WCAG 1.1.1 and 1.3.1): a caption (visually hidden,
 * the chart's own title shows it), a heading column naming each row, then one column per value, numbers
 * end-aligned in tabular figures so they line up in every script. Used by every chart in the app (outcome
 * reports, survey results, admin analytics), so they read alike with a screen reader and look alike.
 */
export function ChartDataTable({
  caption,
  head,
  columns,
  rows,
}: {
  caption: string;
  head: ReactNode;
  columns: DataColumn[];
  rows: DataRow[];
}) {
  return (
    <table className="w-full text-start text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-slate-600">
          <th scope="col" className="py-1 pe-3 text-start font-medium">
            {head}
          </th>
          {columns.map((c) => (
            <th
              key={c.key}
              scope="col"
              className={c.text ? 'py-1 pe-3 text-start font-medium' : 'py-1 ps-3 text-end font-medium'}
            >
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className="border-t border-slate-100">
            <th scope="row" className="py-1 pe-3 text-start font-normal">
              <bdi>{r.label}</bdi>
            </th>
            {r.cells.map((cell, i) => (
              <td key={columns[i]?.key ?? i} className={columns[i]?.text ? 'py-1 pe-3' : 'py-1 ps-3 text-end tabular-nums'}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
