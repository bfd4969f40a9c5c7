import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Role } from '@app/shared/roles';

/**
 * Every page of spec 000 §2, loaded on demand so each route ships only its own code.
 *
 * This table has no runtime dependency (no React, no router): main.tsx reads it before anything
 * else has loaded, to start the page's code and its first API reads in parallel with the framework
 * (docs/decisions/310-first-load.md). app/routes.tsx renders the same table.
 */
export interface PageModule {
  /** Starts (once) loading the page's code. */
  load(): Promise<ComponentType>;
  /** The component, once loaded: rendered without suspending. */
  loaded?: ComponentType;
}

function page(importer: () => Promise<ComponentType>): PageModule {
  let promise: Promise<ComponentType> | undefined;
  const module: PageModule = {
    load: () =>
      (promise ??= importer().then((component) => {
        module.loaded = component;
        return component;
      })),
  };
  return module;
}

export interface PageRoute {
  path: string;
  page: PageModule;
  /** Signed-in users of this role only (others are redirected, app/guards.tsx). */
  role?: Role;
  /** Visitors only: a session is sent to its dashboard. */
  guestOnly?: boolean;
  /** Any signed-in role (visitors are sent to sign in). */
  signedIn?: boolean;
  /** GET API paths the page reads as soon as it renders: fetched early by main.tsx. */
  reads?: string[];
  /**
   * Fills the query cache with those reads; a full page load waits for it (briefly) before the
   * first render, so the page's main content is in its first paint instead of a skeleton.
   */
  prefetch?: () => Promise<(client: QueryClient) => Promise<void>>;
}

/** Whether the page opens on this tab (`?tab=`, the first tab when absent). */
function onTab(first: string): boolean {
  const tab = new URLSearchParams(window.location.search).get('tab');
  return !tab || tab === first;
}

const siteContent = {
  reads: ['/content/site'],
  prefetch: () => import('../features/public/api.ts').then((m) => m.prefetchSiteContent),
};

