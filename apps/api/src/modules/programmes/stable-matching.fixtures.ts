import type { MatchInput } from './stable-matching.ts';

export const COHORT_TOPICS = ['AI', 'Machine Learning', 'Robotics', 'Health', 'Energy', 'FinTech', 'Design', 'Cloud'];

/**
 * Issue 14's sized instance: 2,000 mentees and 300 mentors with 1–8 places, two topics each, five ranked
 * choices per mentee and three per mentor, drawn from `rnd`. Used by the stability test (every pair
 * checked) and by `npm run bench:match -- --cohort-only` (the time).
 */
export function largeCohort(rnd: () => number): MatchInput {
  const pick = <T,>(a: readonly T[]) => a[Math.floor(rnd() * a.length)] as T;
  const mentors = Array.from({ length: 300 }, (_, j) => ({
    id: `m${j}`,
    topics: [pick(COHORT_TOPICS), pick(COHORT_TOPICS)],
    capacity: 1 + Math.floor(rnd() * 8),
    preferences: Array.from({ length: 3 }, () => `s${Math.floor(rnd() * 2000)}`),
  }));
  const mentees = Array.from({ length: 2000 }, (_, i) => ({
    id: `s${i}`,
    topics: [pick(COHORT_TOPICS), pick(COHORT_TOPICS)],
    preferences: Array.from({ length: 5 }, () => `m${Math.floor(rnd() * 300)}`),
  }));
  return { mentees, mentors };
}
