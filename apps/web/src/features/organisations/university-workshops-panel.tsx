import { useState } from 'react';
import type { WorkshopDto } from '@app/shared/workshops';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { Alert } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { WorkshopForm } from '../workshops/workshop-form.tsx';
import { submitUniversityWorkshop, useOrganisationMutation, useUniversityWorkshopRegistrations, useUniversityWorkshops } from './api.ts';

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
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<WorkshopDto | null>(null);
  const submit = useOrganisationMutation(submitUniversityWorkshop);
  const workshops = list.data?.data.workshops ?? [];
  return (
    <section aria-labelledby="uni-ws-heading" className="space-y-4 pt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="uni-ws-heading" className="text-lg font-semibold">Workshops for your students</h2>
        <Button onClick={() => setCreating(true)}>Submit a workshop</Button>
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
              <Button className="mt-3" size="sm" variant="secondary" onClick={() => setOpen(w)}>
                View registrations<span className="sr-only"> for {w.title}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={creating} onClose={() => setCreating(false)} title="Submit a workshop" size="xl">
        {error && <Alert kind="error">{error}</Alert>}
        {creating && (
          <WorkshopForm
            mode="university"
            busy={submit.isPending}
            onCancel={() => setCreating(false)}
            onSubmit={(value) => {
              setError(null);
              submit.mutate(value.body, {
                onSuccess: () => {
                  toast.success('Workshop submitted for approval');
                  setCreating(false);
                },
                onError: (err) => setError(errorMessage(err, 'Failed to submit the workshop')),
              });
            }}
          />
        )}
      </Dialog>
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
