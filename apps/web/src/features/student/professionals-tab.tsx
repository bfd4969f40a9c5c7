import { StudentSessionsPanel } from '../mentoring/student-sessions-panel.tsx';
import { ProfessionalsBrowser } from '../professionals/professionals-browser.tsx';

/** The student dashboard's Professionals tab: browse and connect, then the student's sessions. */
export function ProfessionalsTab() {
  return (
    <div className="space-y-10">
      <ProfessionalsBrowser mode="student" />
      <StudentSessionsPanel />
    </div>
  );
}
