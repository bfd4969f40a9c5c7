import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Bell, BookOpen, Database, FlaskConical, HelpCircle, Lightbulb, Menu, Settings, User, Users, X } from 'lucide-react';
import { Breadcrumb } from '../../components/layout/dashboard-header.tsx';
import { AppShell } from '../../app/app-shell.tsx';
import { ListSkeleton } from '../../components/ui/page-skeleton.tsx';
import { TabPanel, Tabs } from '../../components/ui/tabs.tsx';
import { useDocumentTitle, useHasBeenTrue } from '../../lib/hooks.ts';
import { displayName, useSession } from '../../lib/session.ts';
import { welcomeWord } from '../../lib/welcome.ts';
import type { ProfileTab } from '../profile/profile-dialog.tsx';
import { StudentWorkshopsTab } from '../workshops/student-workshops-tab.tsx';
import { useStudentSummary } from './api.ts';
import { useAdoptBrowserZone } from '../profile/my-time-zone.ts';
import { RecommendedPanel } from '../matching/recommended-panel.tsx';
import { WELCOME_KEY } from '../matching/welcome-key.ts';
import type { RecommendationKind } from '@app/shared/matching';
import { useT } from '../../lib/i18n.tsx';

// The first tab ships with the page; the others, and the profile dialog, load when first opened
// (docs/decisions/310-first-load.md).
const IdeasTab = lazy(() => import('../ideas/ideas-tab.tsx').then((m) => ({ default: m.IdeasTab })));
const MyIdeasTab = lazy(() => import('../ideas/my-ideas-tab.tsx').then((m) => ({ default: m.MyIdeasTab })));
const ProfessionalsTab = lazy(() => import('./professionals-tab.tsx').then((m) => ({ default: m.ProfessionalsTab })));
const StudentRdProjectsTab = lazy(() =>
  import('../rd-projects/student-rd-projects-tab.tsx').then((m) => ({ default: m.StudentRdProjectsTab })),
);
// Only a student who has just registered sees the welcome panel: its code is not in everyone's first download.
const WelcomeRecommendations = lazy(() => import('../matching/welcome-recommendations.tsx').then((m) => ({ default: m.WelcomeRecommendations })));
const ProfileDialog = lazy(() => import('../profile/profile-dialog.tsx').then((m) => ({ default: m.ProfileDialog })));

