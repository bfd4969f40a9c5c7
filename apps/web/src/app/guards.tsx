import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { dashboardPath, type Role } from '@app/shared/roles';
import { useSession } from '../lib/session.ts';

/** Requires a session; with a role, a different role is sent to its own dashboard (spec 000 §6). */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/signin" replace state={{ from: location.pathname }} />;
  if (session.role !== role) return <Navigate to={dashboardPath(session.role)} replace />;
  return children;
}

/** /signin and /signup are for visitors only. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session) return <Navigate to={dashboardPath(session.role)} replace />;
  return children;
}

export function DashboardDispatch() {
  const session = useSession();
  return <Navigate to={session ? dashboardPath(session.role) : '/signin'} replace />;
}
