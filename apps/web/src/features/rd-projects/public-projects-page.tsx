import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FlaskConical, Users } from 'lucide-react';
import { RD_FIELDS } from '@app/shared/rd-project-constants';
import { SiteLayout } from '../../components/layout/site-layout.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useDebounced, useDocumentTitle } from '../../lib/hooks.ts';
import { useSession } from '../../lib/session.ts';
import * as rd from './api.ts';
import { useT } from '../../lib/i18n.tsx';
import { DeadlineNote, ProjectCardHead, Tags, useRdText } from './rd-ui.tsx';
import { HydrationUnit } from '../../components/ui/hydration-unit.tsx';

const PAGE_SIZE = 12;

/** /projects: active public R&D projects for visitors; applying happens in the student dashboard. */
export function PublicProjectsPage() {
  const t = useT();
  const text = useRdText();
  useDocumentTitle(t('public.projects.title'));
  const session = useSession();
  const [search, setSearch] = useState('');
  const [field, setField] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search, 500);
  useEffect(() => setPage(1), [debounced, field]);
  const query = { page, limit: PAGE_SIZE, search: debounced.trim() || undefined, field: field || undefined };
  const list = useQuery({ queryKey: rd.rdKeys.public(query), queryFn: () => rd.publicProjects(query) });
  const applyHref = session?.role === 'student' ? '/student/dashboard?tab=rd-projects' : session ? null : '/signin';

  return (
    <SiteLayout>
      <main id="main" className="mx-auto max-w-6xl px-4 py-10">
        <h1 className="text-3xl font-bold text-slate-900">{t('public.projects.title')}</h1>
        <p className="mt-2 max-w-2xl text-slate-700">{t('public.projects.intro')}</p>
        <div className="mt-6 grid gap-3 sm:grid-cols-2">
          <TextField label={t('public.projects.search')} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('public.projects.searchHint')} />
          <SelectField label={t('public.projects.field')} value={field} onChange={(e) => setField(e.target.value)}>
            <option value="">{t('public.projects.allFields')}</option>
            {RD_FIELDS.map((f) => <option key={f} value={f}>{text.field(f)}</option>)}
          </SelectField>
        </div>
        <div className="mt-6">
          {list.isPending ? (
            <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" role="status" aria-label={t('public.projects.loading')}>{[0, 1, 2].map((i) => <Skeleton key={i} className="h-52" />)}</div>
          ) : list.isError ? (
            <ErrorState message={t('public.projects.loadFailed', { reason: errorMessage(list.error, t('common.somethingWrong')) })} onRetry={() => void list.refetch()} />
          ) : list.data.projects.length === 0 ? (
            <EmptyState icon={<FlaskConical aria-hidden="true" className="h-6 w-6" />} title={t('public.projects.none')}>{t('public.projects.noneText')}</EmptyState>
          ) : (
            <>
              <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
                {list.data.projects.map((p) => (
                  <HydrationUnit key={p._id}>
                    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                      <ProjectCardHead title={p.title} field={p.field} priority={p.priority} level={2} />
                      <p dir="auto" className="text-sm text-slate-700">{p.summary}</p>
                      <Tags tags={p.tags.slice(0, 4)} />
                      <p dir="auto" className="text-sm text-slate-700">{p.supervisor.name}{p.supervisor.department && ` · ${p.supervisor.department}`}</p>
                      <p className="text-sm text-slate-600">
                        {text.list(p.roles.map((r) => t('rd.roleWithMode', { role: text.role(r.title), mode: text.workMode(r.workMode) })))}
                      </p>
                      <p className="inline-flex items-center gap-1 text-sm text-slate-700"><Users aria-hidden="true" className="h-4 w-4" />{t('public.projects.positions', { count: p.totalAvailablePositions })}{p.timeline.duration && ` · ${text.duration(p.timeline.duration)}`}</p>
                      <DeadlineNote deadline={p.applicationDeadline} />
                      {applyHref && (
                        <Link to={applyHref} className={buttonClass('primary', 'sm', 'mt-auto self-start')}>
                          {session ? t('public.projects.applyFromDashboard') : t('public.projects.signInToApply')}
                        </Link>
                      )}
                    </li>
                  </HydrationUnit>
                ))}
              </ul>
              <Pagination page={page} pages={list.data.pagination.pages} onChange={setPage} label={t('public.projects.pages')} />
            </>
          )}
        </div>
      </main>
    </SiteLayout>
  );
}
