import { useState } from 'react';
import { Download, FileSpreadsheet } from 'lucide-react';
import { type BulkUploadResult } from '@app/shared/admin';
import { BULK_ACCEPT, BULK_MAX_BYTES, BULK_MESSAGES } from '@app/shared/admin-constants';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Alert } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { ApiError, download } from '../../lib/api.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { uploadProfessionals } from './api.ts';
import { useSpecText } from './messages.ts';

type Step = 'upload' | 'processing' | 'results';

function validFile(file: File): string | null {
  if (!/\.(xlsx|ods|xls|csv)$/i.test(file.name)) return BULK_MESSAGES.badType;
  if (file.size >= BULK_MAX_BYTES) return BULK_MESSAGES.tooLarge;
  return null;
}

/** Upload File → Processing → Results (spec 001 §4 "Bulk upload flow"), with a real progress bar. */
export function BulkUploadDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const t = useT();
  const format = useFormat();
  const spec = useSpecText();
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
    if (!file) return setPickError(spec(BULK_MESSAGES.noFile));
    const problem = validFile(file);
    if (problem) return setPickError(spec(problem));
    setStep('processing');
    setPhase('uploading');
    setProgress(0);
    setFailure(null);
    try {
      const r = await uploadProfessionals(file, { dryRun, onProgress: setProgress, onUploaded: () => setPhase('processing') });
      setResult(r);
      if (r.data.successfullyCreated > 0) onCreated();
    } catch (error) {
      const message = error instanceof ApiError ? error.message : '';
      setFailure({ message: message || spec(BULK_MESSAGES.failed), errors: error instanceof ApiError ? (error.errors ?? []) : [] });
    }
    setStep('results');
  };

  const template = async (format: 'xlsx' | 'csv') => {
    try {
      await download('/admin/professionals/bulk-upload/template', `professionals-template.${format}`, { format });
    } catch {
      toast.error(spec(BULK_MESSAGES.templateFailed));
    }
  };

  const steps: Step[] = ['upload', 'processing', 'results'];
  const names = { upload: t('admin.bulk.step.upload'), processing: t('admin.bulk.step.processing'), results: t('admin.bulk.step.results') };
  const d = result?.data;
  const unsent = d?.emailResults.filter((e) => !e.sent && e.password) ?? [];
  return (
    <Dialog open={open} onClose={step === 'processing' ? undefined : close} title={t('admin.bulk.title')} size="lg">
      <ol className="mb-4 flex gap-2 text-xs" aria-label={t('admin.bulk.steps')}>
        {steps.map((s, i) => (
          <li
            key={s}
            aria-current={s === step ? 'step' : undefined}
            className={`flex-1 rounded-lg px-2 py-1.5 text-center font-medium ${s === step ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700'}`}
          >
            {t('admin.bulk.stepName', { number: i + 1, name: names[s] })}
          </li>
        ))}
      </ol>
      {step === 'upload' && (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">{t('admin.bulk.intro')}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => void template('xlsx')}>
              <Download aria-hidden="true" className="h-4 w-4" /> {t('admin.bulk.template', { format: '.xlsx' })}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => void template('csv')}>
              <Download aria-hidden="true" className="h-4 w-4" /> {t('admin.bulk.template', { format: '.csv' })}
            </Button>
          </div>
          <label className="flex cursor-pointer flex-col items-center gap-2 rounded-2xl border-2 border-dashed border-slate-300 p-6 text-center focus-within:ring-2 focus-within:ring-brand-500">
            <FileSpreadsheet aria-hidden="true" className="h-8 w-8 text-slate-500" />
            <span className="text-sm font-medium">{file ? <bdi>{file.name}</bdi> : t('admin.bulk.choose')}</span>
            <input
              type="file"
              accept={BULK_ACCEPT}
              className="sr-only"
              onChange={(e) => {
                const f = e.target.files?.[0] ?? null;
                setFile(f);
                const problem = f ? validFile(f) : null;
                setPickError(problem && spec(problem));
              }}
            />
          </label>
          {pickError && <Alert kind="error">{pickError}</Alert>}
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} />
            {t('admin.bulk.dryRun')}
          </label>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              {t('admin.form.cancel')}
            </Button>
            <Button onClick={() => void start()}>{dryRun ? t('admin.bulk.validate') : t('admin.bulk.upload')}</Button>
          </div>
        </div>
      )}
      {step === 'processing' && (
        <div className="space-y-3 py-4" aria-live="polite">
          <p className="text-sm font-medium">
            {phase === 'uploading'
              ? t('admin.bulk.uploading', { progress: format.number(progress / 100, { style: 'percent' }) })
              : t('admin.bulk.processing')}
          </p>
          <ProgressBar
            value={phase === 'uploading' ? progress : undefined}
            fill={phase === 'uploading' ? progress : 100}
            label={t('admin.bulk.progress')}
            className="h-3"
            barClassName={`transition-all ${phase === 'processing' ? 'animate-pulse' : ''}`}
          />
        </div>
      )}
      {step === 'results' && (
        <div className="space-y-4">
          {failure ? (
            <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
              <p className="font-semibold">{t('admin.bulk.failedTitle')}</p>
              <p>{failure.message}</p>
              {failure.errors.length > 0 && (
                <ul className="mt-2 list-disc ps-5">
                  {failure.errors.map((e) => (
                    <li key={e} dir="auto">
                      {e}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ) : d && result ? (
            <>
              <Alert kind={d.skippedRecords.length || d.processingErrors.length ? 'info' : 'success'}>
                {d.dryRun
                  ? t('admin.bulk.validated', { valid: d.validRows, total: d.totalRows, skipped: d.skippedRecords.length })
                  : t('admin.bulk.summary', { created: d.successfullyCreated, skipped: d.skippedRecords.length })}
              </Alert>
              <dl className="grid grid-cols-2 gap-3 text-center sm:grid-cols-4">
                {[
                  [t('admin.bulk.rows'), d.totalRows],
                  [d.dryRun ? t('admin.bulk.wouldCreate') : t('admin.bulk.created'), d.dryRun ? d.validRows : d.successfullyCreated],
                  [t('admin.bulk.skipped'), d.skippedRecords.length],
                  [t('admin.bulk.emailsSent'), d.emailsSent],
                ].map(([label, value]) => (
                  <div key={String(label)} className="rounded-xl bg-slate-50 p-3">
                    <dt className="text-xs text-slate-600">{label}</dt>
                    <dd className="text-xl font-semibold">{format.number(Number(value))}</dd>
                  </div>
                ))}
              </dl>
              {d.warnings.map((w) => (
                <Alert key={w} kind="info">
                  <span dir="auto">{w}</span>
                </Alert>
              ))}
              {unsent.length > 0 && (
                <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm">
                  <p className="font-semibold">
                    {t('admin.bulk.unsent')}
                  </p>
                  <ul className="mt-2 space-y-1 font-mono text-xs">
                    {unsent.map((e) => (
                      <li key={e.email} dir="ltr" className="text-start">
                        {e.email}: {e.password}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {result.conflicts.length > 0 && (
                <div>
                  <h3 className="text-sm font-semibold">{t('admin.bulk.duplicates')}</h3>
                  <ul className="mt-1 list-disc ps-5 text-sm">
                    {result.conflicts.map((c) => (
                      <li key={`${c.row}-${c.email}`}>
                        {t('admin.bulk.conflict', { row: c.row, email: c.email, problem: spec(c.message) })}
                      </li>
                    ))}
                  </ul>
                  {result.suggestion && <p className="mt-1 text-sm text-slate-700">{spec(result.suggestion)}</p>}
                </div>
              )}
              {d.skippedRecords.length > 0 && (
                <div>
                  <h3 className="text-sm font-semibold">{t('admin.bulk.skippedRows')}</h3>
                  <ul className="mt-1 max-h-48 list-disc overflow-y-auto ps-5 text-sm">
                    {d.skippedRecords.map((s) => (
                      <li key={s.row}>
                        {t('admin.bulk.skippedRow', {
                          row: s.row,
                          who: s.originalData.email || s.originalData.name || t('admin.bulk.blank'),
                          reason: spec(s.reason),
                        })}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {d.processingErrors.length > 0 && (
                <div>
                  <h3 className="text-sm font-semibold">{t('admin.bulk.processingErrors')}</h3>
                  <ul className="mt-1 list-disc ps-5 text-sm">
                    {d.processingErrors.map((p) => (
                      <li key={p.email}>
                        <bdi>{p.email}</bdi>: <span dir="auto">{p.error}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              {t('admin.bulk.close')}
            </Button>
            <Button onClick={reset}>{t('admin.bulk.another')}</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
