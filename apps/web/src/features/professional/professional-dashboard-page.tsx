import { DashboardHeader } from '../../components/layout/dashboard-header.tsx';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { displayName, useSession } from '../../lib/session.ts';
import { FirstLoginPasswordGate } from '../auth/password-change-dialog.tsx';

// The mentoring issue (4) replaces this frame's body with the seven tabs.
export function ProfessionalDashboardPage() {
  useDocumentTitle('Professional Dashboard');
  const session = useSession();
  return (
    <div className="min-h-screen">
      <FirstLoginPasswordGate />
      <DashboardHeader portal="Professional Dashboard" />
      <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        <h1 className="text-2xl font-bold">Professional Dashboard</h1>
        <p className="mt-1 text-slate-700">Welcome back, {displayName(session?.user) || 'Professional'}!</p>
        <p className="mt-2 text-slate-700">Requests, sessions and availability are not available yet.</p>
      </main>
    </div>
  );
}
