import { useState } from 'react';
import type { WorkshopDto } from '@app/shared/workshops';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../components/ui/dialog.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { Alert } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { WorkshopForm } from '../workshops/workshop-form.tsx';
import {
  submitUniversityWorkshop,
  updateUniversityWorkshop,
  useOrganisationMutation,
  useUniversityWorkshopRegistrations,
  useUniversityWorkshops,
  withdrawUniversityWorkshop,
} from './api.ts';

/** What the university sees of a workshop's progress (decision 630: an administrator publishes it). */
function progressOf(w: WorkshopDto): 'draft' | 'upcoming' | 'running' | 'completed' | 'cancelled' {
  if (w.status === 'draft') return 'draft';
  if (w.status === 'published') return w.phase === 'upcoming' ? 'upcoming' : 'running';
  return w.status === 'completed' ? 'completed' : 'cancelled';
}

/** The university dashboard's Workshops tab: submit a workshop for its students only, follow it and its registrations. */
export function UniversityWorkshopsPanel() {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const list = useUniversityWorkshops();
  // The form is open for a new submission ('new') or to change one still awaiting approval (decision 632).
  const [editing, setEditing] = useState<WorkshopDto | 'new' | null>(null);
  const [withdrawing, setWithdrawing] = useState<WorkshopDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<WorkshopDto | null>(null);
  const submit = useOrganisationMutation(submitUniversityWorkshop);
  const update = useOrganisationMutation(updateUniversityWorkshop);
  const withdraw = useOrganisationMutation(withdrawUniversityWorkshop);
  const closeForm = () => {
    setEditing(null);
    setError(null);
  };
  const workshops = list.data?.data.workshops ?? [];
  return (
    <section aria-labelledby="uni-ws-heading" className="space-y-4 pt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="uni-ws-heading" className="text-lg font-semibold">{t('org.workshops.heading')}</h2>
        <Button onClick={() => setEditing('new')}>{t('org.workshops.submit')}</Button>
      </div>
      <p className="text-sm text-slate-600">
        {t('org.workshops.intro')}
      </p>
      {list.isPending ? (
        <Skeleton className="h-32" />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error, t('org.workshops.loadFailed'))} onRetry={() => void list.refetch()} />
      ) : workshops.length === 0 ? (
        <EmptyState title={t('org.workshops.empty')}>{t('org.workshops.emptyBody')}</EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {workshops.map((w) => (
            <li key={w._id} className="rounded-2xl border border-slate-200 bg-white p-4">
              <p className="font-semibold" dir="auto">{w.title}</p>
              <p className="text-sm text-slate-600">
                {t('org.workshops.when', {
                  category: w.category,
                  date: format.date(`${w.schedule.date}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }),
                  start: w.schedule.startTime,
                  end: w.schedule.endTime,
                  zone: w.schedule.timezone,
                })}
              </p>
              <p className="mt-2 text-sm">
                {t('org.workshops.statusLabel')} <strong>{t('org.workshops.status', { status: progressOf(w) })}</strong>
              </p>
              <p className="text-sm">
                {t('org.workshops.registrationsCount', { count: format.number(w.registeredCount), max: format.number(w.capacity.maxParticipants) })}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button size="sm" variant="secondary" onClick={() => setOpen(w)}>
                  {t('org.workshops.viewRegistrations')}<span className="sr-only"> {t('org.workshops.forTitle', { title: w.title })}</span>
                </Button>
                {w.status === 'draft' && (
                  <>
                    <Button size="sm" variant="secondary" onClick={() => setEditing(w)}>
                      {t('org.workshops.edit')}<span className="sr-only"> {w.title}</span>
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setWithdrawing(w)}>
                      {t('org.workshops.withdraw')}<span className="sr-only"> {w.title}</span>
                    </Button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={editing !== null} onClose={closeForm} title={editing === 'new' ? t('org.workshops.submit') : t('org.workshops.editTitle')} size="xl">
        {error && <Alert kind="error">{error}</Alert>}
        {editing !== null && (
          <WorkshopForm
            mode="university"
            initial={editing === 'new' ? null : editing}
            busy={submit.isPending || update.isPending}
            onCancel={closeForm}
            onSubmit={(value) => {
              setError(null);
              const handlers = {
                onSuccess: () => {
                  toast.success(editing === 'new' ? t('org.workshops.submitted') : t('org.workshops.updated'));
                  closeForm();
                },
                onError: (err: unknown) => setError(errorMessage(err, t('org.workshops.saveFailed'))),
              };
              if (editing === 'new') submit.mutate(value.body, handlers);
              else update.mutate({ id: editing._id, body: value.body }, handlers);
            }}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={withdrawing !== null}
        title={t('org.workshops.withdrawTitle')}
        message={t('org.workshops.withdrawBody', { title: withdrawing?.title ?? '' })}
        confirmLabel={t('org.workshops.withdraw')}
        busy={withdraw.isPending}
        onCancel={() => setWithdrawing(null)}
        onConfirm={() =>
          withdrawing &&
          withdraw.mutate(withdrawing._id, {
            onSuccess: () => {
              toast.success(t('org.workshops.withdrawn'));
              setWithdrawing(null);
            },
            onError: (err) => {
              toast.error(errorMessage(err, t('org.workshops.withdrawFailed')));
              setWithdrawing(null);
            },
          })
        }
      />
      <Dialog open={open !== null} onClose={() => setOpen(null)} title={open ? t('org.workshops.registrationsOf', { title: open.title }) : t('org.workshops.registrations')}>
        {open && <Registrations id={open._id} />}
      </Dialog>
    </section>
  );
}

function Registrations({ id }: { id: string }) {
  const t = useT();
  const regs = useUniversityWorkshopRegistrations(id);
  if (regs.isPending) return <Skeleton className="h-20" />;
  if (regs.isError) return <ErrorState message={errorMessage(regs.error, t('org.workshops.registrationsFailed'))} onRetry={() => void regs.refetch()} />;
  const rows = regs.data.data.registrations;
  if (rows.length === 0) return <EmptyState title={t('org.workshops.noRegistrations')} />;
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {rows.map((r) => (
        <li key={r._id} className="flex flex-wrap justify-between gap-2 py-2">
          <span className="font-medium" dir="auto">{r.student.fullName}</span>
          <span className="text-slate-600">
            <bdi>{r.student.email}</bdi> · {t('org.workshops.registrationStatus', { status: r.status })}
          </span>

        </li>
      ))}
    </ul>
  );
}
