import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { RecommendedPanel } from '../matching/recommended-panel.tsx';
import { StudentSessionsPanel } from '../mentoring/student-sessions-panel.tsx';
import { ProfessionalDetailDialog } from '../professionals/professional-detail-dialog.tsx';
import { ProfessionalsBrowser } from '../professionals/professionals-browser.tsx';

/** The student dashboard's Professionals tab: recommended mentors, browse and connect, then the student's sessions. */
export function ProfessionalsTab() {
  const [params] = useSearchParams();
  // ?professional=id (a recommendation opened from the welcome screen) opens that profile.
  const [open, setOpen] = useState<string | null>(params.get('professional'));
  return (
    <div className="space-y-10">
      <div>
        <RecommendedPanel kind="professional" onOpen={setOpen} />
        <ProfessionalsBrowser mode="student" />
      </div>
      <StudentSessionsPanel />
      <ProfessionalDetailDialog id={open} onClose={() => setOpen(null)} mode="student" />
    </div>
  );
}
