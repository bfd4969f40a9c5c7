import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { WORKSHOP_CATEGORIES } from '@app/shared/workshop-constants';
import type { WorkshopDto } from '@app/shared/workshops';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../components/ui/dialog.tsx';
import { TabPanel, Tabs } from '../../components/ui/tabs.tsx';
import { formatDate } from '../../lib/format.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { formatInZone } from '../../lib/zoned-time.ts';
import { useMyTimeZone } from '../profile/my-time-zone.ts';
import { WorkshopForm } from '../workshops/workshop-form.tsx';
import { SeatsBar } from '../workshops/seats-bar.tsx';
import { adminApi } from './api.ts';
import { useWorkshopMutations, workshopsManageApi } from '../workshops/manage-workshops.ts';
import { AttendancePanel, LifecycleActions, PhaseBadge } from '../workshops/lifecycle-ui.tsx';
import { Detail, ExportButton, FilterSelect, ListSection, NameCell, SearchBox, useListState } from './ui.tsx';
import { rejectUniversityWorkshop } from '../organisations/api.ts';
import { DecisionDialog, type Pending } from '../organisations/decision-dialog.tsx';

const api = workshopsManageApi('/admin/workshops');
const KEY = 'admin-workshops';

function WorkshopDetails({ workshop, tab, onChanged }: { workshop: WorkshopDto; tab: 'details' | 'registrations'; onChanged: () => unknown }) {
  const t = useT();
  const format = useFormat();
  const viewerZone = useMyTimeZone();
  const when = formatInZone(workshop.schedule.startsAt, workshop.schedule.timezone, viewerZone);
  if (tab === 'registrations') return <AttendancePanel base="/admin/workshops" manage={api} workshop={workshop} onChanged={onChanged} />;
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Detail label={t('admin.workshops.category')}>{workshop.category}</Detail>
      <Detail label={t('admin.workshops.level')}>{workshop.difficulty}</Detail>
      <Detail label={t('admin.workshops.delivery')}>{workshop.deliveryMode}</Detail>
      {workshop.organisationName && <Detail label={t('admin.workshops.audience')}>{t('admin.workshops.onlyStudentsOf', { organisation: workshop.organisationName })}</Detail>}
      <Detail label={t('admin.field.status')}>
        <PhaseBadge workshop={workshop} />
      </Detail>
      <Detail label={t('admin.workshops.schedule')}>
        <span dir="auto">{t('admin.workshops.scheduleRange', { start: when.text, end: workshop.schedule.endTime })}</span>
        {when.local && <span className="block text-xs text-slate-600">{when.local}</span>}
      </Detail>
      <Detail label={t('admin.workshops.instructor')}>
        {workshop.instructor && (
          <>
            <bdi>{workshop.instructor.name}</bdi>
            {workshop.instructor.email && (
              <>
                {' ('}
                <bdi>{workshop.instructor.email}</bdi>
                {')'}
              </>
            )}
          </>
        )}
      </Detail>
      <Detail label={t('admin.workshops.registrations')}>{t('admin.workshops.seats', { registered: format.number(workshop.registeredCount), capacity: format.number(workshop.capacity.maxParticipants) })}</Detail>
      <Detail label={t('admin.workshops.meetingLink')}>
        {workshop.meetingDetails?.link ? (
          <a dir="ltr" className="text-brand-700 underline" href={workshop.meetingDetails.link} target="_blank" rel="noopener noreferrer">
            {workshop.meetingDetails.link}
          </a>
        ) : (
          ''
        )}
      </Detail>
      <Detail className="sm:col-span-2" label={t('admin.workshops.description')}>
        {workshop.description && <span dir="auto">{workshop.description}</span>}
      </Detail>
      <Detail label={t('admin.workshops.tags')}>{workshop.tags.length > 0 && <bdi>{format.list(workshop.tags, { type: 'unit' })}</bdi>}</Detail>
      <Detail label={t('admin.workshops.prerequisites')}>{workshop.prerequisites.length > 0 && <span dir="auto">{format.list(workshop.prerequisites, { type: 'unit' })}</span>}</Detail>
      <Detail className="sm:col-span-2" label={t('admin.workshops.outcomes')}>{workshop.learningOutcomes.length > 0 && <span dir="auto">{format.list(workshop.learningOutcomes, { type: 'unit' })}</span>}</Detail>
    </dl>
  );
}

