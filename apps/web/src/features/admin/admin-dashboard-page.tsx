import { DashboardHeader } from '../../components/layout/dashboard-header.tsx';
import { useDocumentTitle } from '../../lib/hooks.ts';

// The administrator console (issue 5) replaces this frame's body with the sidebar tabs.
export function AdminDashboardPage() {
  useDocumentTitle('Admin Dashboard');
  return (
    <div className="min-h-screen">
      <DashboardHeader portal="Admin Dashboard" />
      <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        <h1 className="text-2xl font-bold">Admin Dashboard</h1>
        <p className="mt-2 text-slate-700">The console sections are not available yet.</p>
      </main>
    </div>
  );
}
