import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff, Bookmark, BookmarkCheck, CalendarPlus, Download, Eye, FlaskConical, Users } from 'lucide-react';
import { RD_DEADLINE_FILTERS, RD_DOCUMENT_EXTENSIONS, RD_DOCUMENT_FIELDS, RD_DOCUMENT_MAX_BYTES, RD_DOCUMENT_TYPES, RD_DURATIONS, RD_FIELDS, RD_MOTIVATION_MAX, RD_NOTIFICATION_POLL_MS, RD_PAGE_SIZE, RD_ROLE_TITLES, RD_SORTS, RD_WORK_MODES, daysUntil } from '@app/shared/rd-project-constants';
import type { StudentApplicationDto, StudentProjectDto } from '@app/shared/rd-projects';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog, Dialog, FormDialog } from '../../components/ui/dialog.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { Alert, SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { TabPanel, Tabs } from '../../components/ui/tabs.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useDebounced } from '../../lib/hooks.ts';
import { useSession } from '../../lib/session.ts';
import * as rd from './api.ts';
import { RecommendedPanel } from '../matching/recommended-panel.tsx';
import {
  ApplicationStatusBadge,
  DeadlineNote,
  ListOrEmpty,
  ProjectCardHead,
  RdErrorBoundary,
  Section,
  Tags,
  selectKey,
  useRdMutation,
  useRdText,
} from './rd-ui.tsx';

type TabId = 'browse' | 'applications' | 'bookmarks';


/** The student dashboard's R&D tab: Browse Projects, My Applications, Bookmarked (spec 002 §2). */
export function StudentRdProjectsTab() {
  return (
    <RdErrorBoundary>
      <StudentRdProjects />
    </RdErrorBoundary>
  );
}

