import { TOPIC_SYNONYMS } from '@app/shared/matching';
import { norm } from '../matching/index.ts';

/**
 * Cohort matching (issue 14, decision 462): mentee-proposing deferred acceptance with mentor capacities
 * (the hospitals/residents algorithm of Gale and Shapley, as the NRMP runs it). Each side's preference
 * order: the people it ranked, in its order, then every other acceptable partner by compatibility score
 * (ties broken by id, so preferences are strict). The result is stable: no mentor and mentee who are
 * acceptable to each other both prefer each other over what they got (a mentor with a free place prefers
 * any acceptable mentee to the empty place). O(mentees × mentors) to build the lists, then at most
 * mentees × mentors proposals.
 */

export interface Person {
  id: string;
  topics: readonly string[];
  /** Ranked ids of the other side, most wanted first (at most five are used). */
  preferences: readonly string[];
}
export interface MentorInput extends Person {
  capacity: number;
}

export interface MatchInput {
  mentees: readonly Person[];
  mentors: readonly MentorInput[];
  /** Fixed pairs (the administrator's pins): kept as they are, they use a mentor's place. */
  pinned?: readonly { menteeId: string; mentorId: string }[];
}

export interface MatchResult {
  /** menteeId → mentorId */
  assignment: Map<string, string>;
  score: (mentorId: string, menteeId: string) => number;
  acceptable: (mentorId: string, menteeId: string) => boolean;
  /** true when mentor `m` prefers mentee `a` over mentee `b` */
  mentorPrefers: (m: string, a: string, b: string) => boolean;
  /** true when mentee `s` prefers mentor `a` over mentor `b` */
  menteePrefers: (s: string, a: string, b: string) => boolean;
}

export const MAX_RANKED = 5;

interface Prepared {
  direct: Set<string>;
  expanded: Set<string>;
}

function prepare(topics: readonly string[]): Prepared {
  const direct = new Set(topics.map(norm).filter(Boolean));
  const expanded = new Set(direct);
  for (const t of direct) for (const s of TOPIC_SYNONYMS[t] ?? []) expanded.add(s);
  return { direct, expanded };
}

/** Compatibility of two topic sets: 3 per shared topic, 2 per related one. */
function topicCompat(a: Prepared, b: Prepared): number {
  let direct = 0;
  let related = 0;
  for (const t of a.direct) {
    if (b.direct.has(t)) direct++;
    else if (b.expanded.has(t)) related++;
  }
  for (const t of b.direct) if (!a.direct.has(t) && a.expanded.has(t)) related++;
  return 3 * direct + 2 * related;
}