const TABS = ['workshops', 'professionals', 'ideas', 'my-ideas', 'rd-projects'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => (TABS as readonly string[]).includes(v ?? '');

function Count({ n }: { n: number | undefined }) {
  if (n === undefined) return null;
  return <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">{n}</span>;
}

/** The student dashboard: header with bell and user menu, five tabs kept in the URL (?tab=). */
export function StudentDashboardPage() {
  const t = useT();
  useDocumentTitle(t('student.dashboard.documentTitle'));
  useAdoptBrowserZone();
  const session = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // Right after sign-up (a flag the sign-up page leaves): the welcome screen of recommendations.
  const [welcome, setWelcome] = useState(() => window.sessionStorage.getItem(WELCOME_KEY) === '1');
  useEffect(() => window.sessionStorage.removeItem(WELCOME_KEY), []);
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'workshops';
  const summary = useStudentSummary();
  // ?profile=data opens "Your data" (the link of the export-ready notification and e-mail).
  const [profileTab, setProfileTab] = useState<ProfileTab | null>(() => (params.get('profile') === 'data' ? 'data' : null));
  // Once opened, the dialog stays mounted so closing it returns focus as a native dialog does.
  const profileOpened = useHasBeenTrue(profileTab !== null);
  const [mobileOpen, setMobileOpen] = useState(false);

  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setMobileOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  const setTab = (next: Tab) => {
    const p = new URLSearchParams(params);
    p.set('tab', next);
    p.delete('workshop');
    p.delete('idea');
    setParams(p);
  };
  const clearParam = (name: string) => {
    const p = new URLSearchParams(params);
    p.delete(name);
    setParams(p, { replace: true });
  };

  const openRecommended = (kind: RecommendationKind, id: string) => {
    const p = new URLSearchParams();
    if (kind === 'workshop') p.set('workshop', id);
    else if (kind === 'professional') {
      p.set('tab', 'professionals');
      p.set('professional', id);
    } else {
      p.set('tab', 'rd-projects');
      p.set('project', id);
    }
    setParams(p);
  };
  const openWorkshop = (id: string) => {
    const p = new URLSearchParams(params);
    p.set('workshop', id);
    setParams(p);
  };

  const counts = summary.data;
  const menuItems = [
    { label: t('student.menu.profile'), icon: <User aria-hidden="true" className="h-4 w-4" />, onSelect: () => setProfileTab('profile') },
    { label: t('student.menu.account'), icon: <Settings aria-hidden="true" className="h-4 w-4" />, onSelect: () => setProfileTab('security') },
    { label: t('student.menu.notifications'), icon: <Bell aria-hidden="true" className="h-4 w-4" />, onSelect: () => setProfileTab('notifications') },
    { label: t('student.menu.data'), icon: <Database aria-hidden="true" className="h-4 w-4" />, onSelect: () => setProfileTab('data') },
    { label: t('student.menu.programmes'), icon: <Users aria-hidden="true" className="h-4 w-4" />, onSelect: () => void navigate('/programmes') },
    { label: t('student.menu.relationships'), icon: <Users aria-hidden="true" className="h-4 w-4" />, onSelect: () => void navigate('/relationships') },
    { label: t('student.menu.surveys'), icon: <Users aria-hidden="true" className="h-4 w-4" />, onSelect: () => void navigate('/surveys') },
    { label: t('student.menu.help'), icon: <HelpCircle aria-hidden="true" className="h-4 w-4" />, onSelect: () => void navigate('/help') },
  ];
  const tabItems = [
    { id: 'workshops' as const, label: t('student.tabs.workshops'), badge: <Count n={counts?.registeredWorkshops} /> },
    { id: 'professionals' as const, label: t('student.tabs.professionals') },
    { id: 'ideas' as const, label: t('student.tabs.ideas') },
    { id: 'my-ideas' as const, label: t('student.tabs.myIdeas'), badge: <Count n={counts?.ideas} /> },
    { id: 'rd-projects' as const, label: t('student.tabs.projects'), badge: <Count n={counts?.applications} /> },
  ];

  return (
    <AppShell
        menuItems={menuItems}
        actions={
          <>
            <button type="button" className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden" aria-label={t('student.menu.open')} aria-expanded={mobileOpen} onClick={() => setMobileOpen(true)}>
              <Menu aria-hidden="true" className="h-5 w-5" />
            </button>
          </>
        }
    >
      {mobileOpen && (
        <div className="fixed inset-0 z-50 bg-slate-900/40 md:hidden" onClick={() => setMobileOpen(false)}>
          <nav aria-label={t('student.menu.mobile')} className="absolute top-0 inset-e-0 h-full w-72 max-w-[85vw] overflow-y-auto bg-white p-4 shadow-xl" onClick={(e) => e.stopPropagation()}>
            <div className="mb-4 flex items-center justify-between">
              <p className="font-semibold">{displayName(session?.user)}</p>
              <button type="button" className="rounded-lg p-2 hover:bg-slate-100" aria-label={t('student.menu.close')} onClick={() => setMobileOpen(false)}>
                <X aria-hidden="true" className="h-5 w-5" />
              </button>
            </div>
            <ul className="space-y-1 text-sm">
              {[
                { tab: 'workshops' as const, label: t('student.tabs.workshops'), icon: BookOpen, n: counts?.registeredWorkshops },
                { tab: 'professionals' as const, label: t('student.tabs.professionals'), icon: Users, n: undefined },
                { tab: 'my-ideas' as const, label: t('student.tabs.ideas'), icon: Lightbulb, n: counts?.ideas },
                { tab: 'rd-projects' as const, label: t('student.tabs.projectsShort'), icon: FlaskConical, n: counts?.applications },
              ].map(({ tab: id, label, icon: Icon, n }) => (
                <li key={id}>
                  <button type="button" className="flex w-full items-center justify-between rounded-lg px-3 py-2 hover:bg-slate-100" onClick={() => { setTab(id); setMobileOpen(false); }}>
                    <span className="flex items-center gap-2"><Icon aria-hidden="true" className="h-4 w-4" /> {label}</span>
                    <Count n={n} />
                  </button>
                </li>
              ))}
              <li className="border-t border-slate-200 pt-2" />
              {menuItems.map((item) => (
                <li key={item.label}>
                  <button type="button" className="flex w-full items-center gap-2 rounded-lg px-3 py-2 hover:bg-slate-100" onClick={() => { setMobileOpen(false); item.onSelect(); }}>
                    {item.icon} {item.label}
                  </button>
                </li>
              ))}
              <li>
                <button type="button" className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-red-700 hover:bg-red-50" onClick={() => void navigate('/logout')}>
                  {t('student.menu.signOut')}
                </button>
              </li>
            </ul>
          </nav>
        </div>
      )}
      <Breadcrumb current={t('student.dashboard.documentTitle')} />
      <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        <h1 className="text-2xl font-bold text-slate-900">{session?.user.firstName
            ? t('student.dashboard.welcomeName', { returning: welcomeWord(session.user) === 'Welcome back' ? 'yes' : 'no', name: session.user.firstName })
            : t('student.dashboard.welcome', { returning: welcomeWord(session?.user) === 'Welcome back' ? 'yes' : 'no' })}</h1>
        <p className="mt-1 mb-4 text-slate-600">{t('student.dashboard.intro')}</p>
        {welcome && (
          <Suspense fallback={null}>
            <WelcomeRecommendations onOpen={openRecommended} onHide={() => setWelcome(false)} />
          </Suspense>
        )}
        <Tabs label={t('student.tabs.label')} idPrefix="student" items={tabItems} value={tab} onChange={setTab} />
        <div className="pt-6">
          <TabPanel idPrefix="student" id={tab}>
            <Suspense fallback={<ListSkeleton />}>
              {tab === 'workshops' && (
                <>
                  {!welcome && <RecommendedPanel kind="workshop" onOpen={openWorkshop} />}
                  <StudentWorkshopsTab focusId={params.get('workshop')} onFocusDone={() => clearParam('workshop')} />
                </>
              )}
              {tab === 'professionals' && <ProfessionalsTab />}
              {tab === 'ideas' && <IdeasTab />}
              {tab === 'my-ideas' && <MyIdeasTab focusId={params.get('idea')} onFocusDone={() => clearParam('idea')} />}
              {tab === 'rd-projects' && <StudentRdProjectsTab />}
            </Suspense>
          </TabPanel>
        </div>
      </main>
      {profileOpened && (
        <Suspense fallback={null}>
          <ProfileDialog open={profileTab !== null} tab={profileTab ?? 'profile'} onTab={setProfileTab} onClose={() => setProfileTab(null)} />
        </Suspense>
      )}
    </AppShell>
  );
}
