import { rich, useT } from '../../lib/i18n.tsx';

/**
 * "Matched in <programme>" on a connection a programme made, in the reader's language; the programme's
 * name is the organisers' text, isolated so its direction never moves the sentence's punctuation
 * (decision 1261: the API sends the programme, not a sentence).
 */
export function MatchedIn({ programme, className }: { programme: string; className?: string }) {
  const t = useT();
  return (
    <p className={className} data-testid="matched-in">
      {rich(t('mentoring.requests.matchedIn', { programme }), { programme: (name) => <bdi className="font-medium">{name}</bdi> })}
    </p>
  );
}
