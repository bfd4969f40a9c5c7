import { TOPIC_SYNONYMS } from '@app/shared/matching';

/**
 * Topic matching shared by recommendations and cohort programmes: which of an item's labels meet a
 * person's topics, directly ("Machine Learning" = "machine learning") or through a related topic
 * ("AI" ~ "Machine Learning"), and which topics the item's free text mentions as a word.
 */
export const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

function related(a: string, b: string): boolean {
  return Boolean(TOPIC_SYNONYMS[a]?.includes(b) || TOPIC_SYNONYMS[b]?.includes(a));
}

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

export function matchTopics(topics: readonly string[], labels: readonly string[], text = ''): TopicMatch {
  const out: TopicMatch = { shared: [], related: [], mentioned: [] };
  const seenLabels = new Set<string>();
  const usedTopics = new Set<string>();
  const cleanTopics = [...new Map(topics.filter((t) => t.trim()).map((t) => [norm(t), t.trim()])).entries()];
  for (const label of labels) {
    const l = norm(label);
    if (!l || seenLabels.has(l)) continue;
    const direct = cleanTopics.find(([t]) => t === l);
    if (direct) {
      seenLabels.add(l);
      usedTopics.add(direct[0]);
      out.shared.push(label.trim());
    }
  }
  for (const label of labels) {
    const l = norm(label);
    if (!l || seenLabels.has(l)) continue;
    const rel = cleanTopics.find(([t]) => related(t, l));
    if (rel) {
      seenLabels.add(l);
      usedTopics.add(rel[0]);
      out.related.push([rel[1], label.trim()]);
    }
  }
  if (text) {
    for (const [t, original] of cleanTopics) {
      if (usedTopics.has(t) || t.length < 2) continue;
      if (wordRe(t).test(text)) out.mentioned.push(original);
    }
  }
  return out;
}

export const topicScore = (m: TopicMatch) => 3 * m.shared.length + 2 * m.related.length + 1 * m.mentioned.length;

/** "A", "A and B", "A, B and C" (at most three, then "and N more"). */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  if (items.length > 3) return `${items.slice(0, 3).join(', ')} and ${items.length - 3} more`;
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Reasons in words for a topic match (strongest first). */
export function topicReasons(m: TopicMatch): string[] {
  const out: string[] = [];
  if (m.shared.length) out.push(`Shares ${listWords(m.shared)}`);
  const byTopic = new Map<string, string[]>();
  for (const [topic, label] of m.related) byTopic.set(topic, [...(byTopic.get(topic) ?? []), label]);
  for (const [topic, labels] of byTopic) out.push(`Related to your interest in ${topic}: ${listWords(labels)}`);
  if (m.mentioned.length) out.push(`Mentions ${listWords(m.mentioned)}`);
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
  return (h >>> 0) / 4294967296;
}