export function stableMatch(input: MatchInput): MatchResult {
  const mentees = input.mentees;
  const mentors = input.mentors;
  const menteeIndex = new Map(mentees.map((m, i) => [m.id, i]));
  const mentorIndex = new Map(mentors.map((m, i) => [m.id, i]));
  const nS = mentees.length;
  const nM = mentors.length;
  const pS = mentees.map((m) => prepare(m.topics));
  const pM = mentors.map((m) => prepare(m.topics));
  // Rank of j in i's list (0..4), or -1.
  const menteeRank = mentees.map((m) => new Map(m.preferences.slice(0, MAX_RANKED).map((id, r) => [id, r])));
  const mentorRank = mentors.map((m) => new Map(m.preferences.slice(0, MAX_RANKED).map((id, r) => [id, r])));

  // Scores, row-major by mentee: compatibility of topics plus a bonus for each side's ranking.
  const scores = new Float64Array(nS * nM);
  const ok = new Uint8Array(nS * nM);
  for (let s = 0; s < nS; s++) {
    for (let m = 0; m < nM; m++) {
      const base = topicCompat(pS[s] as Prepared, pM[m] as Prepared);
      const rs = menteeRank[s]?.get(mentors[m]?.id ?? '');
      const rm = mentorRank[m]?.get(mentees[s]?.id ?? '');
      const bonus = (rs !== undefined ? MAX_RANKED - rs : 0) + (rm !== undefined ? MAX_RANKED - rm : 0);
      scores[s * nM + m] = base + bonus;
      ok[s * nM + m] = base > 0 || rs !== undefined || rm !== undefined ? 1 : 0;
    }
  }
  const scoreAt = (s: number, m: number) => scores[s * nM + m] ?? 0;

  // Strict orders as numbers (bigger = preferred): a ranked partner gets RANKED_BASE − rank, anyone else
  // their score; ties go to the smaller id (position in id order), so every order is strict.
  const RANKED_BASE = 1e9;
  const menteeKey = new Float64Array(nS * nM); // mentee s's liking of mentor m
  const mentorKey = new Float64Array(nS * nM); // mentor m's liking of mentee s
  for (let si = 0; si < nS; si++) {
    const rs = menteeRank[si] as Map<string, number>;
    for (let mi = 0; mi < nM; mi++) {
      const at = si * nM + mi;
      const r1 = rs.get((mentors[mi] as MentorInput).id);
      menteeKey[at] = r1 !== undefined ? RANKED_BASE - r1 : (scores[at] ?? 0);
      const r2 = (mentorRank[mi] as Map<string, number>).get((mentees[si] as Person).id);
      mentorKey[at] = r2 !== undefined ? RANKED_BASE - r2 : (scores[at] ?? 0);
    }
  }
  const idOrder = (list: readonly { id: string }[]) => {
    const order = new Int32Array(list.length);
    [...list.keys()].sort((x, y) => ((list[x] as { id: string }).id < (list[y] as { id: string }).id ? -1 : 1)).forEach((idx, pos) => (order[idx] = pos));
    return order;
  };
  const mentorPos = idOrder(mentors);
  const menteePos = idOrder(mentees);
  const menteeBetter = (s: number, a: number, b: number): boolean => {
    const d = (menteeKey[s * nM + a] ?? 0) - (menteeKey[s * nM + b] ?? 0);
    return d !== 0 ? d > 0 : (mentorPos[a] ?? 0) < (mentorPos[b] ?? 0);
  };
  const mentorBetter = (m: number, a: number, b: number): boolean => {
    const d = (mentorKey[a * nM + m] ?? 0) - (mentorKey[b * nM + m] ?? 0);
    return d !== 0 ? d > 0 : (menteePos[a] ?? 0) < (menteePos[b] ?? 0);
  };

  const capacity = mentors.map((m) => Math.max(0, m.capacity));
  const assigned: number[] = new Array<number>(nS).fill(-1);
  const held: number[][] = mentors.map(() => []);
  const fixed = new Set<number>();
  for (const p of input.pinned ?? []) {
    const s = menteeIndex.get(p.menteeId);
    const m = mentorIndex.get(p.mentorId);
    if (s === undefined || m === undefined || fixed.has(s)) continue;
    fixed.add(s);
    assigned[s] = m;
    capacity[m] = Math.max(0, (capacity[m] ?? 0) - 1);
  }

  // Each free mentee's list of acceptable mentors, best first.
  const lists: number[][] = [];
  for (let s = 0; s < nS; s++) {
    if (fixed.has(s)) {
      lists.push([]);
      continue;
    }
    const list: number[] = [];
    for (let m = 0; m < nM; m++) if (ok[s * nM + m]) list.push(m);
    list.sort((a, b) => (menteeBetter(s, a, b) ? -1 : 1));
    lists.push(list);
  }
  const next = new Int32Array(nS);
  const queue: number[] = [];
  for (let s = nS - 1; s >= 0; s--) if (!fixed.has(s)) queue.push(s);
  while (queue.length) {
    const s = queue.pop() as number;
    const list = lists[s] as number[];
    while ((next[s] ?? 0) < list.length) {
      const m = list[next[s] ?? 0] as number;
      next[s] = (next[s] ?? 0) + 1;
      const cap = capacity[m] ?? 0;
      if (cap === 0) continue;
      const h = held[m] as number[];
      if (h.length < cap) {
        h.push(s);
        assigned[s] = m;
        break;
      }
      // Full: displace the worst held mentee if s is better.
      let worst = 0;
      for (let i = 1; i < h.length; i++) if (mentorBetter(m, h[worst] as number, h[i] as number)) worst = i;
      const w = h[worst] as number;
      if (mentorBetter(m, s, w)) {
        h[worst] = s;
        assigned[s] = m;
        assigned[w] = -1;
        queue.push(w);
        break;
      }
    }
  }

  const assignment = new Map<string, string>();
  for (let s = 0; s < nS; s++) {
    const m = assigned[s] ?? -1;
    if (m >= 0) assignment.set((mentees[s] as Person).id, (mentors[m] as MentorInput).id);
  }
  const idx = (m: string, s: string) => [mentorIndex.get(m) ?? -1, menteeIndex.get(s) ?? -1] as const;
  return {
    assignment,
    score: (m, s) => {
      const [mi, si] = idx(m, s);
      return mi < 0 || si < 0 ? 0 : scoreAt(si, mi);
    },
    acceptable: (m, s) => {
      const [mi, si] = idx(m, s);
      return mi >= 0 && si >= 0 && ok[si * nM + mi] === 1;
    },
    mentorPrefers: (m, a, b) => {
      const mi = mentorIndex.get(m);
      const ai = menteeIndex.get(a);
      const bi = menteeIndex.get(b);
      return mi !== undefined && ai !== undefined && bi !== undefined && mentorBetter(mi, ai, bi);
    },
    menteePrefers: (s, a, b) => {
      const si = menteeIndex.get(s);
      const ai = mentorIndex.get(a);
      const bi = mentorIndex.get(b);
      return si !== undefined && ai !== undefined && bi !== undefined && menteeBetter(si, ai, bi);
    },
  };
}

/** Every blocking pair of an assignment (empty when it is stable). Used by tests and the benchmark. */
export function blockingPairs(input: MatchInput, result: MatchResult): Array<[string, string]> {
  const byMentor = new Map<string, string[]>();
  for (const [s, m] of result.assignment) byMentor.set(m, [...(byMentor.get(m) ?? []), s]);
  const pinnedMentees = new Set((input.pinned ?? []).map((p) => p.menteeId));
  const out: Array<[string, string]> = [];
  for (const s of input.mentees) {
    if (pinnedMentees.has(s.id)) continue;
    const current = result.assignment.get(s.id);
    for (const m of input.mentors) {
      if (m.id === current || !result.acceptable(m.id, s.id)) continue;
      const menteeWants = current === undefined || result.menteePrefers(s.id, m.id, current);
      if (!menteeWants) continue;
      const mine = (byMentor.get(m.id) ?? []).filter((x) => !pinnedMentees.has(x));
      const pinnedHere = (byMentor.get(m.id) ?? []).length - mine.length;
      const free = Math.max(0, m.capacity - pinnedHere) - mine.length;
      const mentorWants = free > 0 || mine.some((x) => result.mentorPrefers(m.id, s.id, x));
      if (mentorWants && Math.max(0, m.capacity - pinnedHere) > 0) out.push([m.id, s.id]);
    }
  }
  return out;
}
