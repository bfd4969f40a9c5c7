import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  BarChart3,
  BookOpen,
  Briefcase,
  FlaskConical,
  GraduationCap,
  LayoutDashboard,
  Lightbulb,
  Menu,
  Settings,
  Shuffle,
  ShieldCheck,
  Building2,
  Lock,
  X,
} from 'lucide-react';
import { AppShell } from '../../app/app-shell.tsx';
import { focusWhenReady } from '../../components/layout/focus-heading.ts';
import { ListSkeleton } from '../../components/ui/page-skeleton.tsx';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { useT, type MessageKey } from '../../lib/i18n.tsx';
import { DashboardTab } from './dashboard-tab.tsx';

// The first section ships with the page; the others load when first opened
// (docs/decisions/310-first-load.md).
const StudentsTab = lazy(() => import('./students-tab.tsx').then((m) => ({ default: m.StudentsTab })));
const ProfessionalsTab = lazy(() => import('./professionals-tab.tsx').then((m) => ({ default: m.ProfessionalsTab })));
const WorkshopsTab = lazy(() => import('./workshops-tab.tsx').then((m) => ({ default: m.WorkshopsTab })));
const IdeasTab = lazy(() => import('./ideas-tab.tsx').then((m) => ({ default: m.IdeasTab })));
const AdminRdProjectsTab = lazy(() =>
  import('../rd-projects/admin-rd-projects-tab.tsx').then((m) => ({ default: m.AdminRdProjectsTab })),
);
const AnalyticsTab = lazy(() => import('./analytics-tab.tsx').then((m) => ({ default: m.AnalyticsTab })));
const AdminProgrammesTab = lazy(() =>
  import('../programmes/admin-programmes-tab.tsx').then((m) => ({ default: m.AdminProgrammesTab })),
);
const VerificationTab = lazy(() => import('../organisations/admin-tabs.tsx').then((m) => ({ default: m.VerificationTab })));
const OrganisationsTab = lazy(() => import('../organisations/admin-tabs.tsx').then((m) => ({ default: m.OrganisationsTab })));
const AdminPrivacyTab = lazy(() => import('../privacy/admin-privacy-tab.tsx').then((m) => ({ default: m.AdminPrivacyTab })));
const SettingsTab = lazy(() => import('./settings-tab.tsx').then((m) => ({ default: m.SettingsTab })));

type TabId =
  | 'dashboard'
  | 'students'
  | 'professionals'
  | 'verification'
  | 'organisations'
  | 'workshops'
  | 'ideas'
  | 'rd'
  | 'programmes'
  | 'analytics'
  | 'privacy'
  | 'settings';

const TABS: { id: TabId; label: MessageKey; icon: ReactNode }[] = [
  { id: 'dashboard', label: 'admin.nav.dashboard', icon: <LayoutDashboard className="h-4 w-4" /> },
  { id: 'students', label: 'admin.nav.students', icon: <GraduationCap className="h-4 w-4" /> },
  { id: 'professionals', label: 'admin.nav.professionals', icon: <Briefcase className="h-4 w-4" /> },
  { id: 'verification', label: 'admin.nav.verification', icon: <ShieldCheck className="h-4 w-4" /> },
  { id: 'organisations', label: 'admin.nav.organisations', icon: <Building2 className="h-4 w-4" /> },
  { id: 'workshops', label: 'admin.nav.workshops', icon: <BookOpen className="h-4 w-4" /> },
  { id: 'ideas', label: 'admin.nav.ideas', icon: <Lightbulb className="h-4 w-4" /> },
  { id: 'rd', label: 'admin.nav.rd', icon: <FlaskConical className="h-4 w-4" /> },
  { id: 'programmes', label: 'admin.nav.programmes', icon: <Shuffle className="h-4 w-4" /> },
  { id: 'analytics', label: 'admin.nav.analytics', icon: <BarChart3 className="h-4 w-4" /> },
  { id: 'privacy', label: 'admin.nav.privacy', icon: <Lock className="h-4 w-4" /> },
  { id: 'settings', label: 'admin.nav.settings', icon: <Settings className="h-4 w-4" /> },
];

const sectionHref = (id: TabId) => (id === 'dashboard' ? '/admin/dashboard' : `/admin/dashboard?section=${id}`);

/**
 * The administrator console (spec 001): it stays at /admin/dashboard and the section lives in the query
 * string (`?section=`; the older `?tab=` of notification links still opens one), so a section can be
 * bookmarked and shared and Back moves between sections. Each list loads when its section opens; the
 * sidebar becomes a menu on phones. Choosing a section moves focus to its heading (WCAG 2.4.3).
 */
