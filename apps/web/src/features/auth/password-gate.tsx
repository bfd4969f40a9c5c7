import { lazy, Suspense } from 'react';
import type { Role } from '@app/shared/roles';
import { DashboardSkeleton } from '../../components/ui/page-skeleton.tsx';
import type { Session } from '../../lib/session.ts';

const ProfessionalPasswordDialog = lazy(() => import('./password-change-dialog.tsx').then((m) => ({ default: m.ProfessionalPasswordDialog })));
const TemporaryPasswordGate = lazy(() => import('./temporary-password-gate.tsx').then((m) => ({ default: m.TemporaryPasswordGate })));

/** An account on a temporary (or reset-required) password: the API refuses everything else. */
export function needsNewPassword(session: Session | null): boolean {
  return Boolean(session && (session.user.isTemporaryPassword || session.user.passwordResetRequired));
}

/**
 * What a dashboard route shows while its account must choose a password (app/guards.tsx): the
 * blocking dialog over the dashboard's skeleton. The page itself is not mounted, so nothing reads
 * the API behind the dialog (every such read would answer 403). The change stores the new token and
 * the unflagged user; the guard then renders the page at once and the dialog is gone.
 */
export function PasswordGateScreen({ role }: { role: Role | undefined }) {
  return (
    <>
      <DashboardSkeleton />
      <Suspense fallback={null}>{role === 'professional' ? <ProfessionalPasswordDialog open firstLogin /> : <TemporaryPasswordGate />}</Suspense>
    </>
  );
}