export function WorkshopsTab({ openCreate, onCreateHandled }: { openCreate?: boolean; onCreateHandled?: () => void }) {
  const t = useT();
  const format = useFormat();
  const qc = useQueryClient();
  const list = useListState({ category: 'all' });
  const [editing, setEditing] = useState<WorkshopDto | 'new' | null>(openCreate ? 'new' : null);
  const [viewing, setViewing] = useState<{ w: WorkshopDto; tab: 'details' | 'registrations' } | null>(null);
  const [deleting, setDeleting] = useState<WorkshopDto | null>(null);
  const [deciding, setDeciding] = useState<Pending | null>(null);
  const query = useQuery({ queryKey: [KEY, list.query], queryFn: () => api.list(list.query), placeholderData: keepPreviousData });
  const instructors = useQuery({ queryKey: [KEY, 'instructors'], queryFn: adminApi.instructors, enabled: editing !== null });
  const refresh = () => qc.invalidateQueries({ queryKey: [KEY] });
  const closeForm = () => {
    setEditing(null);
    onCreateHandled?.();
  };

  const { save, publish, remove } = useWorkshopMutations(api, {
    refresh,
    saved: closeForm,
    deleted: () => setDeleting(null),
  });

  const title = t('admin.nav.workshops');
  return (
    <ListSection
      id="ws"
      title={title}
      tools={
        <>
          <ExportButton kind="workshops" label={title} query={list.query} />
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="h-4 w-4" /> {t('admin.dashboard.createWorkshop')}
          </Button>
        </>
      }
      filters={
        <>
          <SearchBox label={t('admin.workshops.search')} value={list.search} onChange={list.setSearch} />
          <FilterSelect
            label={t('admin.workshops.category')}
            value={list.filters.category ?? 'all'}
            onChange={(v) => list.setFilter('category', v)}
            options={[{ value: 'all', label: t('admin.workshops.allCategories') }, ...WORKSHOP_CATEGORIES.map((c) => ({ value: c, label: c }))]}
          />
        </>
      }
      query={query}
      rows={query.data?.data.workshops ?? []}
      pagination={query.data?.data.pagination}
      onPage={list.setPage}
      table={{
        rowKey: (w) => w._id,
        onOpen: (w) => setViewing({ w, tab: 'details' }),
        columns: [
          {
            header: t('admin.field.title'),
            cell: (w) => (
              <>
                <NameCell name={w.title} detail={`${w.category} · ${w.difficulty}`} />
                {w.organisationName && (
                  <span className="mt-1 inline-block rounded bg-violet-100 px-1.5 py-0.5 text-xs font-medium text-violet-800">
                    {t('admin.workshops.onlyFor', { organisation: w.organisationName, awaiting: w.status === 'draft' ? 'yes' : 'no' })}
                  </span>
                )}
              </>
            ),
          },
          { header: t('admin.workshops.instructor'), cell: (w) => (w.instructor ? <bdi>{w.instructor.name}</bdi> : '—') },
          {
            header: t('admin.workshops.schedule'),
            cell: (w) => (
              <>
                {formatDate(w.schedule.date)}
                <span dir="ltr" className="block text-start text-xs text-slate-600">
                  {w.schedule.startTime}–{w.schedule.endTime} {w.schedule.timezone}
                </span>
              </>
            ),
          },
          {
            header: t('admin.workshops.registrations'),
            cell: (w) => (
              <div className="min-w-28">
                <span className="text-sm">
                  {t('admin.workshops.seats', { registered: format.number(w.registeredCount), capacity: format.number(w.capacity.maxParticipants) })}
                </span>
                <SeatsBar workshop={w} className="mt-1 h-1.5" />
                <button
                  type="button"
                  className="mt-1 text-xs text-brand-700 underline"
                  onClick={(e) => {
                    e.stopPropagation();
                    setViewing({ w, tab: 'registrations' });
                  }}
                >
                  {t('admin.workshops.viewDetails')}
                </button>
              </div>
            ),
          },
          { header: t('admin.field.status'), cell: (w) => <PhaseBadge workshop={w} /> },
        ],
        actions: (w) => (
          <span className="inline-flex flex-wrap gap-1">
            {(w.status === 'draft' || w.status === 'published') && (
              <Button size="sm" variant="ghost" onClick={() => setEditing(w)} aria-label={t('admin.action.editNamed', { name: w.title })}>
                <Pencil aria-hidden="true" className="h-4 w-4" />
              </Button>
            )}
            <LifecycleActions base="/admin/workshops" workshop={w} onChanged={refresh} />
            {w.phase === 'draft' || w.phase === 'upcoming' ? (
              <Button size="sm" variant="secondary" onClick={() => publish.mutate(w)} disabled={publish.isPending}>
                {w.status === 'published' ? t('admin.workshops.unpublish') : t('admin.workshops.publish')}
              </Button>
            ) : null}
            {w.organisationId && w.status === 'draft' && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() =>
                  setDeciding({
                    title: t('admin.workshops.rejectTitle'),
                    message: t('admin.workshops.rejectMessage', { title: w.title, organisation: w.organisationName ?? t('admin.workshops.theUniversity') }),
                    confirmLabel: t('admin.workshops.reject'),
                    needsReason: true,
                    reasonLabel: t('admin.workshops.rejectReason'),
                    run: (reason) => rejectUniversityWorkshop(w._id, reason ?? ''),
                    done: t('admin.workshops.rejected'),
                    after: refresh,
                  })
                }
              >
                {t('admin.workshops.reject')}
                <span className="sr-only"> {w.title}</span>
              </Button>
            )}
            {(w.status === 'draft' || w.status === 'published') && (
              <Button size="sm" variant="ghost" onClick={() => setDeleting(w)} aria-label={t('admin.action.deleteNamed', { name: w.title })}>
                <Trash2 aria-hidden="true" className="h-4 w-4 text-red-700" />
              </Button>
            )}
          </span>
        ),
      }}
    >
      <Dialog
        open={editing !== null}
        onClose={closeForm}
        title={editing === 'new' ? t('admin.dashboard.createWorkshop') : t('admin.workshops.edit')}
        size="xl"
      >
        {editing !== null && (
          <WorkshopForm
            mode="admin"
            initial={editing === 'new' ? null : editing}
            instructors={instructors.data?.data.professionals ?? []}
            busy={save.isPending}
            onCancel={closeForm}
            onSubmit={(value) => save.mutate({ id: editing === 'new' ? undefined : editing._id, value })}
          />
        )}
      </Dialog>
      <Dialog open={viewing !== null} onClose={() => setViewing(null)} title={viewing?.w.title ?? ''} size="lg">
        {viewing && (
          <>
            <Tabs
              idPrefix="workshop-detail"
              label={t('admin.workshops.detailTabs')}
              value={viewing.tab}
              onChange={(tab) => setViewing({ ...viewing, tab })}
              items={[
                { id: 'details', label: t('admin.workshops.details') },
                { id: 'registrations', label: t('admin.workshops.registrations') },
              ]}
            />
            <div className="pt-4">
              <TabPanel idPrefix="workshop-detail" id={viewing.tab}>
                <WorkshopDetails workshop={viewing.w} tab={viewing.tab} onChanged={refresh} />
              </TabPanel>
            </div>
          </>
        )}
      </Dialog>
      <DecisionDialog pending={deciding} onClose={() => setDeciding(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('admin.workshops.deleteTitle')}
        message={t('admin.workshops.deleteMessage', { title: deleting?.title ?? '' })}
        confirmLabel={t('admin.action.delete')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </ListSection>
  );
}
