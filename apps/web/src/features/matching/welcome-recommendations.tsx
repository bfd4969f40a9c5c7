import type { RecommendationKind } from '@app/shared/matching';
import { Button } from '../../components/ui/button.tsx';
import { RecommendedPanel } from './recommended-panel.tsx';
import { useT } from '../../lib/i18n.tsx';

/**
 * The first screen after sign-up (?welcome=1): mentors, workshops and R&D projects picked for the new
 * student's interests, course and university, each with its reasons.
 */
export function WelcomeRecommendations({ onOpen, onHide }: { onOpen: (kind: RecommendationKind, id: string) => void; onHide: () => void }) {
  const t = useT();
  return (
    <div className="mb-8" data-testid="welcome-recommendations">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-slate-700">{t('matching.welcome.intro')}</p>
        <Button variant="secondary" size="sm" onClick={onHide}>
          {t('matching.welcome.hide')}
        </Button>
      </div>
      <RecommendedPanel compact kind="professional" limit={3} title={t('matching.welcome.mentors')} onOpen={(id) => onOpen('professional', id)} />
      <RecommendedPanel compact kind="workshop" limit={3} title={t('matching.welcome.workshops')} onOpen={(id) => onOpen('workshop', id)} />
      <RecommendedPanel compact kind="rd-project" limit={3} title={t('matching.welcome.projects')} onOpen={(id) => onOpen('rd-project', id)} />
    </div>
  );
}
