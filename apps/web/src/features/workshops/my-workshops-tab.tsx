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
import { AttendancePanel, LifecycleActions, PhaseBadge } from './lifecycle-ui.tsx';
import { useZonedWhen } from './workshop-bits.tsx';
import { useWorkshopMutations, workshopsManageApi } from './manage-workshops.ts';
import { WorkshopForm } from './workshop-form.tsx';
import { SeatsBar } from './seats-bar.tsx';
import { rich, useFormat, useT } from '../../lib/i18n.tsx';

const api = workshopsManageApi('/workshops/my-workshops');
const KEY = ['my-workshops'];

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
  const t = useT();
  const format = useFormat();
  const zoned = useZonedWhen();
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
    onError: (err) => toast.error(errorMessage(err, t('workshops.mine.assignmentFailed'))),
  });

  const workshops = list.data?.data.workshops ?? [];
  return (
    <section aria-labelledby="my-workshops-heading">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-workshops-heading" className="text-xl font-semibold">
          {t('workshops.mine.heading')}
        </h2>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="h-4 w-4" /> {t('workshops.mine.create')}
        </Button>
      </div>
      {list.isPending ? (
        <Spinner label={t('workshops.mine.loading')} />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error, t('workshops.tab.loadFailed'))} onRetry={() => void list.refetch()} />
      ) : workshops.length === 0 ? (
        <EmptyState
          title={t('workshops.mine.empty')}
          action={<Button onClick={() => setEditing('new')}>{t('workshops.mine.createFirst')}</Button>}
        >
          {t('workshops.mine.emptyHint')}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {workshops.map((w) => {
            const when = zoned(w.schedule.startsAt, w.schedule.timezone);
            return (
              <li key={w._id} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
                <div className={`relative h-32 bg-gradient-to-br ${BANNER_COLORS[w.category] ?? 'from-brand-600 to-brand-800'}`}>
                  {w.banner.imageUrl && <img src={w.banner.imageUrl} alt="" className="h-full w-full object-cover" />}
                  <div className="absolute top-2 inset-s-2 flex flex-wrap gap-1">
                    <PhaseBadge workshop={w} />
                    <span className="rounded-full bg-white/90 px-2 py-0.5 text-xs font-medium text-slate-800">
                      {t('workshops.card.difficulty', { level: w.difficulty })}
                    </span>
                  </div>
                  <div className="absolute inset-e-2 bottom-2 flex gap-1">
                    {w.tags.slice(0, 2).map((tag) => (
                      <span key={tag} dir="auto" className="rounded-full bg-black/60 px-2 py-0.5 text-xs text-white">
                        {tag}
                      </span>
                    ))}
                  </div>
                </div>
                <div className="flex flex-1 flex-col gap-2 p-4">
                  <h3 dir="auto" className="font-semibold">{w.title}</h3>
                  <p dir="auto" className="line-clamp-3 text-sm text-slate-700">{w.description}</p>
                  {w.tags.length > 0 && (
                    <ul className="flex flex-wrap gap-1" aria-label={t('workshops.mine.tags')}>
                      {w.tags.map((tag) => (
                        <li key={tag} dir="auto" className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                          {tag}
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
                    {t('workshops.mine.registeredCount', { count: w.registeredCount, total: format.number(w.capacity.maxParticipants) })}
                  </p>
                  <SeatsBar workshop={w} />
                  {w.awaitingInstructor && (
                    <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
                      <p>{t('workshops.mine.assignmentNotice')}</p>
                      <div className="mt-2 flex gap-2">
                        <Button size="sm" onClick={() => answer.mutate({ id: w._id, decision: 'accept' })} disabled={answer.isPending}>
                          {t('workshops.mine.accept')}<span className="sr-only"> <bdi>{w.title}</bdi></span>
                        </Button>
                        <Button size="sm" variant="secondary" onClick={() => answer.mutate({ id: w._id, decision: 'decline' })} disabled={answer.isPending}>
                          {t('workshops.mine.decline')}<span className="sr-only"> <bdi>{w.title}</bdi></span>
                        </Button>
                      </div>
                    </div>
                  )}
                  <div className="mt-auto flex flex-wrap gap-2 pt-2">
                    {(w.status === 'draft' || w.status === 'published') && (
                      <Button size="sm" variant="secondary" onClick={() => setEditing(w)} aria-label={t('workshops.mine.editLabel', { title: w.title })}>
                        <Pencil aria-hidden="true" className="h-4 w-4" /> {t('workshops.mine.edit')}
                      </Button>
                    )}
                    <Button size="sm" variant="secondary" onClick={() => setAttendance(w)} aria-label={t('workshops.mine.attendanceLabel', { title: w.title })}>
                      <ClipboardCheck aria-hidden="true" className="h-4 w-4" /> {t('workshops.mine.attendance')}
                    </Button>
                    <LifecycleActions base="/workshops/my-workshops" workshop={w} onChanged={refresh} />
                    {(w.phase === 'draft' || w.phase === 'upcoming') && (
                      <Button size="sm" variant="secondary" onClick={() => publish.mutate(w)} disabled={publish.isPending}>
                        {w.status === 'published' ? t('workshops.mine.unpublish') : t('workshops.mine.publish')}
                      </Button>
                    )}
                    {(w.status === 'draft' || w.status === 'published') && (
                      <Button size="sm" variant="ghost" onClick={() => setDeleting(w)} aria-label={t('workshops.mine.deleteLabel', { title: w.title })}>
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
        title={editing === 'new' ? t('workshops.mine.create') : t('workshops.mine.editTitle')}
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
      <Dialog open={attendance !== null} onClose={() => setAttendance(null)} title={attendance ? rich(t('workshops.mine.attendanceTitle', { title: attendance.title }), { title: (chunk) => <bdi>{chunk}</bdi> }) : t('workshops.mine.attendance')} size="lg">
        {attendance && <AttendancePanel base="/workshops/my-workshops" manage={api} workshop={attendance} onChanged={refresh} />}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('workshops.mine.deleteTitle')}
        message={rich(t('workshops.mine.deleteBody', { title: deleting?.title ?? '' }), { title: (chunk) => <bdi>{chunk}</bdi> })}
        confirmLabel={t('workshops.mine.delete')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </section>
  );
}
