import { PendingVerificationBanner } from '../organisations/pending-expert-banner.tsx';
import { lazy, Suspense, useRef, useState, type ChangeEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Bell, Camera, HelpCircle, Settings, Users } from 'lucide-react';
import { AppShell } from '../../app/app-shell.tsx';
import { Alert } from '../../components/ui/field.tsx';
import { Tabs, TabPanel } from '../../components/ui/tabs.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { initials } from '../../lib/format.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { displayName, updateStoredUser, useSession } from '../../lib/session.ts';
import { welcomeWord } from '../../lib/welcome.ts';
import { uploadProfessionalImage } from '../mentoring/api.ts';
import { ListSkeleton } from '../../components/ui/page-skeleton.tsx';
import { fetchProfile, profileKey, useDashboardStats, useProfile, useRequests } from './api.ts';
import { OverviewTab } from './overview-tab.tsx';
import { isTabId, type TabId } from './tabs.ts';
import { useAdoptBrowserZone } from '../profile/my-time-zone.ts';
import { rich, useT } from '../../lib/i18n.tsx';

// The overview ships with the page; the other tabs load when first opened
// (docs/decisions/310-first-load.md).
const MentorCapacityCard = lazy(() => import('../matching/mentor-capacity-card.tsx').then((m) => ({ default: m.MentorCapacityCard })));
const MenteeSuggestionsCard = lazy(() => import('../matching/mentee-suggestions-card.tsx').then((m) => ({ default: m.MenteeSuggestionsCard })));
const RequestsTab = lazy(() => import('./requests-tab.tsx').then((m) => ({ default: m.RequestsTab })));
const MyWorkshopsTab = lazy(() => import('../workshops/my-workshops-tab.tsx').then((m) => ({ default: m.MyWorkshopsTab })));
const SessionsTab = lazy(() => import('./sessions-tab.tsx').then((m) => ({ default: m.SessionsTab })));
const StudentsTab = lazy(() => import('./students-tab.tsx').then((m) => ({ default: m.StudentsTab })));
const AvailabilityTab = lazy(() => import('./availability-tab.tsx').then((m) => ({ default: m.AvailabilityTab })));
const SettingsTab = lazy(() => import('./settings-tab.tsx').then((m) => ({ default: m.SettingsTab })));

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'image/webp'];
const IMAGE_MAX = 5 * 1024 * 1024;

export function ProfessionalDashboardPage() {
  const t = useT();
  useDocumentTitle(t('pro.dashboard.title'));
  useAdoptBrowserZone();
  const session = useSession();
  const profile = useProfile();
  const stats = useDashboardStats();
  const requests = useRequests();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const tabParam = params.get('tab');
  const tab: TabId = isTabId(tabParam) ? tabParam : 'overview';
  const [scheduleFor, setScheduleFor] = useState<string | null>(null);
  // Each tab is its own history entry: bookmarkable, and Back returns to the previous tab.
  const setTab = (next: TabId) => {
    if (next !== tab) setParams(next === 'overview' ? {} : { tab: next });
  };

  const user = profile.data;
  const name = user?.name || displayName(session?.user) || t('pro.dashboard.fallbackName');
  const pending = requests.data ? requests.data.filter((r) => r.status === 'pending').length : (stats.data?.pendingRequests ?? 0);
  const professionalId = user?._id ?? session?.user._id ?? session?.user.id;

  const badge = (n: number) =>
    n > 0 ? (
      <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white" aria-label={t('pro.dashboard.pendingBadge', { count: n })}>
        {t('pro.dashboard.badgeCount', { count: n })}
      </span>
    ) : undefined;

  return (
    <AppShell
      avatarUrl={user?.profileImageUrl ?? null}
      menuItems={[
        { label: t('pro.menu.requests'), icon: <Bell aria-hidden="true" className="h-4 w-4" />, onSelect: () => setTab('requests') },
        { label: t('pro.menu.settings'), icon: <Settings aria-hidden="true" className="h-4 w-4" />, onSelect: () => setTab('settings') },
        { label: t('pro.menu.relationships'), icon: <Users aria-hidden="true" className="h-4 w-4" />, onSelect: () => void navigate('/relationships') },
        { label: t('pro.menu.surveys'), icon: <Users aria-hidden="true" className="h-4 w-4" />, onSelect: () => void navigate('/surveys') },
        { label: t('pro.menu.help'), icon: <HelpCircle aria-hidden="true" className="h-4 w-4" />, onSelect: () => void navigate('/help') },
      ]}
    >
      <main id="main" className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6">
        <ProfessionalIntro name={name} imageUrl={user?.profileImageUrl ?? null} />
        <PendingVerificationBanner />
        <Tabs<TabId>
          label={t('pro.tabs.label')}
          idPrefix="pro"
          value={tab}
          onChange={setTab}
          items={[
            { id: 'overview', label: t('pro.tabs.overview') },
            { id: 'requests', label: t('pro.tabs.requests'), badge: badge(pending) },
            { id: 'workshops', label: t('pro.tabs.workshops') },
            { id: 'sessions', label: t('pro.tabs.sessions') },
            { id: 'students', label: t('pro.tabs.students') },
            { id: 'availability', label: t('pro.availability.heading') },
            { id: 'settings', label: t('pro.menu.settings') },
          ]}
        />
        <TabPanel idPrefix="pro" id={tab}>
          <Suspense fallback={<ListSkeleton />}>
            {tab === 'overview' && <OverviewTab onNavigate={setTab} />}
            {tab === 'requests' && <RequestsTab />}
            {tab === 'workshops' && <MyWorkshopsTab />}
            {tab === 'sessions' && <SessionsTab initialStudentId={scheduleFor} onConsumed={() => setScheduleFor(null)} />}
            {tab === 'students' && <MenteeSuggestionsCard />}
            {tab === 'students' && (
              <StudentsTab
                onSchedule={(id) => {
                  setScheduleFor(id);
                  setTab('sessions');
                }}
              />
            )}
            {tab === 'availability' && (
              <>
                <MentorCapacityCard />
                <AvailabilityTab professionalId={professionalId} />
              </>
            )}
            {tab === 'settings' && <SettingsTab user={user} onPasswordChanged={() => void profile.refetch()} />}
          </Suspense>
        </TabPanel>
      </main>
    </AppShell>
  );
}

