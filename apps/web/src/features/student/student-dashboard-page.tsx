import { Breadcrumb, DashboardHeader } from '../../components/layout/dashboard-header.tsx';
import { useDocumentTitle } from '../../lib/hooks.ts';

// The student area (issue 3) replaces this frame's body with the five tabs.
export function StudentDashboardPage() {
  useDocumentTitle('Student Dashboard');
  return (
    <div className="min-h-screen">
      <DashboardHeader portal="Student Portal" />
      <Breadcrumb current="Student Dashboard" />
      <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        <h1 className="text-2xl font-bold">Student Dashboard</h1>
        <p className="mt-2 text-slate-700">Workshops, professionals, ideas and R&amp;D projects are not available yet.</p>
      </main>
    </div>
  );
}
