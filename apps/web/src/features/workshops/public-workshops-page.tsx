import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { WORKSHOP_CATEGORIES } from '@app/shared/workshop-constants';
import type { WorkshopDto } from '@app/shared/workshops';
import { useT, type MessageKey } from '../../lib/i18n.tsx';
import { SiteLayout } from '../../components/layout/site-layout.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useDebounced, useDocumentTitle } from '../../lib/hooks.ts';
import { useSession } from '../../lib/session.ts';
import { useWorkshop, useWorkshops } from './api.ts';
import { WorkshopCard } from './workshop-card.tsx';
import { LazyWorkshopDetailDialog } from './lazy-workshop-detail-dialog.tsx';
import { HydrationUnit } from '../../components/ui/hydration-unit.tsx';

const CATEGORY_LABELS: Record<(typeof WORKSHOP_CATEGORIES)[number], MessageKey> = {
  Technology: 'workshop.category.technology',
  Design: 'workshop.category.design',
  Business: 'workshop.category.business',
  'Data Science': 'workshop.category.dataScience',
  Engineering: 'workshop.category.engineering',
  Healthcare: 'workshop.category.healthcare',
  Education: 'workshop.category.education',
};

/** /workshops: published and completed workshops for everyone; students register from their dashboard. */
export function PublicWorkshopsPage() {
  const t = useT();
  useDocumentTitle(t('public.workshops.title'));
  const session = useSession();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search, 500);
  const list = useWorkshops({ page, limit: 9, search: debounced, category }, Boolean(session));
  // A workshop's own address, /workshops/:id (issue 27: shared links, search engines, the sitemap), opens
  // the list with that workshop's details; choosing another workshop moves the address, closing goes back.
  const { id: linkedId } = useParams();
  const linked = useWorkshop(linkedId ?? null);
  const [picked, setPicked] = useState<WorkshopDto | null>(null);
  // The address decides: a workshop chosen from the list shows at once while its own read arrives.
  const detail = linkedId ? (linked.data ?? (picked?.id === linkedId ? picked : null)) : null;
  const setDetail = (w: WorkshopDto | null) => {
    if (w) void navigate(`/workshops/${w.id}`);
    else if (linkedId) void navigate('/workshops');
    setPicked(w);
  };
  const isStudent = session?.role === 'student';
  const goRegister = (w: WorkshopDto) => void navigate(isStudent ? `/student/dashboard?tab=workshops&workshop=${w.id}` : '/signin');

  return (
    <SiteLayout>
      <main id="main" className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold text-slate-900">{t('public.workshops.title')}</h1>
        <p className="mt-2 max-w-2xl text-slate-700">{t('public.workshops.intro')}</p>
        <div className="mt-6 mb-4 grid gap-3 sm:grid-cols-[1fr_14rem]">
          <TextField label={t('public.workshops.search')} type="search" value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} />
          <SelectField label={t('public.workshops.category')} value={category} onChange={(e) => { setCategory(e.target.value); setPage(1); }}>
            <option value="all">{t('public.workshops.allCategories')}</option>
            {WORKSHOP_CATEGORIES.map((c) => <option key={c} value={c}>{t(CATEGORY_LABELS[c])}</option>)}
          </SelectField>
        </div>
        {list.isPending ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{[0, 1, 2].map((i) => <Skeleton key={i} className="h-72" />)}</div>
        ) : list.isError ? (
          <ErrorState message={errorMessage(list.error, t('public.workshops.loadFailed'))} onRetry={() => void list.refetch()} />
        ) : list.data.workshops.length === 0 ? (
          <EmptyState
            title={debounced || category !== 'all' ? t('public.workshops.noMatch') : t('public.workshops.none')}
            action={debounced || category !== 'all' ? <Button variant="secondary" onClick={() => { setSearch(''); setCategory('all'); }}>{t('public.resetFilters')}</Button> : null}
          />
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {list.data.workshops.map((w) => (
                <HydrationUnit key={w.id}>
                  <WorkshopCard workshop={w} onDetails={setDetail} onRegister={goRegister} showRegister={!session || isStudent} headingLevel={2} linked />
                </HydrationUnit>
              ))}
            </div>
            <Pagination page={page} pages={list.data.pagination.pages} onChange={setPage} label={t('public.workshops.pages')} />
          </>
        )}
        {!session && (
          <p className="mt-8 text-center text-sm text-slate-700">
            <Link to="/signup" className={buttonClass('primary', 'md')}>{t('public.createStudentAccount')}</Link>
          </p>
        )}
        <LazyWorkshopDetailDialog workshop={detail} onClose={() => setDetail(null)} onRegister={goRegister} canRegister={!session || isStudent} closeHref="/workshops" />
      </main>
    </SiteLayout>
  );
}
