import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Award, BookOpen, CalendarPlus, Search, X } from 'lucide-react';
import { JOIN_EARLY_MINUTES, WORKSHOP_CATEGORIES } from '@app/shared/workshop-constants';
import type { WorkshopDto, WorkshopRegistrationDto } from '@app/shared/workshops';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { LazyConfirmDialog } from '../../components/ui/lazy-confirm-dialog.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useDebounced } from '../../lib/hooks.ts';
import {
  openCertificate,
  downloadWorkshopIcs,
  useCancelRegistration,
  useCheckIn,
  useRegisterWorkshop,
  useRegisteredWorkshops,
  useWorkshop,
  useWorkshops,
} from './api.ts';
import { JoinLink, PhaseBadge, StatusBadge, WorkshopWhen } from './workshop-bits.tsx';
import { LazyWorkshopDetailDialog } from './lazy-workshop-detail-dialog.tsx';
import { WorkshopCard } from './workshop-card.tsx';
import { useT } from '../../lib/i18n.tsx';

const PAGE_SIZE = 9;

export function StudentWorkshopsTab({ focusId, onFocusDone }: { focusId?: string | null; onFocusDone?: () => void } = {}) {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search, 500);
  const list = useWorkshops({ page, limit: PAGE_SIZE, search: debounced, category });
  const registered = useRegisteredWorkshops();
  const register = useRegisterWorkshop();
  const cancel = useCancelRegistration();
  const [detail, setDetail] = useState<WorkshopDto | null>(null);
  const [toCancel, setToCancel] = useState<WorkshopDto | null>(null);
  // A notification's action URL (?workshop=id) opens that workshop's details.
  const focused = useWorkshop(detail ? null : (focusId ?? null));
  const shown = detail ?? (focusId ? (focused.data ?? null) : null);

  const registeredHeading = useRef<HTMLHeadingElement>(null);
  const onRegister = (w: WorkshopDto) => {
    register.mutate(w.id, {
      onSuccess: (res) => {
        toast.success(t('workshops.tab.registeredToast'));
        setDetail((d) => (d && d.id === w.id ? res.data.workshop : d));
        // The Register button is gone: focus moves to the result (WCAG 2.4.3) — the open dialog's
        // title, or the list of registered workshops the new one joined.
        requestAnimationFrame(() => {
          const dialogTitle = document.querySelector<HTMLElement>('dialog[open] h2');
          (dialogTitle ?? registeredHeading.current)?.focus();
        });
      },
      onError: (error) => toast.error(errorMessage(error, t('workshops.tab.registerFailed')) || t('workshops.tab.registerFailed')),
    });
  };
  const onFile = (action: () => Promise<void>, fallback: string) => {
    action().catch((error: unknown) => toast.error(errorMessage(error, fallback)));
  };

  return (
    <div className="space-y-8">
      <section aria-labelledby="registered-heading">
        <h2 id="registered-heading" ref={registeredHeading} tabIndex={-1} className="mb-3 text-lg font-semibold text-slate-900 focus:outline-none">{t('workshops.tab.registeredHeading')}</h2>
        {registered.isPending ? (
          <Skeleton className="h-20" />
        ) : registered.isError ? (
          <ErrorState message={errorMessage(registered.error, t('workshops.tab.loadMineFailed'))} onRetry={() => void registered.refetch()} />
        ) : registered.data.length === 0 ? (
          <EmptyState icon={<BookOpen aria-hidden="true" className="h-6 w-6" />} title={t('workshops.tab.noRegistrations')}>{t('workshops.tab.registerBelow')}</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {registered.data.map((r) => (
              <RegisteredRow
                key={r._id}
                reg={r}
                onDetails={() => setDetail(r.workshop)}
                onCalendar={() => onFile(() => downloadWorkshopIcs(r.workshop.id), t('workshops.tab.icsFailed'))}
                onCertificate={() =>
                  void openCertificate(r.workshop.id)
                    .then((verificationId) => navigate(`/certificates/${verificationId}`))
                    .catch((error: unknown) => toast.error(errorMessage(error, t('workshops.tab.certificateFailed'))))
                }
                onCancel={() => setToCancel(r.workshop)}
              />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="browse-heading">
        <h2 id="browse-heading" className="mb-3 text-lg font-semibold text-slate-900">{t('workshops.tab.browse')}</h2>
        <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_14rem]">
          <div className="relative">
            <TextField
              label={t('workshops.tab.search')}
              type="search"
              value={search}
              placeholder={t('workshops.tab.searchHint')}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
            />
            <Search aria-hidden="true" className="pointer-events-none absolute top-9 inset-e-3 h-4 w-4 text-slate-400" />
          </div>
          <SelectField
            label={t('workshops.tab.category')}
            value={category}
            onChange={(e) => {
              setCategory(e.target.value);
              setPage(1);
            }}
          >
            <option value="all">{t('workshops.tab.allCategories')}</option>
            {WORKSHOP_CATEGORIES.map((c) => <option key={c} value={c}>{t('workshops.card.category', { category: c.replace(/\s+/g, '') })}</option>)}
          </SelectField>
        </div>
        {list.isPending ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{[0, 1, 2].map((i) => <Skeleton key={i} className="h-72" />)}</div>
        ) : list.isError ? (
          <ErrorState message={errorMessage(list.error, t('workshops.tab.loadFailed'))} onRetry={() => void list.refetch()} />
        ) : list.data.workshops.length === 0 ? (
          <EmptyState
            title={debounced || category !== 'all' ? t('workshops.tab.noneMatch') : t('workshops.tab.noneAvailable')}
            action={
              debounced || category !== 'all' ? (
                <Button variant="secondary" onClick={() => { setSearch(''); setCategory('all'); setPage(1); }}>
                  <X aria-hidden="true" className="h-4 w-4" /> {t('public.resetFilters')}
                </Button>
              ) : null
            }
          />
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {list.data.workshops.map((w) => (
                <WorkshopCard key={w.id} workshop={w} onDetails={setDetail} onRegister={onRegister} registering={register.isPending && register.variables === w.id} />
              ))}
            </div>
            <Pagination page={page} pages={list.data.pagination.pages} onChange={setPage} label={t('workshops.tab.pages')} />
          </>
        )}
      </section>

      <LazyWorkshopDetailDialog
        workshop={shown}
        onClose={() => {
          setDetail(null);
          onFocusDone?.();
        }}
        onRegister={onRegister}
        registering={register.isPending}
        onCalendar={(w) => onFile(() => downloadWorkshopIcs(w.id), t('workshops.tab.icsFailed'))}
      />
      <LazyConfirmDialog
        open={Boolean(toCancel)}
        title={t('workshops.tab.cancelTitle')}
        message={t('workshops.tab.cancelBody', { title: toCancel?.title ?? '' })}
        confirmLabel={t('workshops.tab.cancelConfirm')}
        busy={cancel.isPending}
        onCancel={() => setToCancel(null)}
        onConfirm={() => {
          if (!toCancel) return;
          cancel.mutate(toCancel.id, {
            onSuccess: () => {
              toast.success(t('workshops.tab.cancelled'));
              setToCancel(null);
            },
            onError: (error) => {
              toast.error(errorMessage(error, t('workshops.tab.cancelFailed')));
              setToCancel(null);
            },
          });
        }}
      />
    </div>
  );
}

/** The check-in form of a live workshop the student is registered for (decision 404). */
function CheckInForm({ reg }: { reg: WorkshopRegistrationDto }) {
  const t = useT();
  const toast = useToast();
  const checkIn = useCheckIn();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = `check-in-${reg._id}`;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        checkIn.mutate(
          { id: reg.workshop.id, code },
          {
            onSuccess: (r) => toast.success(r.message ?? t('workshops.tab.checkedIn')),
            onError: (err) => setError(errorMessage(err, t('workshops.tab.checkInWrong'))),
          },
        );
      }}
    >
      <div>
        <label htmlFor={id} className="block text-xs font-medium text-slate-700">{t('workshops.tab.checkInCode')}</label>
        <input
          id={id}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          maxLength={16}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-32 rounded-lg border border-slate-500 px-2 py-1.5 font-mono uppercase"
        />
      </div>
      <Button size="sm" type="submit" disabled={checkIn.isPending || code.trim() === ''}>{t('workshops.tab.checkIn')}</Button>
      {error && <p id={`${id}-error`} role="alert" className="w-full text-xs text-red-700">{error}</p>}
    </form>
  );
}

