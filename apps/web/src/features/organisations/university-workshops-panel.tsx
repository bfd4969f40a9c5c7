import { useState } from 'react';
import type { WorkshopDto } from '@app/shared/workshops';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../components/ui/dialog.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { Alert } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
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
function statusLabel(w: WorkshopDto): string {
  if (w.status === 'draft') return 'Awaiting approval';
  if (w.status === 'published') return w.phase === 'upcoming' ? 'Published' : 'Published · in progress or ended';
  return w.status === 'completed' ? 'Completed' : 'Cancelled';
}

/** The university dashboard's Workshops tab: submit a workshop for its students only, follow it and its registrations. */
export function UniversityWorkshopsPanel() {
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
        <h2 id="uni-ws-heading" className="text-lg font-semibold">Workshops for your students</h2>
        <Button onClick={() => setEditing('new')}>Submit a workshop</Button>
      </div>
      <p className="text-sm text-slate-600">
        Only students affiliated with your university see these workshops, once an administrator has approved them.
      </p>
      {list.isPending ? (
        <Skeleton className="h-32" />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error, 'Failed to load workshops')} onRetry={() => void list.refetch()} />
      ) : workshops.length === 0 ? (
        <EmptyState title="No workshops yet">Submit one and an administrator will review it.</EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {workshops.map((w) => (
            <li key={w._id} className="rounded-2xl border border-slate-200 bg-white p-4">
              <p className="font-semibold">{w.title}</p>
              <p className="text-sm text-slate-600">
                {w.category} · {w.schedule.date} {w.schedule.startTime}–{w.schedule.endTime} ({w.schedule.timezone})
              </p>
              <p className="mt-2 text-sm">
                Status: <strong>{statusLabel(w)}</strong>
              </p>
              <p className="text-sm">
                Registrations: {w.registeredCount}/{w.capacity.maxParticipants}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button size="sm" variant="secondary" onClick={() => setOpen(w)}>
                  View registrations<span className="sr-only"> for {w.title}</span>
                </Button>
                {w.status === 'draft' && (
                  <>
                    <Button size="sm" variant="secondary" onClick={() => setEditing(w)}>
                      Edit<span className="sr-only"> {w.title}</span>
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setWithdrawing(w)}>
                      Withdraw<span className="sr-only"> {w.title}</span>
                    </Button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={editing !== null} onClose={closeForm} title={editing === 'new' ? 'Submit a workshop' : 'Edit your submission'} size="xl">
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
                  toast.success(editing === 'new' ? 'Workshop submitted for approval' : 'Submission updated. It is still awaiting approval.');
                  closeForm();
                },
                onError: (err: unknown) => setError(errorMessage(err, 'Failed to save the workshop')),
              };
              if (editing === 'new') submit.mutate(value.body, handlers);
              else update.mutate({ id: editing._id, body: value.body }, handlers);
            }}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={withdrawing !== null}
        title="Withdraw submission"
        message={`Withdraw "${withdrawing?.title ?? ''}"? It is removed and no longer awaits approval.`}
        confirmLabel="Withdraw"
        busy={withdraw.isPending}
        onCancel={() => setWithdrawing(null)}
        onConfirm={() =>
          withdrawing &&
          withdraw.mutate(withdrawing._id, {
            onSuccess: () => {
              toast.success('Submission withdrawn.');
              setWithdrawing(null);
            },
            onError: (err) => {
              toast.error(errorMessage(err, 'Failed to withdraw the submission'));
              setWithdrawing(null);
            },
          })
        }
      />
      <Dialog open={open !== null} onClose={() => setOpen(null)} title={open ? `Registrations: ${open.title}` : 'Registrations'}>
        {open && <Registrations id={open._id} />}
      </Dialog>
    </section>
  );
}

function Registrations({ id }: { id: string }) {
  const regs = useUniversityWorkshopRegistrations(id);
  if (regs.isPending) return <Skeleton className="h-20" />;
  if (regs.isError) return <ErrorState message={errorMessage(regs.error, 'Failed to load registrations')} onRetry={() => void regs.refetch()} />;
  const rows = regs.data.data.registrations;
  if (rows.length === 0) return <EmptyState title="No registrations yet" />;
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {rows.map((r) => (
        <li key={r._id} className="flex flex-wrap justify-between gap-2 py-2">
          <span className="font-medium">{r.student.fullName}</span>
          <span className="text-slate-600">
            {r.student.email} · {r.status}
          </span>
        </li>
      ))}
    </ul>
  );
}
