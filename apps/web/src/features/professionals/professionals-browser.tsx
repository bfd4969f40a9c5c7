import { useMemo, useState } from 'react';
import type { StudentRequest } from '@app/shared/mentoring';
import { useMyRequests } from '../mentoring/api.ts';
import { EXPERTISE_OPTIONS } from '@app/shared/professionals';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useDebounced } from '../../lib/hooks.ts';
import { useProfessionals } from './api.ts';
import { ProfessionalCard } from './professional-card.tsx';
import { ProfessionalDetailDialog } from './professional-detail-dialog.tsx';
import { useT } from '../../lib/i18n.tsx';
import { HydrationUnit } from '../../components/ui/hydration-unit.tsx';

const PAGE_SIZE = 9;

/** Search, expertise filter, grid, pagination and the four empty states (spec 000 §8). */
export function ProfessionalsBrowser({ mode }: { mode: 'student' | 'public' | 'other' }) {
  const t = useT();
  const [search, setSearch] = useState('');
  const [expertise, setExpertise] = useState('all');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const debounced = useDebounced(search, 500);
  const list = useProfessionals({ page, limit: PAGE_SIZE, search: debounced, expertise }, mode !== 'public');
  // The student's own open request to each professional, shown on the card (issue 29).
  const mine = useMyRequests(mode === 'student');
  const openRequests = useMemo(() => {
    const map = new Map<string, StudentRequest>();
    for (const r of mine.data ?? []) {
      if ((r.status === 'pending' || r.status === 'accepted') && !map.has(r.professional._id)) map.set(r.professional._id, r);
    }
    return map;
  }, [mine.data]);
  const hasSearch = debounced.trim() !== '';
  const hasCategory = expertise !== 'all';

  const empty = () => {
    if (hasSearch && hasCategory) {
      return (
        <EmptyState title={t('professionals.list.noneForSearch')} action={<Button variant="secondary" onClick={() => { setSearch(''); setExpertise('all'); setPage(1); }}>{t('public.resetFilters')}</Button>}>
          {t('professionals.list.nothingIn', { search: debounced, expertise })}
        </EmptyState>
      );
    }
    if (hasSearch) {
      return (
        <EmptyState title={t('professionals.list.noneForSearch')} action={<Button variant="secondary" onClick={() => { setSearch(''); setPage(1); }}>{t('professionals.list.clearSearch')}</Button>}>
          {t('professionals.list.nothing', { search: debounced })}
        </EmptyState>
      );
    }
    if (hasCategory) {
      return (
        <EmptyState title={t('professionals.list.noneInCategory')} action={<Button variant="secondary" onClick={() => { setExpertise('all'); setPage(1); }}>{t('professionals.list.showAll')}</Button>}>
          {t('professionals.list.noneYetIn', { expertise })}
        </EmptyState>
      );
    }
    return <EmptyState title={t('professionals.list.noneAvailable')}>{t('professionals.list.willAppear')}</EmptyState>;
  };

  return (
    <div>
      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_16rem]">
        <TextField label={t('professionals.list.search')} type="search" placeholder={t('professionals.list.searchHint')} value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} />
        <SelectField label={t('professionals.list.expertise')} value={expertise} onChange={(e) => { setExpertise(e.target.value); setPage(1); }}>
          <option value="all">{t('professionals.list.allExpertise')}</option>
          {EXPERTISE_OPTIONS.map((x) => <option key={x} value={x}>{x}</option>)}
        </SelectField>
      </div>
      {list.isPending ? (
        <Spinner label={t('professionals.list.loading')} />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error, t('professionals.list.loadFailed'))} onRetry={() => void list.refetch()} />
      ) : list.data.professionals.length === 0 ? (
        empty()
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.data.professionals.map((p) => (
              <HydrationUnit key={p.id}>
                <ProfessionalCard professional={p} onView={setSelected} request={openRequests.get(p.id)} />
              </HydrationUnit>
            ))}
          </div>
          <Pagination page={page} pages={list.data.pagination.pages} onChange={setPage} label={t('professionals.list.pages')} />
        </>
      )}
      <ProfessionalDetailDialog id={selected} onClose={() => setSelected(null)} mode={mode} />
    </div>
  );
}
