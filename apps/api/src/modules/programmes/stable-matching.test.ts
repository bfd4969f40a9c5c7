import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockingPairs, stableMatch, type MatchInput } from './stable-matching.ts';
import { COHORT_TOPICS as TOPICS, largeCohort } from './stable-matching.fixtures.ts';

/** Up to five of `ids`, in a random order (a ranked list). */
const ranked = (ids: string[]) => fc.shuffledSubarray(ids, { maxLength: Math.min(5, ids.length) });

const instance = fc
  .record({ nS: fc.integer({ min: 0, max: 25 }), nM: fc.integer({ min: 0, max: 8 }) })
  .chain(({ nS, nM }) =>
    fc.record({
      mentees: fc.tuple(
        ...Array.from({ length: nS }, (_, i) =>
          fc.record({
            id: fc.constant(`s${String(i).padStart(3, '0')}`),
            topics: fc.subarray(TOPICS, { maxLength: 3 }),
            preferences: ranked(Array.from({ length: nM }, (_, j) => `m${j}`)),
          }),
        ),
      ),
      mentors: fc.tuple(
        ...Array.from({ length: nM }, (_, j) =>
          fc.record({
            id: fc.constant(`m${j}`),
            topics: fc.subarray(TOPICS, { maxLength: 3 }),
            capacity: fc.integer({ min: 0, max: 4 }),
            preferences: ranked(Array.from({ length: nS }, (_, i) => `s${String(i).padStart(3, '0')}`)),
          }),
        ),
      ),
    }),
  );

function check(input: MatchInput) {
  const r = stableMatch(input);
  // Capacity respected, every pair acceptable, each mentee at most once (a Map).
  const load = new Map<string, number>();
  for (const [s, m] of r.assignment) {
    load.set(m, (load.get(m) ?? 0) + 1);
    expect(r.acceptable(m, s)).toBe(true);
  }
  for (const m of input.mentors) expect(load.get(m.id) ?? 0).toBeLessThanOrEqual(Math.max(0, m.capacity));
  // No blocking pair, checked over every mentor × mentee.
  expect(blockingPairs(input, r)).toEqual([]);
  return r;
}

describe('stableMatch (deferred acceptance with capacities)', () => {
  it('is stable and capacity-respecting on random instances (property)', () => {
    fc.assert(
      fc.property(instance, (inst) => {
        check({ mentees: inst.mentees, mentors: inst.mentors });
      }),
      { numRuns: 300, seed: 14 },
    );
  });

  it('the checker finds a blocking pair when there is one (it can fail)', () => {
    const input: MatchInput = {
      mentees: [{ id: 'a', topics: ['AI'], preferences: ['x'] }],
      mentors: [
        { id: 'x', topics: ['AI'], capacity: 1, preferences: [] },
        { id: 'y', topics: ['AI'], capacity: 1, preferences: [] },
      ],
    };
    const r = stableMatch(input);
    expect(r.assignment.get('a')).toBe('x');
    // Force a worse assignment: a→y while x is free and a ranked x first.
    r.assignment.set('a', 'y');
    expect(blockingPairs(input, r)).toEqual([['x', 'a']]);
  });

  it('honours ranked choices and mentor capacity', () => {
    const input: MatchInput = {
      mentees: [
        { id: 's1', topics: ['AI'], preferences: ['m2'] },
        { id: 's2', topics: ['AI'], preferences: [] },
        { id: 's3', topics: ['Robotics'], preferences: [] },
      ],
      mentors: [
        { id: 'm1', topics: ['AI'], capacity: 1, preferences: [] },
        { id: 'm2', topics: ['Health'], capacity: 1, preferences: [] },
      ],
    };
    const r = check(input);
    expect(r.assignment.get('s1')).toBe('m2'); // ranked, though it shares no topic
    expect(r.assignment.get('s2')).toBe('m1');
    expect(r.assignment.has('s3')).toBe(false); // nobody covers Robotics
  });

  it('keeps pinned pairs and fills around them', () => {
    const input: MatchInput = {
      mentees: [
        { id: 's1', topics: ['AI'], preferences: [] },
        { id: 's2', topics: ['AI'], preferences: [] },
      ],
      mentors: [{ id: 'm1', topics: ['AI'], capacity: 1, preferences: ['s1'] }],
      pinned: [{ menteeId: 's2', mentorId: 'm1' }],
    };
    const r = stableMatch(input);
    expect(r.assignment.get('s2')).toBe('m1');
    expect(r.assignment.has('s1')).toBe(false);
  });

  it('matches 2,000 mentees and 300 mentors stably, every pair checked (the time: npm run bench:match -- --cohort-only)', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const { mentees, mentors } = largeCohort(rnd);
    const r = stableMatch({ mentees, mentors });
    const places = mentors.reduce((n, m) => n + m.capacity, 0);
    expect(r.assignment.size).toBeLessThanOrEqual(places);
    expect(r.assignment.size).toBeGreaterThan(places * 0.9);
    expect(blockingPairs({ mentees, mentors }, r)).toEqual([]);
  });
});