export function AdminDashboardPage() {
  const t = useT();
  useDocumentTitle(t('admin.page.title'));
  const [params, setParams] = useSearchParams();
  const wanted = params.get('section') ?? params.get('tab');
  const tab: TabId = TABS.find((s) => s.id === wanted)?.id ?? 'dashboard';
  const [menuOpen, setMenuOpen] = useState(false);
  const [createIn, setCreateIn] = useState<TabId | null>(null);
  const mainRef = useRef<HTMLElement>(null);
  const current = TABS.find((s) => s.id === tab) ?? { id: 'dashboard', label: 'admin.nav.dashboard', icon: null };

  // Focus follows the section (a link, Back or Forward): to its heading once it has rendered (WCAG 2.4.3).
  const shownTab = useRef(tab);
  useEffect(() => {
    if (shownTab.current === tab) return;
    shownTab.current = tab;
    return focusWhenReady(() => mainRef.current?.querySelector<HTMLElement>(`[data-section="${tab}"] h2`) ?? null);
  }, [tab]);

  const select = (id: TabId) => {
    setMenuOpen(false);
    if (id !== tab) setParams(id === 'dashboard' ? {} : { section: id });
  };
  const go = (id: 'professionals' | 'workshops' | 'analytics', create = false) => {
    setCreateIn(create ? id : null);
    select(id);
  };

  const nav = (
    <ul className="space-y-1">
      {TABS.map((s) => (
        <li key={s.id}>
          {/* Real links (section in the query string): open in a new tab, copy, bookmark; Back moves between them. */}
          <Link
            to={sectionHref(s.id)}
            onClick={() => setMenuOpen(false)}
            aria-current={s.id === tab ? 'page' : undefined}
            className={`flex w-full items-center gap-3 rounded-lg px-3 py-2 text-start text-sm font-medium ${s.id === tab ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
          >
            <span aria-hidden="true">{s.icon}</span>
            {t(s.label)}
          </Link>
        </li>
      ))}
    </ul>
  );

  return (
    <AppShell>
      <div className="mx-auto flex max-w-7xl gap-6 px-4 py-6 sm:px-6">
        <nav aria-label={t('admin.nav.label')} className="hidden w-56 shrink-0 lg:block">
          <div className="sticky top-20">{nav}</div>
        </nav>
        <main id="main" ref={mainRef} className="min-w-0 flex-1">
          <h1 className="sr-only">{t('admin.page.title')}</h1>
          <div className="mb-4 lg:hidden">
            <button
              type="button"
              aria-expanded={menuOpen}
              aria-controls="admin-mobile-nav"
              onClick={() => setMenuOpen((o) => !o)}
              className="flex w-full items-center justify-between rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium"
            >
              <span className="flex items-center gap-2">
                <span aria-hidden="true">{current.icon}</span>
                {t(current.label)}
              </span>
              {menuOpen ? <X aria-hidden="true" className="h-4 w-4" /> : <Menu aria-hidden="true" className="h-4 w-4" />}
              <span className="sr-only">{menuOpen ? t('admin.nav.closeMenu') : t('admin.nav.openMenu')}</span>
            </button>
            {menuOpen && (
              <nav
                id="admin-mobile-nav"
                aria-label={t('admin.nav.label')}
                className="mt-2 rounded-lg border border-slate-200 bg-white p-2 shadow"
              >
                {nav}
              </nav>
            )}
          </div>
          <div data-section={tab}>
          <Suspense fallback={<ListSkeleton />}>
            {tab === 'dashboard' && <DashboardTab go={go} />}
            {tab === 'students' && <StudentsTab />}
            {tab === 'professionals' && (
              <ProfessionalsTab openCreate={createIn === 'professionals'} onCreateHandled={() => setCreateIn(null)} />
            )}
            {tab === 'workshops' && (
              <WorkshopsTab openCreate={createIn === 'workshops'} onCreateHandled={() => setCreateIn(null)} />
            )}
            {tab === 'verification' && <VerificationTab />}
            {tab === 'organisations' && <OrganisationsTab />}
            {tab === 'ideas' && <IdeasTab />}
            {tab === 'rd' && <AdminRdProjectsTab />}
            {tab === 'programmes' && <AdminProgrammesTab />}
            {tab === 'analytics' && <AnalyticsTab />}
            {tab === 'privacy' && <AdminPrivacyTab />}
            {tab === 'settings' && <SettingsTab />}
          </Suspense>
          </div>
        </main>
      </div>
    </AppShell>
  );
}
