import { TOPIC_SYNONYMS } from '@app/shared/matching';
import type { MatchReason } from '@app/shared/matching-reasons';

/**
 * Topic matching shared by recommendations and cohort programmes: which of an item's labels meet a
 * person's topics, directly ("Machine Learning" = "machine learning") or through a related topic
 * ("AI" ~ "Machine Learning"), and which topics the item's free text mentions as a word.
 */
export const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

export interface TopicMatch {
  /** Item labels equal to one of the person's topics (item spelling). */
  shared: string[];
  /** Item labels related to one of the person's topics: [topic (person spelling), label (item spelling)]. */
  related: Array<[string, string]>;
  /** Person's topics the item's text mentions as a word, not already counted above. */
  mentioned: string[];
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A whole-word, case-insensitive matcher for a topic (compiled once per topic: lists score thousands of rows). */
const wordCache = new Map<string, RegExp>();
function wordRe(topic: string): RegExp {
  let re = wordCache.get(topic);
  if (!re) {
    if (wordCache.size > 2000) wordCache.clear();
    re = new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRe(topic)}($|[^\\p{L}\\p{N}])`, 'iu');
    wordCache.set(topic, re);
  }
  return re;
}

/**
 * A matcher for one person's topics, built once and applied to every candidate (lists score thousands of
 * rows per request): normalised topics and their related topics are prepared here, not per row.
 */
export function topicMatcher(topics: readonly string[]): (labels: readonly string[], text?: string) => TopicMatch {
  const clean = [...new Map(topics.filter((t) => t.trim()).map((t) => [norm(t), t.trim()])).entries()].map(([n, original]) => ({
    n,
    original,
    rel: new Set(TOPIC_SYNONYMS[n] ?? []),
  }));
  return (labels, text = '') => {
    const out: TopicMatch = { shared: [], related: [], mentioned: [] };
    if (clean.length === 0) return out;
    const seenLabels = new Set<string>();
    const usedTopics = new Set<string>();
    const normLabels = labels.map((l) => [l, norm(l)] as const);
    for (const [label, l] of normLabels) {
      if (!l || seenLabels.has(l)) continue;
      const direct = clean.find((t) => t.n === l);
      if (direct) {
        seenLabels.add(l);
        usedTopics.add(direct.n);
        out.shared.push(label.trim());
      }
    }
    for (const [label, l] of normLabels) {
      if (!l || seenLabels.has(l)) continue;
      const back = TOPIC_SYNONYMS[l];
      const rel = clean.find((t) => t.rel.has(l) || Boolean(back?.includes(t.n)));
      if (rel) {
        seenLabels.add(l);
        usedTopics.add(rel.n);
        out.related.push([rel.original, label.trim()]);
      }
    }
    if (text) {
      const lower = text.toLowerCase();
      for (const t of clean) {
        if (usedTopics.has(t.n) || t.n.length < 2 || !lower.includes(t.n)) continue;
        if (wordRe(t.n).test(text)) out.mentioned.push(t.original);
      }
    }
    return out;
  };
}

export function matchTopics(topics: readonly string[], labels: readonly string[], text = ''): TopicMatch {
  return topicMatcher(topics)(labels, text);
}

export const topicScore = (m: TopicMatch) => 3 * m.shared.length + 2 * m.related.length + 1 * m.mentioned.length;

/**
 * The reasons a topic match gives (strongest first), as data worded for the reader when shown
 * (`reasonText`, decision 1280). `whose` is whose topics the related ones are: the reader's own ("your
 * interest in"), the student's a professional reads about ("their interest in"), or a programme's mentee.
 * The professional's view of a student calls shared topics the student's interests.
 */
export function topicReasons(m: TopicMatch, whose: 'yours' | 'theirs' | 'mentee' = 'yours'): MatchReason[] {
  const out: MatchReason[] = [];
  if (m.shared.length) out.push(whose === 'theirs' ? { code: 'interestedIn', topics: m.shared } : { code: 'shares', topics: m.shared });
  const byTopic = new Map<string, string[]>();
  for (const [topic, label] of m.related) byTopic.set(topic, [...(byTopic.get(topic) ?? []), label]);
  for (const [topic, labels] of byTopic) out.push({ code: 'related', whose, topic, labels });
  if (m.mentioned.length) out.push({ code: 'mentions', topics: m.mentioned });
  return out;
}

/** A stable pseudo-random number in [0, 1) for a pair of ids (FNV-1a): tie-breaks that differ per student. */
export function pairJitter(a: string, b: string): number {
  let h = 0x811c9dc5;
  const s = `${a}:${b}`;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // Final avalanche (murmur3 fmix32): without it, ids that differ only in their last characters (sequential
  // ObjectId-style ids of mentors created together) got strongly correlated values for the same student, so
  // one of them was ahead for most students (decision 625).
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}
