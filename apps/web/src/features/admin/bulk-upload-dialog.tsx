import { useState } from 'react';
import { Download, FileSpreadsheet } from 'lucide-react';
import { BULK_ACCEPT, BULK_MAX_BYTES, BULK_MESSAGES, type BulkUploadResult } from '@app/shared/admin';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Alert } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { ApiError, download } from '../../lib/api.ts';
import { uploadProfessionals } from './api.ts';

type Step = 'upload' | 'processing' | 'results';

function validFile(file: File): string | null {
  if (!/\.(xlsx|ods|xls|csv)$/i.test(file.name)) return BULK_MESSAGES.badType;
  if (file.size >= BULK_MAX_BYTES) return BULK_MESSAGES.tooLarge;
  return null;
}

/** Upload File → Processing → Results (spec 001 §4 "Bulk upload flow"), with a real progress bar. */
export function BulkUploadDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const toast = useToast();
  const [step, setStep] = useState<Step>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(false);
  const [progress, setProgress] = useState(0);
  const [phase, setPhase] = useState<'uploading' | 'processing'>('uploading');
  const [result, setResult] = useState<BulkUploadResult | null>(null);
  const [failure, setFailure] = useState<{ message: string; errors: string[] } | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);

  const reset = () => {
    setStep('upload');
    setFile(null);
    setProgress(0);
    setResult(null);
    setFailure(null);
    setPickError(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const start = async () => {
    if (!file) return setPickError(BULK_MESSAGES.noFile);
    const problem = validFile(file);
    if (problem) return setPickError(problem);
    setStep('processing');
    setPhase('uploading');
    setProgress(0);
    setFailure(null);
    try {
      const r = await uploadProfessionals(file, { dryRun, onProgress: setProgress, onUploaded: () => setPhase('processing') });
      setResult(r);
      if (r.data.successfullyCreated > 0) onCreated();
    } catch (error) {
      const message = error instanceof ApiError ? error.message : BULK_MESSAGES.failed;
      setFailure({ message: message || BULK_MESSAGES.failed, errors: error instanceof ApiError ? (error.errors ?? []) : [] });
    }
    setStep('results');
  };

  const template = async (format: 'xlsx' | 'csv') => {
    try {
      await download('/admin/professionals/bulk-upload/template', `professionals-template.${format}`, { format });
    } catch {
      toast.error(BULK_MESSAGES.templateFailed);
    }
  };

  const steps: Step[] = ['upload', 'processing', 'results'];
  const names = { upload: 'Upload File', processing: 'Processing', results: 'Results' };
  const d = result?.data;
  const unsent = d?.emailResults.filter((e) => !e.sent && e.password) ?? [];
  return (
    <Dialog open={open} onClose={step === 'processing' ? undefined : close} title="Bulk Upload Professionals" size="lg">
      <ol className="mb-4 flex gap-2 text-xs" aria-label="Steps">
        {steps.map((s, i) => (
          <li
            key={s}
            aria-current={s === step ? 'step' : undefined}
            className={`flex-1 rounded-lg px-2 py-1.5 text-center font-medium ${s === step ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700'}`}
          >
            {i + 1}. {names[s]}
          </li>
        ))}
      </ol>
      {step === 'upload' && (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            Excel (.xlsx), OpenDocument (.ods, LibreOffice) or CSV, under 10 MB, at most 500 professionals. Required columns: Name, Email, Title, Company,
            Expertise.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => void template('xlsx')}>
              <Download aria-hidden="true" className="h-4 w-4" /> Template (.xlsx)
            </Button>
            <Button variant="secondary" size="sm" onClick={() => void template('csv')}>
              <Download aria-hidden="true" className="h-4 w-4" /> Template (.csv)
            </Button>
          </div>
          <label className="flex cursor-pointer flex-col items-center gap-2 rounded-2xl border-2 border-dashed border-slate-300 p-6 text-center focus-within:ring-2 focus-within:ring-brand-500">
            <FileSpreadsheet aria-hidden="true" className="h-8 w-8 text-slate-500" />
            <span className="text-sm font-medium">{file ? file.name : 'Choose a spreadsheet'}</span>
            <input
              type="file"
              accept={BULK_ACCEPT}
              className="sr-only"
              onChange={(e) => {
                const f = e.target.files?.[0] ?? null;
                setFile(f);
                setPickError(f ? validFile(f) : null);
              }}
            />
          </label>
          {pickError && <Alert kind="error">{pickError}</Alert>}
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} />
            Validate only (create nobody)
          </label>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => void start()}>{dryRun ? 'Validate' : 'Upload'}</Button>
          </div>
        </div>
      )}
      {step === 'processing' && (
        <div className="space-y-3 py-4" aria-live="polite">
          <p className="text-sm font-medium">
            {phase === 'uploading' ? `Uploading… ${progress}%` : 'Processing rows… this can take a few seconds for 500 rows.'}
          </p>
          <ProgressBar
            value={phase === 'uploading' ? progress : undefined}
            fill={phase === 'uploading' ? progress : 100}
            label="Upload progress"
            className="h-3"
            barClassName={`transition-all ${phase === 'processing' ? 'animate-pulse' : ''}`}
          />
        </div>
      )}
      {step === 'results' && (
        <div className="space-y-4">
          {failure ? (
            <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
              <p className="font-semibold">Upload Failed</p>
              <p>{failure.message}</p>
              {failure.errors.length > 0 && (
                <ul className="mt-2 list-disc ps-5">
                  {failure.errors.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              )}
            </div>
          ) : d && result ? (
            <>
              <Alert kind={d.skippedRecords.length || d.processingErrors.length ? 'info' : 'success'}>{result.message}</Alert>
              <dl className="grid grid-cols-2 gap-3 text-center sm:grid-cols-4">
                {[
                  ['Rows', d.totalRows],
                  [d.dryRun ? 'Would create' : 'Created', d.dryRun ? d.validRows : d.successfullyCreated],
                  ['Skipped', d.skippedRecords.length],
                  ['E-mails sent', d.emailsSent],
                ].map(([label, value]) => (
                  <div key={String(label)} className="rounded-xl bg-slate-50 p-3">
                    <dt className="text-xs text-slate-600">{label}</dt>
                    <dd className="text-xl font-semibold">{value}</dd>
                  </div>
                ))}
              </dl>
              {d.warnings.map((w) => (
                <Alert key={w} kind="info">
                  {w}
                </Alert>
              ))}
              {unsent.length > 0 && (
                <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm">
                  <p className="font-semibold">
                    Welcome e-mails could not be sent. Share these temporary passwords with the professionals:
                  </p>
                  <ul className="mt-2 space-y-1 font-mono text-xs">
                    {unsent.map((e) => (
                      <li key={e.email}>
                        {e.email}: {e.password}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {result.conflicts.length > 0 && (
                <div>
                  <h3 className="text-sm font-semibold">Duplicate e-mails</h3>
                  <ul className="mt-1 list-disc ps-5 text-sm">
                    {result.conflicts.map((c) => (
                      <li key={`${c.row}-${c.email}`}>
                        Row {c.row}: {c.email} — {c.message}
                      </li>
                    ))}
                  </ul>
                  {result.suggestion && <p className="mt-1 text-sm text-slate-700">{result.suggestion}</p>}
                </div>
              )}
              {d.skippedRecords.length > 0 && (
                <div>
                  <h3 className="text-sm font-semibold">Skipped rows</h3>
                  <ul className="mt-1 max-h-48 list-disc overflow-y-auto ps-5 text-sm">
                    {d.skippedRecords.map((s) => (
                      <li key={s.row}>
                        Row {s.row} ({s.originalData.email || s.originalData.name || 'blank'}): {s.reason}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {d.processingErrors.length > 0 && (
                <div>
                  <h3 className="text-sm font-semibold">Processing errors</h3>
                  <ul className="mt-1 list-disc ps-5 text-sm">
                    {d.processingErrors.map((p) => (
                      <li key={p.email}>
                        {p.email}: {p.error}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Close
            </Button>
            <Button onClick={reset}>Upload Another File</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
