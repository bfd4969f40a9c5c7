import { useState } from 'react';
import { Download } from 'lucide-react';
import { Button } from '../ui/button.tsx';
import { useToast } from '../ui/toast.tsx';
import { download, errorMessage } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';

/** The formats every export offers (decision 827: `?format=csv|xlsx`; the API writes no ODS). */
export type ExportFormat = 'csv' | 'xlsx';

/**
 * Export a list as CSV or as a real Excel workbook (issue 28, decision 942): one button per format, the
 * same query (filters) for both; the file name comes from the server's Content-Disposition.
 */
export function ExportButtons({
  path,
  what,
  fileStem,
  query = {},
}: {
  /** The export endpoint, e.g. `/admin/export/students`. */
  path: string;
  /** What is exported, for the group's label and the messages ("Students"). */
  what: string;
  /** The name of the file when the server sends none (`students-2026-11-27`). */
  fileStem: string;
  query?: Record<string, string | number | undefined>;
}) {
  const t = useT();
  const toast = useToast();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await download(path, `${fileStem}.${format}`, { ...query, format });
      toast.success(t('export.done', { what }));
    } catch (error) {
      toast.error(`${t('export.failed', { what })}: ${errorMessage(error, t('common.somethingWrong'))}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div role="group" aria-label={t('export.group', { what })} className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={() => void run('csv')} disabled={busy !== null} aria-busy={busy === 'csv'}>
        <Download aria-hidden="true" className="h-4 w-4" /> {busy === 'csv' ? t('export.working') : t('export.csv')}
      </Button>
      <Button variant="secondary" onClick={() => void run('xlsx')} disabled={busy !== null} aria-busy={busy === 'xlsx'}>
        <Download aria-hidden="true" className="h-4 w-4" /> {busy === 'xlsx' ? t('export.working') : t('export.xlsx')}
      </Button>
    </div>
  );
}