function useRdNotifications() {
  const toast = useToast();
  const queryClient = useQueryClient();
  useEffect(() => {
    let stopped = false;
    const poll = async () => {
      try {
        const items = await rd.takeNotifications();
        if (stopped) return;
        for (const n of items) toast.info(n.message);
        if (items.length) void queryClient.invalidateQueries({ queryKey: rd.rdKeys.all });
      } catch {
        // A failed poll is retried at the next interval.
      }
    };
    void poll();
    const timer = setInterval(() => void poll(), RD_NOTIFICATION_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [toast, queryClient]);
}

function StudentRdProjects() {
  const { t, number } = useRdText();
  const session = useSession();
  const userId = session?.user._id ?? session?.user.id ?? '';
  const [tab, setTab] = useState<TabId>('browse');
  // ?project=id (a recommendation opened from the welcome screen) opens that project.
  const [detailId, setDetailId] = useState<string | null>(() => new URLSearchParams(window.location.search).get('project'));
  const [applyTo, setApplyTo] = useState<StudentProjectDto | null>(null);
  useRdNotifications();
  const apps = useQuery({ queryKey: rd.rdKeys.myApplications, queryFn: rd.myApplications });

  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-xl font-semibold text-slate-900">{t('rd.student.title')}</h2>
        <p className="text-sm text-slate-600">{t('rd.student.intro')}</p>
      </div>
      <Tabs<TabId>
        idPrefix="rd"
        label={t('rd.student.tabs')}
        value={tab}
        onChange={setTab}
        items={[
          { id: 'browse', label: t('rd.student.tab.browse') },
          { id: 'applications', label: t('rd.student.tab.applications'), badge: apps.data ? <span className="rounded-full bg-slate-100 px-2 text-xs">{number(apps.data.length)}</span> : undefined },
          { id: 'bookmarks', label: t('rd.student.tab.bookmarks') },
        ]}
      />
      <TabPanel idPrefix="rd" id={tab}>
        {tab === 'browse' && (
          <>
            <RecommendedPanel kind="rd-project" onOpen={setDetailId} />
            <BrowsePanel userId={userId} onOpen={setDetailId} onApply={setApplyTo} />
          </>
        )}
        {tab === 'applications' && <ApplicationsPanel onOpen={setDetailId} />}
        {tab === 'bookmarks' && <BookmarksPanel onOpen={setDetailId} onApply={setApplyTo} />}
      </TabPanel>
      {detailId && <ProjectDetailDialog id={detailId} onClose={() => setDetailId(null)} onApply={(p) => { setDetailId(null); setApplyTo(p); }} />}
      {applyTo && <ApplyDialog project={applyTo} onClose={() => setApplyTo(null)} />}
    </div>
  );
}

function useToggles() {
  const { t } = useRdText();
  const bookmark = useRdMutation({
    mutationFn: (id: string) => rd.toggleBookmark(id),
    // The confirmation in the reader's language (the server's message is English).
    done: (r) => (r.data.isBookmarked ? t('rd.toast.bookmarked') : t('rd.toast.bookmarkRemoved')),
    invalidate: rd.rdKeys.all,
    failed: 'rd.toast.bookmarkFailed',
  });
  const alert = useRdMutation({
    mutationFn: (id: string) => rd.toggleAlert(id),
    done: (r) => (r.data.hasAlert ? t('rd.toast.alertSet') : t('rd.toast.alertRemoved')),
    invalidate: rd.rdKeys.all,
    failed: 'rd.toast.alertFailed',
  });
  return { bookmark, alert };
}

function BrowsePanel({ userId, onOpen, onApply }: { userId: string; onOpen: (id: string) => void; onApply: (p: StudentProjectDto) => void }) {
  const text = useRdText();
  const { t } = text;
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState({ field: '', roleType: '', workMode: '', duration: '', deadlineFilter: '', availableOnly: false, sortBy: 'newest' });
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search, 500);
  useEffect(() => setPage(1), [debounced, filters]);
  const query = { page, limit: RD_PAGE_SIZE, search: debounced.trim() || undefined, ...filters, availableOnly: filters.availableOnly || undefined };
  const list = useQuery({ queryKey: rd.rdKeys.browse(userId, query), queryFn: () => rd.browseProjects(userId, query), enabled: Boolean(userId) });
  const set = (key: keyof typeof filters) => (e: { target: { value: string } }) => setFilters((f) => ({ ...f, [key]: e.target.value }));
  const toggles = useToggles();

  return (
    <div className="space-y-4 pt-2">
      <div className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField label={t('rd.browse.search')} type="search" dir="auto" placeholder={t('rd.browse.searchHint')} value={search} onChange={(e) => setSearch(e.target.value)} />
        <SelectField label={t('rd.browse.field')} value={filters.field} onChange={set('field')}>
          <option value="">{t('rd.browse.allFields')}</option>
          {RD_FIELDS.map((f) => <option key={f} value={f}>{text.field(f)}</option>)}
        </SelectField>
        <SelectField label={t('rd.browse.roleType')} value={filters.roleType} onChange={set('roleType')}>
          <option value="">{t('rd.browse.allRoles')}</option>
          {RD_ROLE_TITLES.map((r) => <option key={r} value={r}>{text.role(r)}</option>)}
        </SelectField>
        <SelectField label={t('rd.browse.workMode')} value={filters.workMode} onChange={set('workMode')}>
          <option value="">{t('rd.browse.anyWorkMode')}</option>
          {RD_WORK_MODES.map((m) => <option key={m} value={m}>{text.workMode(m)}</option>)}
        </SelectField>
        <SelectField label={t('rd.browse.duration')} value={filters.duration} onChange={set('duration')}>
          <option value="">{t('rd.browse.anyDuration')}</option>
          {RD_DURATIONS.map((d) => <option key={d} value={d}>{text.duration(d)}</option>)}
        </SelectField>
        <SelectField label={t('rd.browse.deadline')} value={filters.deadlineFilter} onChange={set('deadlineFilter')}>
          <option value="">{t('rd.browse.anyDeadline')}</option>
          {RD_DEADLINE_FILTERS.map((d) => <option key={d} value={d}>{t('rd.deadlineFilter', { filter: selectKey(d) })}</option>)}
        </SelectField>
        <SelectField label={t('rd.browse.sortBy')} value={filters.sortBy} onChange={set('sortBy')}>
          {RD_SORTS.map((s) => <option key={s} value={s}>{t('rd.sort', { sort: selectKey(s) })}</option>)}
        </SelectField>
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-800">
          <input type="checkbox" className="h-4 w-4" checked={filters.availableOnly} onChange={(e) => setFilters((f) => ({ ...f, availableOnly: e.target.checked }))} />
          {t('rd.browse.openOnly')}
        </label>
      </div>

      {list.isPending ? (
        <CardSkeletons />
      ) : list.isError ? (
        <ErrorState message={t('rd.browse.loadFailed', { reason: errorMessage(list.error, t('rd.apiFailed')) })} onRetry={() => void list.refetch()} />
      ) : list.data.projects.length === 0 ? (
        <EmptyState icon={<FlaskConical aria-hidden="true" className="h-6 w-6" />} title={t('rd.browse.none')}>
          {t('rd.browse.noneText')}
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">{t('rd.browse.count', { count: list.data.pagination.total })}</p>
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {list.data.projects.map((p) => (
              <li key={p._id}>
                <ProjectCard project={p} onOpen={onOpen} onApply={onApply} toggles={toggles} />
              </li>
            ))}
          </ul>
          <Pagination page={page} pages={list.data.pagination.pages} onChange={setPage} label={t('rd.browse.pages')} />
        </>
      )}
    </div>
  );
}

