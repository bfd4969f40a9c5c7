import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { envelope } from '@app/shared/api';
import { CalendarDays, ClipboardCheck, Pencil, Plus, Trash2, Users } from 'lucide-react';
import type { WorkshopDto } from '@app/shared/workshops';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../components/ui/dialog.tsx';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { api as apiCall, errorMessage } from '../../lib/api.ts';
import { useToast } from '../../components/ui/toast.tsx';
import { formatInZone } from '../../lib/zoned-time.ts';
import { useMyTimeZone } from '../profile/my-time-zone.ts';
import { AttendancePanel, LifecycleActions, PhaseBadge } from './lifecycle-ui.tsx';
import { useWorkshopMutations, workshopsManageApi } from './manage-workshops.ts';
import { WorkshopForm } from './workshop-form.tsx';
import { SeatsBar } from './seats-bar.tsx';

const api = workshopsManageApi('/workshops/my-workshops');
const KEY = ['my-workshops'];

/** Issue 28 (decision 733): a university named this professional as instructor; they accept or decline. */
const assignmentCopy = {
  notice: 'A university named you as the instructor. It is not published until you accept.',
  accept: 'Accept',
  decline: 'Decline',
  failed: 'Could not save your answer',
};

const BANNER_COLORS: Record<string, string> = {
  Technology: 'from-blue-600 to-indigo-700',
  Design: 'from-pink-600 to-rose-700',
  Business: 'from-amber-600 to-orange-700',
  'Data Science': 'from-emerald-600 to-teal-700',
  Engineering: 'from-slate-600 to-slate-800',
  Healthcare: 'from-red-600 to-rose-800',
  Education: 'from-violet-600 to-purple-700',
};