// `npm run bench:web` reads `path: '…', page: page(() => import('…'))` pairs from this file.
export const PAGE_ROUTES: PageRoute[] = [
  { path: '/', page: page(() => import('../features/public/landing-page.tsx').then((m) => m.LandingPage)), ...siteContent },
  { path: '/about', page: page(() => import('../features/public/about-page.tsx').then((m) => m.AboutPage)), ...siteContent },
  { path: '/signin', page: page(() => import('../features/auth/signin-page.tsx').then((m) => m.SignInPage)), guestOnly: true },
  { path: '/signup', page: page(() => import('../features/auth/signup-page.tsx').then((m) => m.SignUpPage)), guestOnly: true },
  { path: '/forgot-password', page: page(() => import('../features/auth/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage)) },
  { path: '/reset-password', page: page(() => import('../features/auth/reset-password-page.tsx').then((m) => m.ResetPasswordPage)) },
  { path: '/account/security', page: page(() => import('../features/profile/security-page.tsx').then((m) => m.SecurityPage)) },
  { path: '/logout', page: page(() => import('../features/auth/logout-page.tsx').then((m) => m.LogoutPage)) },
  {
    path: '/admin/dashboard',
    page: page(() => import('../features/admin/admin-dashboard-page.tsx').then((m) => m.AdminDashboardPage)),
    role: 'admin',
  },
  {
    path: '/student/dashboard',
    page: page(() => import('../features/student/student-dashboard-page.tsx').then((m) => m.StudentDashboardPage)),
    role: 'student',
    // The default tab (workshops) opens with the student's registrations above the browse list.
    reads: ['/workshops/registered'],
    prefetch: () =>
      onTab('workshops')
        ? import('../features/workshops/api.ts').then((m) => m.prefetchRegisteredWorkshops)
        : Promise.resolve(async () => undefined),
  },
  {
    path: '/professional/dashboard',
    page: page(() => import('../features/professional/professional-dashboard-page.tsx').then((m) => m.ProfessionalDashboardPage)),
    role: 'professional',
  },
  {
    path: '/university/dashboard',
    page: page(() => import('../features/organisations/organisation-dashboard-page.tsx').then((m) => m.UniversityDashboardPage)),
    role: 'university_admin',
  },
  {
    path: '/company/dashboard',
    page: page(() => import('../features/organisations/organisation-dashboard-page.tsx').then((m) => m.CompanyDashboardPage)),
    role: 'company_admin',
  },
  { path: '/confirm-email', page: page(() => import('../features/organisations/confirm-email-page.tsx').then((m) => m.ConfirmEmailPage)) },
  { path: '/sso/callback', page: page(() => import('../features/sso/sso-callback-page.tsx').then((m) => m.SsoCallbackPage)) },
  { path: '/sso/error', page: page(() => import('../features/sso/sso-error-page.tsx').then((m) => m.SsoErrorPage)) },
  { path: '/sso/:slug', page: page(() => import('../features/sso/sso-org-page.tsx').then((m) => m.SsoOrgPage)), guestOnly: true },
  { path: '/invitation', page: page(() => import('../features/organisations/invitation-page.tsx').then((m) => m.InvitationPage)) },
  { path: '/workshops', page: page(() => import('../features/workshops/public-workshops-page.tsx').then((m) => m.PublicWorkshopsPage)) },
  // A workshop's own address opens its details dialog (a lazy chunk): fetched beside the page's code, not
  // after the list has hydrated (decision 1111). The server renders the dialog open in the page (decision
  // 1380), so a visitor's app starts when they reach for it, as on the other public pages (decision 1320).
  {
    path: '/workshops/:id',
    page: page(() => import('../features/workshops/public-workshops-page.tsx').then((m) => import('../features/workshops/workshop-detail-dialog.tsx').then(() => m.PublicWorkshopsPage))),
  },
  { path: '/certificates/:id', page: page(() => import('../features/workshops/certificate-page.tsx').then((m) => m.CertificatePage)) },
  { path: '/experts', page: page(() => import('../features/professionals/public-experts-page.tsx').then((m) => m.PublicExpertsPage)) },
  { path: '/projects', page: page(() => import('../features/rd-projects/public-projects-page.tsx').then((m) => m.PublicProjectsPage)) },
  {
    path: '/notifications',
    page: page(() => import('../features/notifications/notifications-page.tsx').then((m) => m.NotificationsPage)),
    signedIn: true,
  },
  { path: '/programmes', page: page(() => import('../features/programmes/my-programmes-page.tsx').then((m) => m.MyProgrammesPage)) },
  { path: '/relationships', page: page(() => import('../features/relationships/relationships-page.tsx').then((m) => m.RelationshipsPage)), signedIn: true },
  { path: '/accessibility', page: page(() => import('../features/public/accessibility-page.tsx').then((m) => m.AccessibilityPage)) },
  { path: '/surveys', page: page(() => import('../features/surveys/my-surveys-page.tsx').then((m) => m.MySurveysPage)), signedIn: true },
  { path: '/surveys/:id', page: page(() => import('../features/surveys/my-surveys-page.tsx').then((m) => m.MySurveysPage)), signedIn: true },
  { path: '/contact', page: page(() => import('../features/public/contact-page.tsx').then((m) => m.ContactPage)), ...siteContent },
  { path: '/:page', page: page(() => import('../features/public/content-page.tsx').then((m) => m.ContentRoute)) },
  { path: '*', page: page(() => import('../features/public/not-found-page.tsx').then((m) => m.NotFoundPage)) },
];

/** Paths that only redirect (app/routes.tsx): no page to load for them. */
export const REDIRECT_PATHS = ['/dashboard', '/admin', '/student', '/professional', '/university', '/company'];

/** The route a full page load of `pathname` renders, as react-router will match it. */
/**
 * A role's dashboard, read from this table (the entry may not import @app/shared/roles' dashboardPath, which
 * gives the same paths): where a stored session opening a visitors-only page goes (main.tsx, decision 1270).
 */
export function dashboardOf(role: string | null): string | undefined {
  return role ? PAGE_ROUTES.find((r) => r.role === role && r.path.endsWith('/dashboard'))?.path : undefined;
}

export function matchPageRoute(pathname: string): PageRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (REDIRECT_PATHS.includes(path)) return undefined;
  const exact = PAGE_ROUTES.find((r) => r.path === path);
  if (exact) return exact;
  // Routes with a parameter (/workshops/:id, /certificates/:id, /sso/:slug), segment by segment.
  const segments = path.split('/');
  const withParam = PAGE_ROUTES.find((r) => {
    if (!r.path.includes(':') || r.path === '/:page') return false;
    const parts = r.path.split('/');
    return parts.length === segments.length && parts.every((p, i) => p.startsWith(':') || p === segments[i]);
  });
  if (withParam) return withParam;
  if (/^\/[^/]+$/.test(path)) return PAGE_ROUTES.find((r) => r.path === '/:page');
  return PAGE_ROUTES.find((r) => r.path === '*');
}