function CardSkeletons() {
  const { t } = useRdText();
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" role="status" aria-label={t('rd.loadingProjects')}>
      {[0, 1, 2].map((i) => <Skeleton key={i} className="h-56" />)}
    </div>
  );
}

function ProjectCard({ project: p, onOpen, onApply, toggles }: { project: StudentProjectDto; onOpen: (id: string) => void; onApply: (p: StudentProjectDto) => void; toggles: ReturnType<typeof useToggles> }) {
  const text = useRdText();
  const { t } = text;
  return (
    <article className="flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <ProjectCardHead title={p.title} field={p.field} priority={p.priority} level={3} />
      <p dir="auto" className="line-clamp-3 text-sm text-slate-700">{p.summary}</p>
      <Tags tags={p.tags.slice(0, 4)} />
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1"><Users aria-hidden="true" className="h-3.5 w-3.5" />{t('rd.card.openPositions', { count: p.totalAvailablePositions })}</span>
        <span className="inline-flex items-center gap-1"><Eye aria-hidden="true" className="h-3.5 w-3.5" />{t('rd.card.views', { count: p.metrics.views })}</span>
        {p.timeline.duration && <span>{text.duration(p.timeline.duration)}</span>}
      </div>
      <DeadlineNote deadline={p.applicationProcess.applicationDeadline} />
      {p.userApplication && (
        <p className="text-sm text-slate-700">{t('rd.card.yourApplication')} <ApplicationStatusBadge status={p.userApplication.status} /></p>
      )}
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
        <Button size="sm" variant="secondary" onClick={() => onOpen(p._id)}>{t('rd.card.viewDetails')}</Button>
        {p.canApply && daysUntil(p.applicationProcess.applicationDeadline) > 0 && <Button size="sm" onClick={() => onApply(p)}>{t('rd.card.apply')}</Button>}
        <span className="ms-auto flex gap-1">
          <IconToggle on={p.isBookmarked} labelOn={t('rd.card.removeBookmark')} labelOff={t('rd.card.bookmark')} onClick={() => toggles.bookmark.mutate(p._id)} iconOn={<BookmarkCheck className="h-4 w-4" aria-hidden="true" />} iconOff={<Bookmark className="h-4 w-4" aria-hidden="true" />} />
          <IconToggle on={p.hasAlert} labelOn={t('rd.card.alertsOff')} labelOff={t('rd.card.alertOn')} onClick={() => toggles.alert.mutate(p._id)} iconOn={<Bell className="h-4 w-4" aria-hidden="true" />} iconOff={<BellOff className="h-4 w-4" aria-hidden="true" />} />
        </span>
      </div>
    </article>
  );
}

function IconToggle({ on, labelOn, labelOff, onClick, iconOn, iconOff }: { on: boolean; labelOn: string; labelOff: string; onClick: () => void; iconOn: ReactNode; iconOff: ReactNode }) {
  return (
    <button type="button" aria-pressed={on} aria-label={on ? labelOn : labelOff} title={on ? labelOn : labelOff} onClick={onClick} className={`rounded-lg p-2 ${on ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:bg-slate-100'}`}>
      {on ? iconOn : iconOff}
    </button>
  );
}