/** The professional dashboard's workshops tab: the workshops they instruct, managed through the server. */
export function MyWorkshopsTab() {
  const viewerZone = useMyTimeZone();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<WorkshopDto | null | 'new'>(null);
  const [deleting, setDeleting] = useState<WorkshopDto | null>(null);
  const [attendance, setAttendance] = useState<WorkshopDto | null>(null);
  const list = useQuery({ queryKey: KEY, queryFn: () => api.list({ limit: 100 }) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });

  const { save, publish, remove } = useWorkshopMutations(api, {
    refresh,
    saved: () => setEditing(null),
    deleted: () => setDeleting(null),
  });

  const toast = useToast();
  const answer = useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'accept' | 'decline' }) =>
      apiCall(`/workshops/my-workshops/${id}/assignment`, envelope(z.null()), { method: 'POST', body: { decision } }),
    onSuccess: (res) => {
      if (res.message) toast.success(res.message);
      void refresh();
    },
    onError: (err) => toast.error(errorMessage(err, assignmentCopy.failed)),
  });

  const workshops = list.data?.data.workshops ?? [];
  return (
    <section aria-labelledby="my-workshops-heading">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-workshops-heading" className="text-xl font-semibold">
          My Workshops
        </h2>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="h-4 w-4" /> Create Workshop
        </Button>
      </div>
      {list.isPending ? (
        <Spinner label="Loading workshops…" />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error, 'Failed to load workshops')} onRetry={() => void list.refetch()} />
      ) : workshops.length === 0 ? (
        <EmptyState
          title="No workshops yet"
          action={<Button onClick={() => setEditing('new')}>Create your first workshop</Button>}
        >
          Workshops you create appear here as drafts until you publish them.
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {workshops.map((w) => {
            const when = formatInZone(w.schedule.startsAt, w.schedule.timezone, viewerZone);
            return (
              <li key={w._id} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
                <div className={`relative h-32 bg-gradient-to-br ${BANNER_COLORS[w.category] ?? 'from-brand-600 to-brand-800'}`}>
                  {w.banner.imageUrl && <img src={w.banner.imageUrl} alt="" className="h-full w-full object-cover" />}
                  <div className="absolute top-2 inset-s-2 flex flex-wrap gap-1">
                    <PhaseBadge workshop={w} />
                    <span className="rounded-full bg-white/90 px-2 py-0.5 text-xs font-medium text-slate-800">
                      {w.difficulty}
                    </span>
                  </div>
                  <div className="absolute inset-e-2 bottom-2 flex gap-1">
                    {w.tags.slice(0, 2).map((t) => (
                      <span key={t} className="rounded-full bg-black/60 px-2 py-0.5 text-xs text-white">
                        {t}
                      </span>
                    ))}
                  </div>
                </div>
                <div className="flex flex-1 flex-col gap-2 p-4">
                  <h3 className="font-semibold">{w.title}</h3>
                  <p className="line-clamp-3 text-sm text-slate-700">{w.description}</p>
                  {w.tags.length > 0 && (
                    <ul className="flex flex-wrap gap-1" aria-label="Tags">
                      {w.tags.map((t) => (
                        <li key={t} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                          {t}
                        </li>
                      ))}
                    </ul>
                  )}
                  <p className="flex items-start gap-2 text-sm text-slate-700">
                    <CalendarDays aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                    <span>
                      {when.text}
                      {when.local && <span className="block text-xs text-slate-500">{when.local}</span>}
                    </span>
                  </p>
                  <p className="flex items-center gap-2 text-sm text-slate-700">
                    <Users aria-hidden="true" className="h-4 w-4" />
                    {w.registeredCount}/{w.capacity.maxParticipants} registered
                  </p>
                  <SeatsBar workshop={w} />
                  {w.awaitingInstructor && (
                    <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
                      <p>{assignmentCopy.notice}</p>
                      <div className="mt-2 flex gap-2">
                        <Button size="sm" onClick={() => answer.mutate({ id: w._id, decision: 'accept' })} disabled={answer.isPending}>
                          {assignmentCopy.accept}<span className="sr-only"> {w.title}</span>
                        </Button>
                        <Button size="sm" variant="secondary" onClick={() => answer.mutate({ id: w._id, decision: 'decline' })} disabled={answer.isPending}>
                          {assignmentCopy.decline}<span className="sr-only"> {w.title}</span>
                        </Button>
                      </div>
                    </div>
                  )}
                  <div className="mt-auto flex flex-wrap gap-2 pt-2">
                    {(w.status === 'draft' || w.status === 'published') && (
                      <Button size="sm" variant="secondary" onClick={() => setEditing(w)} aria-label={`Edit ${w.title}`}>
                        <Pencil aria-hidden="true" className="h-4 w-4" /> Edit
                      </Button>
                    )}
                    <Button size="sm" variant="secondary" onClick={() => setAttendance(w)} aria-label={`Attendance for ${w.title}`}>
                      <ClipboardCheck aria-hidden="true" className="h-4 w-4" /> Attendance
                    </Button>
                    <LifecycleActions base="/workshops/my-workshops" workshop={w} onChanged={refresh} />
                    {(w.phase === 'draft' || w.phase === 'upcoming') && (
                      <Button size="sm" variant="secondary" onClick={() => publish.mutate(w)} disabled={publish.isPending}>
                        {w.status === 'published' ? 'Unpublish' : 'Publish'}
                      </Button>
                    )}
                    {(w.status === 'draft' || w.status === 'published') && (
                      <Button size="sm" variant="ghost" onClick={() => setDeleting(w)} aria-label={`Delete ${w.title}`}>
                        <Trash2 aria-hidden="true" className="h-4 w-4 text-red-700" />
                      </Button>
                    )}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Create Workshop' : 'Edit Workshop'}
        size="xl"
      >
        {editing !== null && (
          <WorkshopForm
            mode="professional"
            initial={editing === 'new' ? null : editing}
            busy={save.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={(value) => save.mutate({ value, id: editing === 'new' ? undefined : editing._id })}
          />
        )}
      </Dialog>
      <Dialog open={attendance !== null} onClose={() => setAttendance(null)} title={attendance ? `Attendance: ${attendance.title}` : 'Attendance'} size="lg">
        {attendance && <AttendancePanel base="/workshops/my-workshops" manage={api} workshop={attendance} onChanged={refresh} />}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete workshop"
        message={`Delete "${deleting?.title ?? ''}"? A workshop with registrations is cancelled instead, and its registered students are told.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </section>
  );
}