/** The dashboard's heading with the professional's picture (and its upload) and the welcome line. */
function ProfessionalIntro({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const session = useSession();
  const input = useRef<HTMLInputElement>(null);
  const [broken, setBroken] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: uploadProfessionalImage,
    onSuccess: async (r) => {
      setFailure(null);
      toast.success(r.message ?? t('pro.dashboard.imageUpdated'));
      // Refresh the profile (new picture URL) and the stored user the other screens read.
      const user = await client.fetchQuery({ queryKey: profileKey, queryFn: fetchProfile, staleTime: 0 }).catch(() => undefined);
      if (user) updateStoredUser(user);
    },
    onError: (e) => setFailure(t('pro.dashboard.uploadFailed', { reason: errorMessage(e, t('pro.dashboard.imageFailed')) })),
  });

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) return setFailure(t('pro.dashboard.uploadFailed', { reason: t('pro.dashboard.imageType') }));
    if (file.size >= IMAGE_MAX) return setFailure(t('pro.dashboard.uploadFailed', { reason: t('pro.dashboard.imageSize') }));
    upload.mutate(file);
  };
  const showImage = imageUrl && broken !== imageUrl;

  return (
    <section aria-labelledby="pro-dashboard-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <div className="relative shrink-0">
            {showImage ? (
              <img
                src={imageUrl}
                alt={t('pro.dashboard.pictureAlt', { name })}
                className="h-12 w-12 rounded-full object-cover"
                onError={() => setBroken(imageUrl)}
              />
            ) : (
              <span
                aria-hidden="true"
                className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-lg font-semibold text-brand-800"
              >
                {initials(name) || t('pro.dashboard.fallbackInitial')}
              </span>
            )}
            <button
              type="button"
              className="absolute -inset-e-1 -bottom-1 rounded-full border border-white bg-brand-700 p-1 text-white hover:bg-brand-800 disabled:opacity-60"
              aria-label={t('pro.dashboard.upload')}
              disabled={upload.isPending}
              onClick={() => input.current?.click()}
            >
              <Camera className="h-3.5 w-3.5" aria-hidden="true" />
            </button>
            <input
              ref={input}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              onChange={onFile}
            />
          </div>
          <div className="min-w-0">
            <h1 id="pro-dashboard-heading" className="truncate text-xl font-bold text-slate-900 sm:text-2xl">{t('pro.dashboard.title')}</h1>
            <p className="truncate text-sm text-slate-700">
              {rich(t('pro.dashboard.welcome', { returning: welcomeWord(session?.user) === 'Welcome back' ? 'yes' : 'no', name }), {
                name: (chunk) => <bdi>{chunk}</bdi>,
              })}
            </p>

          </div>
        </div>
      </div>
      {failure && (
        <div className="pt-3">
          <Alert kind="error">{failure}</Alert>
        </div>
      )}
    </section>
  );
}