function ProjectDetailDialog({ id, onClose, onApply }: { id: string; onClose: () => void; onApply: (p: StudentProjectDto) => void }) {
  const text = useRdText();
  const { t } = text;
  const detail = useQuery({ queryKey: rd.rdKeys.detail(id), queryFn: () => rd.getProject(id), staleTime: 0 });
  const toggles = useToggles();
  const p = detail.data;
  const open = p ? daysUntil(p.applicationProcess.applicationDeadline) > 0 : false;
  return (
    <Dialog
      open
      size="xl"
      onClose={onClose}
      title={p?.title ?? t('rd.detail.fallbackTitle')}
      description={p ? t('rd.detail.subtitle', { field: text.field(p.field), priority: t('rd.priority', { priority: p.priority }) }) : undefined}
      footer={
        p && (
          <>
            <Button variant="secondary" onClick={() => toggles.bookmark.mutate(p._id, { onSuccess: () => void detail.refetch() })} aria-pressed={p.isBookmarked}>
              {p.isBookmarked ? <BookmarkCheck className="h-4 w-4" aria-hidden="true" /> : <Bookmark className="h-4 w-4" aria-hidden="true" />}
              {p.isBookmarked ? t('rd.detail.bookmarked') : t('rd.detail.bookmark')}
            </Button>
            <Button variant="secondary" onClick={() => toggles.alert.mutate(p._id, { onSuccess: () => void detail.refetch() })} aria-pressed={p.hasAlert}>
              {p.hasAlert ? <Bell className="h-4 w-4" aria-hidden="true" /> : <BellOff className="h-4 w-4" aria-hidden="true" />}
              {p.hasAlert ? t('rd.detail.alertOn') : t('rd.detail.setAlert')}
            </Button>
            {p.canApply && open && !p.userApplication && <Button onClick={() => onApply(p)}>{t('rd.detail.applyNow')}</Button>}
          </>
        )
      }
    >
      {detail.isPending ? (
        <div className="space-y-3"><Skeleton className="h-6 w-2/3" /><Skeleton className="h-24" /><Skeleton className="h-24" /></div>
      ) : detail.isError ? (
        <ErrorState message={t('rd.detail.loadFailed', { reason: errorMessage(detail.error, t('rd.apiFailed')) })} onRetry={() => void detail.refetch()} />
      ) : (
        <div className="space-y-6">
          <div className="flex flex-wrap items-center gap-3">
            <DeadlineNote deadline={detail.data.applicationProcess.applicationDeadline} />
            <span className="text-sm text-slate-600">{t('rd.card.views', { count: detail.data.metrics.views })} · {t('rd.detail.applications', { count: detail.data.applicationStats.total })}</span>
            {detail.data.userApplication && <span className="text-sm">{t('rd.detail.youApplied')} <ApplicationStatusBadge status={detail.data.userApplication.status} /></span>}
          </div>
          <Section title={t('rd.detail.summary')}><p dir="auto" className="text-sm text-slate-800">{detail.data.summary}</p></Section>
          {detail.data.description && <Section title={t('rd.detail.description')}><p dir="auto" className="text-sm whitespace-pre-line text-slate-800">{detail.data.description}</p></Section>}
          <Section title={t('rd.detail.objectives')}><ListOrEmpty items={detail.data.objectives} empty={t('rd.detail.noObjectives')} /></Section>
          <Tags tags={detail.data.tags} />
          <Section title={t('rd.detail.supervisor')}>
            <dl className="grid gap-1 text-sm sm:grid-cols-2">
              <div><dt className="inline font-medium">{t('rd.detail.name')}</dt>{' '}<dd className="inline"><bdi>{detail.data.supervisor.name}</bdi></dd></div>
              {detail.data.supervisor.title && <div><dt className="inline font-medium">{t('rd.detail.supervisorTitle')}</dt>{' '}<dd className="inline"><bdi>{detail.data.supervisor.title}</bdi></dd></div>}
              {detail.data.supervisor.department && <div><dt className="inline font-medium">{t('rd.detail.department')}</dt>{' '}<dd className="inline"><bdi>{detail.data.supervisor.department}</bdi></dd></div>}
              <div><dt className="inline font-medium">{t('rd.detail.email')}</dt>{' '}<dd className="inline"><a dir="ltr" className="text-brand-700 underline break-all" href={`mailto:${detail.data.supervisor.email}`}>{detail.data.supervisor.email}</a></dd></div>
            </dl>
            {detail.data.supervisor.bio && <p dir="auto" className="text-sm text-slate-700">{detail.data.supervisor.bio}</p>}
          </Section>
          <Section title={t('rd.detail.roles')}>
            {detail.data.roles.length === 0 ? <p className="text-sm text-slate-600">{t('rd.noRoles')}</p> : (
              <ul className="grid gap-3 sm:grid-cols-2">
                {detail.data.roles.map((r) => (
                  <li key={r._id} className="rounded-xl border border-slate-200 p-3 text-sm">
                    <div className="flex items-center justify-between gap-2">
                      <span className="font-semibold">{text.role(r.title)}</span>
                      <span className={r.availablePositions > 0 ? 'text-green-800' : 'text-red-700'}>
                        {r.availablePositions > 0 ? t('rd.detail.openOf', { open: r.availablePositions, max: r.maxPositions }) : t('rd.detail.full')}
                      </span>
                    </div>
                    {r.description && <p dir="auto" className="mt-1 text-slate-700">{r.description}</p>}
                    <p className="mt-1 text-slate-600">{text.workMode(r.workMode)}{r.location && <>{' · '}<bdi>{r.location}</bdi></>} · {text.compensation(r.compensation)}</p>
                    {r.skillsRequired.length > 0 && <p className="mt-1 text-slate-600">{t('rd.detail.skills', { skills: text.list(r.skillsRequired) })}</p>}
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title={t('rd.detail.timeline')}>
            <p className="text-sm text-slate-800">{t('rd.detail.durationEnd', { duration: detail.data.timeline.duration ? text.duration(detail.data.timeline.duration) : t('rd.detail.notSpecified'), end: text.date(detail.data.timeline.expectedEndDate) })}</p>
          </Section>
          <Section title={t('rd.detail.process')}>
            <p className="text-sm text-slate-800">{t('rd.detail.deadline', { date: text.deadline(detail.data.applicationProcess.applicationDeadline) })}</p>
            <p className="text-sm text-slate-800">{t('rd.detail.documents', { documents: detail.data.applicationProcess.documentsRequired.length ? text.list(detail.data.applicationProcess.documentsRequired.map((d) => text.document(d))) : t('rd.detail.none') })}</p>
            <p className="text-sm text-slate-800">{t('rd.detail.interview', { required: detail.data.applicationProcess.interviewRequired ? 'yes' : 'no' })}</p>
          </Section>
        </div>
      )}
    </Dialog>
  );
}

const todayLocal = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function ApplyDialog({ project, onClose }: { project: StudentProjectDto; onClose: () => void }) {
  const text = useRdText();
  const { t } = text;
  const toast = useToast();
  const queryClient = useQueryClient();
  const openRoles = project.roles.filter((r) => r.availablePositions > 0);
  const [roleId, setRoleId] = useState(openRoles.length === 1 ? (openRoles[0]?._id ?? '') : '');
  const [motivation, setMotivation] = useState('');
  const [startDate, setStartDate] = useState('');
  const [duration, setDuration] = useState('');
  const [experience, setExperience] = useState('');
  const [docs, setDocs] = useState<Partial<Record<(typeof RD_DOCUMENT_TYPES)[number], File>>>({});
  const [error, setError] = useState<string | null>(null);
  const required = project.applicationProcess.documentsRequired;

  const submit = useMutation({
    mutationFn: (form: FormData) => rd.applyToProject(project._id, form),
    onSuccess: () => {
      toast.success(t('rd.apply.submitted'));
      void queryClient.invalidateQueries({ queryKey: rd.rdKeys.all });
      // The dashboard's R&D badge counts applications: it moves with the list.
      void queryClient.invalidateQueries({ queryKey: ['student', 'summary'] });
      onClose();
    },
    onError: (e) => {
      const message = errorMessage(e, t('rd.apiFailed'));
      setError(message);
      toast.error(t('rd.apply.failed', { reason: message }));
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!roleId) return setError(t('rd.apply.roleRequired'));
    if (!motivation.trim()) return setError(t('rd.apply.motivationRequired'));
    if (motivation.length > RD_MOTIVATION_MAX) return setError(t('rd.apply.motivationTooLong', { max: RD_MOTIVATION_MAX }));
    if (startDate && startDate < todayLocal()) return setError(t('rd.apply.startDatePast'));
    for (const type of required) if (!docs[type]) return setError(t('rd.apply.documentRequired', { type: selectKey(type) }));
    const form = new FormData();
    form.set('roleAppliedFor', roleId);
    form.set('motivation', motivation.trim());
    if (startDate) form.set('availableStartDate', startDate);
    if (duration) form.set('expectedDuration', duration);
    if (experience.trim()) form.set('relevantExperience', experience.trim());
    for (const type of RD_DOCUMENT_TYPES) {
      const file = docs[type];
      if (file) form.set(RD_DOCUMENT_FIELDS[type], file, file.name);
    }
    submit.mutate(form);
  };

  const pick = (type: (typeof RD_DOCUMENT_TYPES)[number], file: File | undefined) => {
    const docName = text.document(type);
    if (file) {
      const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
      if (!RD_DOCUMENT_EXTENSIONS[type].includes(ext)) {
        setError(t('rd.apply.documentType', { document: docName, wide: type === 'portfolio' || type === 'other' ? 'yes' : 'no' }));
        return;
      }
      if (file.size > RD_DOCUMENT_MAX_BYTES) {
        setError(t('rd.apply.documentTooLarge', { document: docName }));
        return;
      }
    }
    setError(null);
    setDocs((d) => ({ ...d, [type]: file }));
  };

  return (
    <FormDialog
      formId="rd-apply-form"
      size="lg"
      title={t('rd.apply.title', { title: project.title })}
      onClose={onClose}
      onSubmit={onSubmit}
      cancelLabel={t('rd.apply.cancel')}
      submitLabel={t('rd.apply.submit')}
      pendingLabel={t('rd.apply.submitting')}
      pending={submit.isPending}
    >
      {error && <Alert kind="error">{error}</Alert>}
      <SelectField label={t('rd.apply.role')} required value={roleId} onChange={(e) => setRoleId(e.target.value)}>
        <option value="">{t('rd.apply.chooseRole')}</option>
        {project.roles.map((r) => (
          <option key={r._id} value={r._id} disabled={r.availablePositions === 0}>
            {r.availablePositions > 0 ? t('rd.apply.roleOpen', { role: text.role(r.title), count: r.availablePositions }) : t('rd.apply.roleFull', { role: text.role(r.title) })}
          </option>
        ))}
      </SelectField>
      <TextArea
        label={t('rd.apply.motivation')}
        required
        dir="auto"
        rows={5}
        maxLength={RD_MOTIVATION_MAX}
        value={motivation}
        onChange={(e) => setMotivation(e.target.value)}
        hint={t('rd.apply.motivationCount', { count: text.number(motivation.length), max: text.number(RD_MOTIVATION_MAX) })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('rd.apply.startDate')} type="date" min={todayLocal()} value={startDate} onChange={(e) => setStartDate(e.target.value)} />
        <SelectField label={t('rd.apply.duration')} value={duration} onChange={(e) => setDuration(e.target.value)}>
          <option value="">{t('rd.apply.chooseDuration')}</option>
          {RD_DURATIONS.map((d) => <option key={d} value={d}>{text.duration(d)}</option>)}
        </SelectField>
      </div>
      <TextArea label={t('rd.apply.experience')} dir="auto" rows={3} value={experience} onChange={(e) => setExperience(e.target.value)} />
      <fieldset className="space-y-3 rounded-xl border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-800">{t('rd.apply.documents')}</legend>
        {RD_DOCUMENT_TYPES.map((type) => (
          <label key={type} className="block text-sm text-slate-800">
            {text.document(type)}
            {required.includes(type) && <span className="text-red-700"> {t('rd.apply.required')}</span>}
            {(type === 'portfolio' || type === 'other') && <span className="text-slate-500"> {t('rd.apply.alsoImages')}</span>}
            <input
              type="file"
              className="mt-1 block w-full text-sm"
              accept={RD_DOCUMENT_EXTENSIONS[type].map((e) => `.${e}`).join(',')}
              onChange={(e) => pick(type, e.target.files?.[0])}
            />
          </label>
        ))}
      </fieldset>
    </FormDialog>
  );
}

const STEPS = ['pending', 'under-review', 'interview-scheduled'] as const;

/** Submitted → reviewed → interview → outcome; the outcome step is always shown (pending until decided). */
function StatusTimeline({ application: a }: { application: StudentApplicationDto }) {
  const text = useRdText();
  const { t } = text;
  const reached = new Map(a.timeline.map((e) => [e.status, e.at]));
  const outcome = a.status === 'accepted' || a.status === 'rejected' || a.status === 'withdrawn' ? a.status : null;
  const steps: { key: string; label: string; at?: string; done: boolean; tone?: string }[] = STEPS.filter((s) => s !== 'interview-scheduled' || reached.has(s) || a.interview).map((s) => ({
    key: s,
    label: s === 'pending' ? t('rd.timeline.submitted') : text.applicationStatus(s),
    at: s === 'pending' ? (reached.get(s) ?? a.appliedAt) : reached.get(s),
    done: s === 'pending' || reached.has(s),
  }));
  steps.push(
    outcome
      ? { key: outcome, label: text.applicationStatus(outcome), at: reached.get(outcome), done: true, tone: outcome === 'accepted' ? 'bg-green-600' : outcome === 'rejected' ? 'bg-red-600' : 'bg-slate-500' }
      : { key: 'decision', label: t('rd.timeline.decisionPending'), done: false },
  );
  return (
    <ol className="flex flex-col gap-3 sm:flex-row sm:gap-0" aria-label={t('rd.timeline.label')}>
      {steps.map((s, i) => (
        <li key={s.key} className="flex items-start gap-2 sm:flex-1 sm:flex-col sm:items-center sm:text-center">
          <span aria-hidden="true" className={`mt-0.5 h-3 w-3 shrink-0 rounded-full ${s.done ? (s.tone ?? 'bg-brand-600') : 'border-2 border-slate-300 bg-white'}`} />
          <span className="text-xs">
            <span className={`block font-medium ${s.done ? 'text-slate-900' : 'text-slate-500'}`}>{s.label}</span>
            {s.at && <span className="text-slate-600">{text.date(s.at)}</span>}
            <span className="sr-only">{` ${s.done ? t('rd.timeline.done') : t('rd.timeline.notYet')}`}{i === steps.length - 1 ? '' : ','}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

function ApplicationsPanel({ onOpen }: { onOpen: (id: string) => void }) {
  const text = useRdText();
  const { t } = text;
  const toast = useToast();
  const list = useQuery({ queryKey: rd.rdKeys.myApplications, queryFn: rd.myApplications });
  const [confirm, setConfirm] = useState<StudentApplicationDto | null>(null);
  const withdraw = useRdMutation({
    mutationFn: (id: string) => rd.withdrawApplication(id),
    done: () => t('rd.apps.withdrawn'),
    invalidate: rd.rdKeys.all,
    failed: 'rd.apps.withdrawFailed',
    then: () => setConfirm(null),
  });
  const fetchFile = (fn: () => Promise<void>) => fn().catch((e: unknown) => toast.error(errorMessage(e, t('rd.apps.downloadFailed'))));

  if (list.isPending) return <CardSkeletons />;
  if (list.isError) return <ErrorState message={t('rd.apps.loadFailed', { reason: errorMessage(list.error, t('rd.apiFailed')) })} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) return <EmptyState title={t('rd.apps.none')}>{t('rd.apps.noneText')}</EmptyState>;
  return (
    <>
      <ul className="space-y-4 pt-2">
        {list.data.map((a) => (
          <li key={a._id} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <h3 dir="auto" className="font-semibold text-slate-900">{a.project.title}</h3>
                <p className="text-sm text-slate-600">{t('rd.apps.meta', { role: text.role(a.roleAppliedFor), field: text.field(a.project.field), date: text.date(a.appliedAt) })}</p>
              </div>
              <ApplicationStatusBadge status={a.status} />
            </div>
            <StatusTimeline application={a} />
            {a.interview?.scheduled && a.status === 'interview-scheduled' && (
              <div className="rounded-xl bg-purple-50 p-3 text-sm text-purple-950">
                <p className="font-medium">{t('rd.apps.interview', { date: a.interview.date, time: a.interview.time, zone: a.interview.timezone })}</p>
                {a.interview.startsAt && <p className="text-purple-900">{t('rd.apps.yourTime', { time: text.dateTime(a.interview.startsAt), zone: text.zone })}</p>}
                {a.interview.mode === 'online' && a.interview.meetingLink && (
                  <p>{t('rd.apps.online')} <a dir="ltr" className="break-all underline" href={a.interview.meetingLink} target="_blank" rel="noopener noreferrer">{a.interview.meetingLink}</a></p>
                )}
                {a.interview.mode === 'offline' && a.interview.location && <p dir="auto">{t('rd.apps.location', { location: a.interview.location })}</p>}
                {a.interview.notes && <p dir="auto">{t('rd.apps.notes', { notes: a.interview.notes })}</p>}
                <Button size="sm" variant="secondary" className="mt-2" onClick={() => void fetchFile(() => rd.downloadInterviewIcs(a._id))}>
                  <CalendarPlus aria-hidden="true" className="h-4 w-4" /> {t('rd.apps.addToCalendar')}
                </Button>
              </div>
            )}
            {a.reviewNotes && a.status !== 'pending' && <p className="text-sm text-slate-700"><span className="font-medium">{t('rd.apps.reviewerNotes')}</span> <bdi>{a.reviewNotes}</bdi></p>}
            {a.documents.length > 0 && (
              <ul className="flex flex-wrap gap-2" aria-label={t('rd.apps.documents')}>
                {a.documents.map((d) => (
                  <li key={d._id}>
                    <Button size="sm" variant="ghost" onClick={() => void fetchFile(() => rd.downloadDocument(d.url, d.filename))}>
                      <Download aria-hidden="true" className="h-4 w-4" /> {t('rd.apps.documentFile', { document: text.document(d.type), filename: d.filename })}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => onOpen(a.project._id)}>{t('rd.apps.viewProject')}</Button>
              {a.canWithdraw && <Button size="sm" variant="danger" onClick={() => setConfirm(a)}>{t('rd.apps.withdraw')}</Button>}
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={Boolean(confirm)}
        title={t('rd.apps.withdrawTitle')}
        message={t('rd.apps.withdrawBody', { title: confirm?.project.title ?? '' })}
        confirmLabel={t('rd.apps.withdraw')}
        busy={withdraw.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && withdraw.mutate(confirm._id)}
      />
    </>
  );
}

function BookmarksPanel({ onOpen, onApply }: { onOpen: (id: string) => void; onApply: (p: StudentProjectDto) => void }) {
  const { t } = useRdText();
  const list = useQuery({ queryKey: rd.rdKeys.bookmarks, queryFn: rd.myBookmarks });
  const toggles = useToggles();
  if (list.isPending) return <CardSkeletons />;
  if (list.isError) return <ErrorState message={t('rd.bookmarks.loadFailed', { reason: errorMessage(list.error, t('rd.apiFailed')) })} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) return <EmptyState icon={<Bookmark aria-hidden="true" className="h-6 w-6" />} title={t('rd.bookmarks.none')}>{t('rd.bookmarks.noneText')}</EmptyState>;
  return (
    <ul className="grid gap-4 pt-2 md:grid-cols-2 xl:grid-cols-3">
      {list.data.map((p) => (
        <li key={p._id}>
          <ProjectCard project={p} onOpen={onOpen} onApply={onApply} toggles={toggles} />
        </li>
      ))}
    </ul>
  );
}