function RegisteredRow({ reg, onDetails, onCalendar, onCertificate, onCancel }: {
  reg: WorkshopRegistrationDto;
  onDetails: () => void;
  onCalendar: () => void;
  onCertificate: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const w = reg.workshop;
  const upcoming = w.status === 'published' && w.isUpcoming;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-slate-900" dir="auto">{w.title}</p>
        <p className="text-xs text-slate-600"><WorkshopWhen workshop={w} /></p>
        {reg.status === 'registered' && w.deliveryMode !== 'offline' && w.phase === 'upcoming' && !w.joinOpen && (
          <p className="text-xs text-slate-600">{t('workshops.tab.joinOpens', { minutes: JOIN_EARLY_MINUTES })}</p>
        )}
        <div className="mt-1 flex flex-wrap gap-1">
          <PhaseBadge workshop={w} />
          <StatusBadge status={reg.status} />
        </div>
        {w.phase === 'live' && reg.status === 'registered' && <div className="mt-2"><CheckInForm reg={reg} /></div>}
      </div>
      <div className="flex flex-wrap gap-2">
        <JoinLink workshop={w} />
        {w.status === 'completed' && reg.certificateId && (
          <Link to={`/certificates/${reg.certificateId}`} className={buttonClass('secondary', 'sm')}>
            <Award aria-hidden="true" className="h-4 w-4" /> {t('workshops.tab.viewCertificate')}
          </Link>
        )}
        {w.status === 'completed' && !reg.certificateId && reg.certificateAvailable && (
          <Button size="sm" variant="secondary" onClick={onCertificate}>
            <Award aria-hidden="true" className="h-4 w-4" /> {t('workshops.tab.viewCertificate')}
          </Button>
        )}
        {w.status === 'completed' && !reg.certificateAvailable && <p className="text-xs text-slate-700">{t('workshops.tab.certificateUnavailable')}</p>}
        {upcoming && (
          <Button size="sm" variant="secondary" onClick={onCalendar} aria-label={t('workshops.tab.addToCalendarLabel', { title: w.title })}>
            <CalendarPlus aria-hidden="true" className="h-4 w-4" /> {t('workshops.tab.addToCalendar')}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onDetails}>{t('workshops.card.details')}</Button>
        {upcoming && reg.status === 'registered' && <Button size="sm" variant="ghost" className="text-red-700" onClick={onCancel}>{t('workshops.tab.cancel')}</Button>}
      </div>
    </li>
  );
}
