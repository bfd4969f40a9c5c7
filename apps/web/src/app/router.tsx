import { createBrowserRouter, Navigate } from 'react-router';
import { DashboardDispatch, GuestOnly, RequireRole } from './guards.tsx';
import { RootLayout } from './root-layout.tsx';

/** Every route of spec 000 §2. Pages load on demand so each route ships only its own code. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: '/', lazy: async () => ({ Component: (await import('../features/public/landing-page.tsx')).LandingPage }) },
      { path: '/about', lazy: async () => ({ Component: (await import('../features/public/about-page.tsx')).AboutPage }) },
      {
        path: '/signin',
        lazy: async () => {
          const { SignInPage } = await import('../features/auth/signin-page.tsx');
          return { Component: () => <GuestOnly><SignInPage /></GuestOnly> };
        },
      },
      {
        path: '/signup',
        lazy: async () => {
          const { SignUpPage } = await import('../features/auth/signup-page.tsx');
          return { Component: () => <GuestOnly><SignUpPage /></GuestOnly> };
        },
      },
      { path: '/forgot-password', lazy: async () => ({ Component: (await import('../features/auth/forgot-password-page.tsx')).ForgotPasswordPage }) },
      { path: '/reset-password', lazy: async () => ({ Component: (await import('../features/auth/reset-password-page.tsx')).ResetPasswordPage }) },
      { path: '/logout', lazy: async () => ({ Component: (await import('../features/auth/logout-page.tsx')).LogoutPage }) },
      { path: '/dashboard', element: <DashboardDispatch /> },
      { path: '/admin', element: <Navigate to="/admin/dashboard" replace /> },
      { path: '/student', element: <Navigate to="/student/dashboard" replace /> },
      { path: '/professional', element: <Navigate to="/professional/dashboard" replace /> },
      {
        path: '/admin/dashboard',
        lazy: async () => {
          const { AdminDashboardPage } = await import('../features/admin/admin-dashboard-page.tsx');
          return { Component: () => <RequireRole role="admin"><AdminDashboardPage /></RequireRole> };
        },
      },
      {
        path: '/student/dashboard',
        lazy: async () => {
          const { StudentDashboardPage } = await import('../features/student/student-dashboard-page.tsx');
          return { Component: () => <RequireRole role="student"><StudentDashboardPage /></RequireRole> };
        },
      },
      {
        path: '/professional/dashboard',
        lazy: async () => {
          const { ProfessionalDashboardPage } = await import('../features/professional/professional-dashboard-page.tsx');
          return { Component: () => <RequireRole role="professional"><ProfessionalDashboardPage /></RequireRole> };
        },
      },
      { path: '/workshops', lazy: async () => ({ Component: (await import('../features/workshops/public-workshops-page.tsx')).PublicWorkshopsPage }) },
      { path: '/experts', lazy: async () => ({ Component: (await import('../features/professionals/public-experts-page.tsx')).PublicExpertsPage }) },
      { path: '/projects', lazy: async () => ({ Component: (await import('../features/rd-projects/public-projects-page.tsx')).PublicProjectsPage }) },
      { path: '/contact', lazy: async () => ({ Component: (await import('../features/public/contact-page.tsx')).ContactPage }) },
      { path: '/:page', lazy: async () => ({ Component: (await import('../features/public/content-page.tsx')).ContentRoute }) },
      { path: '*', lazy: async () => ({ Component: (await import('../features/public/not-found-page.tsx')).NotFoundPage }) },
    ],
  },
]);
