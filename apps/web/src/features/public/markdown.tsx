import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The small part of Markdown our published documents use (docs/accessibility.md): headings, paragraphs,
 * bullet lists, pipe tables, and inline bold, code and links. Rendered as React elements, never as HTML
 * strings, so the text can hold nothing that runs. Anything else reads as a plain paragraph.
 */

const linkClass = 'rounded font-medium text-brand-700 underline hover:text-brand-800';

/** `## 1.4.10 Reflow` → `1-4-10-reflow`: stable anchors for links into the report. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[`*]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

function inline(text: string, key = 'i'): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /(\*\*([^*]+)\*\*)|(`([^`]+)`)|(\[([^\]]+)\]\(([^)\s]+)\))/g;
  let last = 0;
  let n = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index;
    if (at > last) out.push(text.slice(last, at));
    const k = `${key}-${n++}`;
    if (match[2] !== undefined) out.push(<strong key={k}>{inline(match[2], k)}</strong>);
    else if (match[4] !== undefined)
      out.push(
        <code key={k} className="rounded bg-slate-100 px-1 text-[0.9em] break-words">
          {match[4]}
        </code>,
      );
    else {
      const label = inline(match[6] ?? '', k);
      const href = match[7] ?? '';
      if (href.startsWith('/'))
        out.push(
          <Link key={k} to={href} className={linkClass}>
            {label}
          </Link>,
        );
      else if (href.startsWith('#') || /^(https:|mailto:)/.test(href))
        out.push(
          <a key={k} href={href} className={linkClass}>
            {label}
          </a>,
        );
      // A link to a file of the repository means nothing on the site: keep its text.
      else out.push(<span key={k}>{label}</span>);
    }
    last = at + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, '|'));

const HEADING_CLASS = [
  'text-3xl font-bold text-slate-900',
  'mt-10 text-2xl font-bold text-slate-900',
  'mt-8 text-xl font-semibold text-slate-900',
  'mt-6 text-lg font-semibold text-slate-900',
];

/** The document's blocks as elements; `tableLabel` names each scrollable table region. */
export function Markdown({ source, tableLabel }: { source: string; tableLabel: (caption: string) => string }) {
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  const blocks: ReactNode[] = [];
  let lastHeading = '';
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    const key = `b${i}`;
    if (!line.trim() || /^(-{3,}|<!--.*-->)$/.test(line.trim())) {
      i++;
      continue;
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      const level = (heading[1] ?? '#').length;
      const text = heading[2] ?? '';
      lastHeading = text.replace(/[`*]/g, '');
      const Tag = `h${level}` as 'h1' | 'h2' | 'h3' | 'h4';
      blocks.push(
        <Tag key={key} id={slug(text)} className={HEADING_CLASS[level - 1]}>
          {inline(text, key)}
        </Tag>,
      );
      i++;
      continue;
    }
    if (line.trimStart().startsWith('|')) {
      const rows: string[][] = [];
      while (i < lines.length && (lines[i] ?? '').trimStart().startsWith('|')) {
        const row = lines[i] ?? '';
        if (!/^\s*\|[\s:|-]+\|\s*$/.test(row)) rows.push(cells(row));
        i++;
      }
      const [head = [], ...body] = rows;
      blocks.push(
        // A data table may scroll within its own region at 320 px (the exception of WCAG 1.4.10); the
        // region takes focus so that it scrolls with the keyboard too.
        <div key={key} role="region" aria-label={tableLabel(lastHeading)} tabIndex={0} className="mt-4 overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full min-w-[40rem] border-collapse text-start text-sm">
            <thead className="bg-slate-100">
              <tr>
                {head.map((c, ci) => (
                  <th key={ci} scope="col" className="px-3 py-2 text-start font-semibold text-slate-900">
                    {inline(c, `${key}h${ci}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {body.map((row, ri) => (
                <tr key={ri} className="border-t border-slate-200 align-top">
                  {row.map((c, ci) =>
                    ci === 0 ? (
                      <th key={ci} scope="row" className="px-3 py-2 text-start font-medium text-slate-900">
                        {inline(c, `${key}r${ri}c${ci}`)}
                      </th>
                    ) : (
                      <td key={ci} className="px-3 py-2 text-slate-800">
                        {inline(c, `${key}r${ri}c${ci}`)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>,
      );
      continue;
    }
    if (/^\s*[-*]\s+/.test(line)) {
      const items: string[] = [];
      while (i < lines.length && /^\s*([-*]\s+|\s{2,}\S)/.test(lines[i] ?? '')) {
        const item = lines[i] ?? '';
        if (/^\s*[-*]\s+/.test(item)) items.push(item.replace(/^\s*[-*]\s+/, ''));
        else items[items.length - 1] += ` ${item.trim()}`;
        i++;
      }
      blocks.push(
        <ul key={key} className="mt-3 list-disc space-y-1 ps-6 text-slate-800">
          {items.map((item, ii) => (
            <li key={ii}>{inline(item, `${key}l${ii}`)}</li>
          ))}
        </ul>,
      );
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length) {
      const next = lines[i] ?? '';
      if (!next.trim() || /^(#{1,4}\s|\s*\||\s*[-*]\s+)/.test(next)) break;
      paragraph.push(next.trim());
      i++;
    }
    blocks.push(
      <p key={key} className="mt-3 leading-relaxed text-slate-800">
        {inline(paragraph.join(' '), key)}
      </p>,
    );
  }
  return <>{blocks}</>;
}
