import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { dashboardPath, type Role } from '@app/shared/roles';
import { useSession } from '../lib/session.ts';
import { RouteSkeleton } from '../components/ui/page-skeleton.tsx';
import { needsNewPassword, PasswordGateScreen } from '../features/auth/password-gate.tsx';

// The notice banner reads the consents with their schemas (and zod): loaded beside the page, not in the
// app shell every route downloads first (docs/performance.md, decision 950).
const LazyNoticeGate = lazy(() => import('../features/privacy/notice-consent.tsx').then((m) => ({ default: m.NoticeGate })));
function NoticeGate() {
  return (
    <Suspense fallback={null}>
      <LazyNoticeGate />
    </Suspense>
  );
}

/**
 * Requires a session; with a role, a different role is sent to its own dashboard (spec 000 §6). An
 * account that must replace its temporary password sees only that dialog until it has.
 */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/signin" replace state={{ from: location.pathname }} />;
  if (session.role !== role) return <Redirect to={dashboardPath(session.role)} />;
  if (needsNewPassword(session)) return <PasswordGateScreen role={session.role} />;
  // A role that must use a second factor, past its grace period: enrolment first (issue 23).
  if (session.user.mfaBlocked) return <Redirect to="/account/security" />;
  // A new material version of the privacy notice is accepted before anything else (issue 24, decision 840).
  return (
    <>
      <NoticeGate />
      {children}
    </>
  );
}

/** Any signed-in role (the notifications page); a visitor signs in first. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/signin" replace state={{ from: location.pathname }} />;
  if (needsNewPassword(session)) return <PasswordGateScreen role={session.role} />;
  return (
    <>
      <NoticeGate />
      {children}
    </>
  );
}

/** /signin and /signup are for visitors only. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session) return <Redirect to={dashboardPath(session.role)} />;
  return children;
}

/**
 * Go to `to`, painting its skeleton meanwhile: a navigation keeps showing what was rendered until the
 * next page's code has loaded, and a bare <Navigate> renders nothing — a blank frame after sign-in.
 */
function Redirect({ to }: { to: string }) {
  return (
    <>
      <Navigate to={to} replace />
      <RouteSkeleton pathname={to} />
    </>
  );
}

export function DashboardDispatch() {
  const session = useSession();
  return <Navigate to={session ? dashboardPath(session.role) : '/signin'} replace />;
}
