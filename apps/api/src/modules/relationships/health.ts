import type { HealthDto, HealthReason, HealthState } from '@app/shared/relationships';

/**
 * Pair health from facts (issue 26, docs/decisions/861). Pure: the caller reads the facts; `now` comes
 * from the application's clock. The worst state among the reasons wins.
 */
export interface HealthFacts {
  status: 'active' | 'ended';
  startedAt: Date;
  lastMeetingAt: Date | null;
  /** Agreed cadence in days (the agreement's, else the programme's default). */
  cadenceDays: number;
  /** Mean of the latest check-in ratings (null: none). */
  recentRating: number | null;
  /** When the last message of the pair was sent, if nobody answered it since. */
  unansweredSince: Date | null;
  agreementConfirmed: boolean;
}

const DAY = 86_400_000;
export const UNANSWERED_ATTENTION_DAYS = 7;
export const UNANSWERED_RISK_DAYS = 14;
export const AGREEMENT_GRACE_DAYS = 14;

const days = (from: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - from.getTime()) / DAY));

export function englishReason(r: HealthReason): string {
  switch (r.code) {
    case 'noMeeting':
      return `no meeting for ${r.days} days; cadence every ${r.cadence} days`;
    case 'noMeetingYet':
      return `no meeting yet after ${r.days} days; cadence every ${r.cadence} days`;
    case 'lowRating':
      return `check-in ratings average ${r.rating} of 5`;
    case 'unanswered':
      return `a message unanswered for ${r.days} days`;
    case 'noAgreement':
      return `no confirmed agreement after ${r.days} days`;
    case 'ended':
      return 'the relationship has ended';
    case 'onTrack':
      return 'meeting as agreed';
  }
}

export function computeHealth(f: HealthFacts, now: Date): HealthDto {
  const since = f.lastMeetingAt ? days(f.lastMeetingAt, now) : null;
  if (f.status === 'ended') {
    const reasons: HealthReason[] = [{ code: 'ended' }];
    return { state: 'ended', reasons, reason: englishReason(reasons[0] as HealthReason), daysSinceLastMeeting: since };
  }
  const found: Array<{ state: HealthState; reason: HealthReason }> = [];
  const quiet = since ?? days(f.startedAt, now);
  const code = since === null ? 'noMeetingYet' : 'noMeeting';
  if (quiet > 2 * f.cadenceDays) found.push({ state: 'at-risk', reason: { code, days: quiet, cadence: f.cadenceDays } });
  else if (quiet > f.cadenceDays) found.push({ state: 'attention', reason: { code, days: quiet, cadence: f.cadenceDays } });
  if (f.recentRating !== null) {
    const rating = Math.round(f.recentRating * 10) / 10;
    if (f.recentRating <= 2) found.push({ state: 'at-risk', reason: { code: 'lowRating', rating } });
    else if (f.recentRating < 3) found.push({ state: 'attention', reason: { code: 'lowRating', rating } });
  }
  if (f.unansweredSince) {
    const d = days(f.unansweredSince, now);
    if (d > UNANSWERED_RISK_DAYS) found.push({ state: 'at-risk', reason: { code: 'unanswered', days: d } });
    else if (d > UNANSWERED_ATTENTION_DAYS) found.push({ state: 'attention', reason: { code: 'unanswered', days: d } });
  }
  const age = days(f.startedAt, now);
  if (!f.agreementConfirmed && age > AGREEMENT_GRACE_DAYS) found.push({ state: 'attention', reason: { code: 'noAgreement', days: age } });
  if (found.length === 0) {
    const reasons: HealthReason[] = [{ code: 'onTrack' }];
    return { state: 'healthy', reasons, reason: englishReason(reasons[0] as HealthReason), daysSinceLastMeeting: since };
  }
  // At risk first, then attention; within a state, in the order found.
  found.sort((a, b) => (a.state === b.state ? 0 : a.state === 'at-risk' ? -1 : 1));
  const state: HealthState = found.some((x) => x.state === 'at-risk') ? 'at-risk' : 'attention';
  const reasons = found.map((x) => x.reason);
  return { state, reasons, reason: reasons.map(englishReason).join('; '), daysSinceLastMeeting: since };
}

export const HEALTH_ORDER: Record<HealthState, number> = { 'at-risk': 0, attention: 1, healthy: 2, ended: 3 };
