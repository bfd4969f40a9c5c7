import { sql, type SQL } from 'drizzle-orm';
import {
  ACTIVE_MENTEE_DAYS,
  AVAILABILITY_HORIZON_DAYS,
  MENTOR_CAPACITY_DEFAULT,
  TOPIC_SYNONYMS,
  type RecommendationItem,
  type RecommendationKind,
  type RecommendationsData,
} from '@app/shared/matching';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { CatalogueCache } from '../../lib/cache.ts';
import type { Actor } from '../../lib/http.ts';
import { queryRows } from '../../lib/sql.ts';
import { freeWindows, type RuleInput } from '../mentoring/index.ts';
import { isolateIn, isTopicReason, reasonText, type MatchReason, type ReasonVoice } from '@app/shared/matching-reasons';
import { norm, pairJitter, topicMatcher, topicReasons, topicScore } from './topics.ts';
import { visibleToStudent } from '../workshops/index.ts';
// Issue 28: a company's project reaches students only once moderated (the same predicate as every list).
import { companyProjectVisible } from '../rd-projects/index.ts';
import { consentWithdrawn } from '../consent/index.ts';

/**
 * "Recommended for you" (issue 14, decision 460). Each list is one SQL query that returns the open
 * candidates (nothing taken, full, expired, dismissed or unavailable) with their signals — full-text rank
 * against the student's topics (ts_rank), what similar students did, load, responsiveness — and a scoring
 * pass in JS that keeps every signal as one of the item's reasons — data (a code and its values), worded
 * in the reader's language only when the list is answered (`wordSuggestion`, decision 1280).
 */

const DAY = 86_400_000;

export interface StudentContext {
  id: string;
  university: string;
  course: string;
  year: number;
  interests: string[];
  /** interests + course: what the student's items are matched against. */
  topics: string[];
}

export async function loadStudent(db: Db, studentId: string): Promise<StudentContext> {
  const [row] = await queryRows<{ university: string; course: string; year: number; interests: string[] }>(
    db,
    sql`SELECT university, course, year, interests FROM student_profiles WHERE user_id = ${studentId}`,
  );
  if (!row) throw notFound('Student profile');
  const interests = Array.isArray(row.interests) ? row.interests.filter((s): s is string => typeof s === 'string') : [];
  return { id: studentId, ...row, interests, topics: [...interests, row.course].filter((t) => t.trim()) };
}

/** The student's topics and their related topics as one OR-ed tsquery (NULL when there is none). */
function topicQuery(topics: readonly string[]): SQL {
  const terms = new Set<string>();
  for (const t of topics) {
    const n = norm(t);
    if (!n) continue;
    terms.add(n);
    for (const s of TOPIC_SYNONYMS[n] ?? []) terms.add(s);
  }
  const list = [...terms].slice(0, 40);
  if (list.length === 0) return sql`NULL::tsquery`;
  return sql.join(
    list.map((t) => sql`plainto_tsquery('english', ${t})`),
    sql` || `,
  );
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Whole days until `ms` from now (1: within a day), as the reasons count them. */
const daysIn = (ms: number) => Math.max(1, Math.ceil(ms / DAY));

/** What is written under a suggestion's title, as data (worded for the reader by `wordSuggestion`). */
type SubtitleParts =
  | { of: 'professional'; title: string; company: string; expertise: string }
  | { of: 'workshop'; category: string; startsAt: string }
  | { of: 'rd-project'; field: string };

/** A suggestion before it is worded for its reader: its reasons and subtitle as data. */
export interface Suggestion extends Omit<RecommendationItem, 'subtitle' | 'reasons'> {
  subtitle: SubtitleParts;
  reasons: MatchReason[];
}

/** A suggestion in the reader's language: reasons and subtitle from the catalogues, dates in their zone (decision 1280). */
export function wordSuggestion(voice: ReasonVoice, item: Suggestion): RecommendationItem {
  const { subtitle: parts } = item;
  // The category, job title and employer are their authors' words: isolated when their direction is not the sentence's.
  const data = (text: string) => isolateIn(voice.direction, text);
  let subtitle: string;
  if (parts.of === 'workshop') subtitle = voice.t('matching.subtitle.workshop', { category: data(parts.category), date: voice.format.date(parts.startsAt) });
  else if (parts.of === 'rd-project') subtitle = parts.field;
  else if (parts.title && parts.company) subtitle = voice.t('matching.subtitle.professional', { title: data(parts.title), company: data(parts.company) });
  else subtitle = parts.title || parts.company || parts.expertise;
  return { ...item, subtitle, reasons: item.reasons.map((r) => reasonText(voice, r)) };
}

// ---------------------------------------------------------------------------------------------------
// Professionals

interface ProRow {
  id: string;
  first_name: string;
  last_name: string;
  title: string;
  company: string;
  expertise: string;
  specializations: string[];
  skills: string[];
  bio: string | null;
  rating_sum: number;
  rating_count: number;
  capacity: number;
  open_requests: number;
  active_mentees: number;
  median_response_s: number | null;
  /** Distinct students interested in the mentor's expertise (interests or course) who sent them a request in the last year. */
  topic_peers: number;
}

/**
 * The student-independent part of the mentor list (decision 656): every listed mentor with their load,
 * capacity, responsiveness and how many students of their topic contacted them, plus the demand per topic.
 * Plain JSON (it is shared through the catalogue cache, which compares entries as JSON in verify mode).
 */
export interface MentorPool {
  /** The moment the pool is for (the start of a minute), ISO. */
  at: string;
  rows: ProRow[];
  /** Normalised topic → students listing it among their interests (contention, decision 625). */
  interested: Record<string, number>;
  /** Normalised topic → students listing it among their interests or as their course (audience, decision 655). */
  audience: Record<string, number>;
  students: number;
}

/** Tables the pool reads: any write to them invalidates a cached pool (lib/cache.ts, decision 441). */
export const MENTOR_POOL_TABLES = ['users', 'professional_profiles', 'mentor_settings', 'connection_requests', 'student_profiles'] as const;
/** The pool is computed for the start of the current minute and kept until its end (decision 656). */
export const MENTOR_POOL_TTL_MS = 60_000;

/** Open requests + active mentees of one professional (the load their capacity limits). */
export function loadSql(proId: SQL | string, now: Date): SQL {
  const since = new Date(now.getTime() - ACTIVE_MENTEE_DAYS * DAY).toISOString();
  return sql`(SELECT count(*) FILTER (WHERE r.status = 'pending')
                + count(DISTINCT r.student_id) FILTER (WHERE r.status = 'accepted' AND r.responded_at > ${since}::timestamptz)
              FROM connection_requests r WHERE r.professional_id = ${proId})::int`;
}

/** The normalised topics of one student profile: interests and course (as `StudentContext.topics`). */
function profileTopics(course: string, interests: unknown): Set<string> {
  const out = new Set<string>();
  for (const t of [...(Array.isArray(interests) ? interests : []), course]) if (typeof t === 'string' && norm(t)) out.add(norm(t));
  return out;
}

export async function readMentorPool(db: Db, at: Date): Promise<MentorPool> {
  const since = new Date(at.getTime() - ACTIVE_MENTEE_DAYS * DAY).toISOString();
  const yearAgo = new Date(at.getTime() - 365 * DAY).toISOString();
  const rows = await queryRows<Omit<ProRow, 'topic_peers'>>(
    db,
    sql`WITH load AS (
        SELECT r.professional_id,
               count(*) FILTER (WHERE r.status = 'pending')::int AS open_requests,
               count(DISTINCT r.student_id) FILTER (WHERE r.status = 'accepted' AND r.responded_at > ${since}::timestamptz)::int AS active_mentees,
               percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM r.responded_at - r.created_at))
                 FILTER (WHERE r.status IN ('accepted', 'rejected') AND r.responded_at IS NOT NULL AND r.created_at > ${yearAgo}::timestamptz)
                 AS median_response_s
        FROM connection_requests r GROUP BY r.professional_id)
    SELECT u.id, u.first_name, u.last_name, p.title, p.company, p.expertise, p.specializations, p.skills, u.bio,
           p.rating_sum, p.rating_count,
           coalesce(ms.max_mentees, ${MENTOR_CAPACITY_DEFAULT})::int AS capacity,
           coalesce(l.open_requests, 0) AS open_requests, coalesce(l.active_mentees, 0) AS active_mentees,
           l.median_response_s
    FROM users u
    JOIN professional_profiles p ON p.user_id = u.id
    LEFT JOIN mentor_settings ms ON ms.professional_id = u.id
    LEFT JOIN load l ON l.professional_id = u.id
    WHERE u.role = 'professional' AND u.is_active AND u.is_verified AND p.accepting_requests
    ORDER BY u.id`,
  );
  // Students grouped by their (course, interests): demand and audience per topic are counted in JS with the
  // same normalisation as the matcher (one grouped scan instead of unnesting and normalising in SQL).
  const groups = await queryRows<{ course: string; interests: unknown; n: number }>(
    db,
    sql`SELECT sp.course, sp.interests, count(*)::int AS n FROM student_profiles sp GROUP BY sp.course, sp.interests`,
  );
  const interested: Record<string, number> = {};
  const audience: Record<string, number> = {};
  let students = 0;
  for (const g of groups) {
    students += g.n;
    for (const t of Array.isArray(g.interests) ? g.interests : []) {
      if (typeof t === 'string' && norm(t)) interested[norm(t)] = (interested[norm(t)] ?? 0) + g.n;
    }
    for (const t of profileTopics(g.course, g.interests)) audience[t] = (audience[t] ?? 0) + g.n;
  }
  // Requesters of the last year per mentor, grouped by their (course, interests): those whose topics include
  // the mentor's expertise are the mentor's topic peers.
  const requesters = await queryRows<{ professional_id: string; course: string; interests: unknown; n: number }>(
    db,
    sql`SELECT r.professional_id, sp.course, sp.interests, count(DISTINCT r.student_id)::int AS n
        FROM connection_requests r JOIN student_profiles sp ON sp.user_id = r.student_id
        WHERE r.created_at > ${yearAgo}::timestamptz
        GROUP BY r.professional_id, sp.course, sp.interests`,
  );
  const expertiseOf = new Map(rows.map((r) => [r.id, norm(r.expertise)]));
  const peers = new Map<string, number>();
  for (const q of requesters) {
    const e = expertiseOf.get(q.professional_id);
    if (e && profileTopics(q.course, q.interests).has(e)) peers.set(q.professional_id, (peers.get(q.professional_id) ?? 0) + q.n);
  }
  return { at: at.toISOString(), rows: rows.map((r) => ({ ...r, topic_peers: peers.get(r.id) ?? 0 })), interested, audience, students };
}

/**
 * The pool for `now`: through the catalogue cache when one is given (the API), read directly otherwise. One
 * entry (not one per minute: old ones would pile up in the cache), computed for the start of the caller's
 * minute and expiring at its end, so a hit is always for the caller's minute (decision 656).
 */
export async function mentorPool(db: Db, now: Date, cache?: CatalogueCache): Promise<MentorPool> {
  const at = new Date(Math.floor(now.getTime() / MENTOR_POOL_TTL_MS) * MENTOR_POOL_TTL_MS);
  if (!cache) return readMentorPool(db, at);
  const ttlMs = Math.max(1, at.getTime() + MENTOR_POOL_TTL_MS - now.getTime());
  const pool = await cache.get('matching.mentor-pool', MENTOR_POOL_TABLES, null, () => readMentorPool(db, at), { ttlMs });
  // A caller on the other side of a minute boundary than the entry (a race at the boundary) reads its own.
  return pool.at === at.toISOString() ? pool : readMentorPool(db, at);
}

interface StudentMentorState {
  textRank: Map<string, number>;
  hidden: Set<string>;
  /** Mentors this student sent a request to (any status): their topic_peers include the student. */
  contacted: Set<string>;
  sameCourse: Map<string, number>;
}

/** The per-student part: full-text rank, dismissals, own requests, classmates who connected (one statement). */
async function studentMentorState(db: Db, s: StudentContext): Promise<StudentMentorState> {
  const q = topicQuery(s.topics);
  const rows = await queryRows<{ k: string; id: string; x: number }>(
    db,
    sql`WITH q AS (SELECT ${q} AS q)
    SELECT 'rank' AS k, sd.professional_id AS id, ts_rank(sd.doc, (SELECT q FROM q))::float8 AS x
      FROM professional_search_docs sd WHERE sd.doc @@ (SELECT q FROM q)
    UNION ALL
    SELECT 'hidden', d.item_id, 0 FROM recommendation_dismissals d WHERE d.student_id = ${s.id} AND d.kind = 'professional'
    UNION ALL
    SELECT CASE WHEN r.status IN ('pending', 'accepted') THEN 'open' ELSE 'contacted' END, r.professional_id, 0
      FROM connection_requests r WHERE r.student_id = ${s.id}
    UNION ALL
    SELECT 'course', r.professional_id, count(DISTINCT r.student_id)::float8
      FROM student_profiles sp JOIN connection_requests r ON r.student_id = sp.user_id AND r.status = 'accepted'
      WHERE sp.course = ${s.course} AND sp.university = ${s.university} AND sp.user_id <> ${s.id}
      GROUP BY r.professional_id`,
  );
  const state: StudentMentorState = { textRank: new Map(), hidden: new Set(), contacted: new Set(), sameCourse: new Map() };
  for (const r of rows) {
    if (r.k === 'rank') state.textRank.set(r.id, r.x);
    else if (r.k === 'hidden') state.hidden.add(r.id);
    else if (r.k === 'contacted') state.contacted.add(r.id);
    else if (r.k === 'open') {
      // A pending or accepted request: not recommended again (and the student is one of the mentor's peers).
      state.hidden.add(r.id);
      state.contacted.add(r.id);
    } else state.sameCourse.set(r.id, r.x);
  }
  return state;
}

interface Availability {
  thisWeek: boolean;
  twoWeeks: boolean;
}

/** Free time in the next 7 / 14 days: enabled rules minus scheduled sessions and pending slot holds. */
async function availabilityOf(db: Db, ids: string[], now: Date): Promise<Map<string, Availability>> {
  const out = new Map<string, Availability>();
  if (ids.length === 0) return out;
  const start = now.getTime();
  const end = start + AVAILABILITY_HORIZON_DAYS * DAY;
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rules = await queryRows<RuleInput & { professional_id: string }>(
    db,
    sql`SELECT id, professional_id, is_recurring AS "isRecurring", day_of_week AS "dayOfWeek", date::text AS date,
               start_time AS "startTime", end_time AS "endTime", timezone, notes, enabled
        FROM availability_rules WHERE professional_id IN (${idList}) AND enabled`,
  );
  const busy = await queryRows<{ professional_id: string; s: string; e: string }>(
    db,
    sql`SELECT professional_id, starts_at AS s, ends_at AS e FROM mentoring_sessions
        WHERE professional_id IN (${idList}) AND status = 'scheduled'
          AND ends_at > ${new Date(start).toISOString()}::timestamptz AND starts_at < ${new Date(end).toISOString()}::timestamptz
        UNION ALL
        SELECT professional_id, requested_start, requested_end FROM connection_requests
        WHERE professional_id IN (${idList}) AND status = 'pending' AND requested_start IS NOT NULL
          AND requested_end > ${new Date(start).toISOString()}::timestamptz AND requested_start < ${new Date(end).toISOString()}::timestamptz`,
  );
  const rulesBy = new Map<string, RuleInput[]>();
  for (const r of rules) rulesBy.set(r.professional_id, [...(rulesBy.get(r.professional_id) ?? []), r]);
  const busyBy = new Map<string, { start: number; end: number }[]>();
  for (const b of busy) {
    busyBy.set(b.professional_id, [...(busyBy.get(b.professional_id) ?? []), { start: new Date(b.s).getTime(), end: new Date(b.e).getTime() }]);
  }
  const minFree = 30 * 60_000;
  for (const id of ids) {
    const windows = freeWindows(rulesBy.get(id) ?? [], busyBy.get(id) ?? [], { start, end }).filter((w) => w.end - w.start >= minFree);
    out.set(id, {
      thisWeek: windows.some((w) => w.start < start + 7 * DAY),
      twoWeeks: windows.length > 0,
    });
  }
  return out;
}

interface Scored<T> {
  row: T;
  score: number;
  reasons: MatchReason[];
  /** The contention damping of quality signals (mentors, decision 625). */
  damp?: number;
  /** Over the exposure cap for this student: ranked after every mentor who is not (decision 655). */
  rest?: boolean;
}

/** Best first; mentors resting under the exposure cap after all others; ties by id. */
const byRank = <T extends { id: string }>(a: Scored<T>, b: Scored<T>) =>
  Number(a.rest ?? false) - Number(b.rest ?? false) || b.score - a.score || (a.row.id < b.row.id ? -1 : 1);

/**
 * Exposure cap (decision 655): a mentor whose topic's audience is larger than EXPOSURE_LIST_SHARE of all
 * students enters a given student's head of list only for a stable pseudo-random EXPOSURE_LIST_SHARE ×
 * students / audience of that audience (the others see them after every mentor who is not resting); so no one
 * mentor can be in much more than that share of all students' lists, whatever their signals. Mentors of
 * smaller topics are not touched. Below EXPOSURE_MIN_LISTS students nothing is capped (shares of a handful
 * of students are noise), and a topic with too few mentors to fill its students' top five under the cap
 * keeps enough of them (at least EXPOSURE_FILL / mentors): relevance before spread when both cannot hold.
 */
export const EXPOSURE_LIST_SHARE = 0.12;
export const EXPOSURE_MIN_LISTS = 50;
const EXPOSURE_FILL = 10;
/** Weight of log2(1 + students of the mentor's topic who contacted them) (decision 655). */
const PEER_WEIGHT = 1.2;

/** The share of a topic's audience whose head of list a mentor of that topic may enter (1: no cap). */
export function exposureQuota(audience: number, students: number, mentors: number): number {
  const lists = Math.max(EXPOSURE_MIN_LISTS, EXPOSURE_LIST_SHARE * students);
  if (audience <= lists) return 1;
  return Math.min(1, Math.max(lists / audience, EXPOSURE_FILL / Math.max(1, mentors)));
}

export async function recommendProfessionals(
  db: Db,
  s: StudentContext,
  limit: number,
  now: Date,
  cache?: CatalogueCache,
): Promise<Suggestion[]> {
  const pool = await mentorPool(db, now, cache);
  const mine = await studentMentorState(db, s);
  const rows = pool.rows.filter((r) => !mine.hidden.has(r.id));
  // Contention per expertise: students interested in it per listed mentor with it (decision 625).
  const supply = new Map<string, number>();
  for (const row of rows) supply.set(norm(row.expertise), (supply.get(norm(row.expertise)) ?? 0) + 1);
  const match = topicMatcher(s.topics);
  const ownTopics = new Set(s.topics.map(norm));
  const scored: Scored<ProRow>[] = [];
  for (const row of rows) {
    const load = row.open_requests + row.active_mentees;
    // A mentor at capacity (or with capacity 0) is not pushed.
    if (load >= row.capacity) continue;
    const labels = [row.expertise, ...(row.specializations ?? []), ...(row.skills ?? [])];
    const m = match(labels, `${row.title} ${row.bio ?? ''}`);
    const reasons = topicReasons(m);
    let relevance = topicScore(m) + Math.min(mine.textRank.get(row.id) ?? 0, 0.5) * 4;
    const expertise = norm(row.expertise);
    // Similar students: those who share the topic this mentor is matched on (their expertise) and contacted
    // them (decision 655). The student's own earlier request is not counted.
    if (ownTopics.has(expertise)) {
      const peers = row.topic_peers - (mine.contacted.has(row.id) ? 1 : 0);
      if (peers > 0) {
        relevance += PEER_WEIGHT * Math.log2(1 + peers);
        reasons.push({ code: 'topicPeers', count: peers, topic: row.expertise });
      }
    }
    // Quality signals (classmates, responsiveness, rating) would send every student of a crowded topic to
    // the same few mentors: they are damped by the log of the topic's contention (decision 625).
    const contention = (pool.interested[expertise] ?? 0) / (supply.get(expertise) ?? 1);
    const damp = 1 / Math.max(1, Math.log2(1 + contention));
    let quality = 0;
    const sameCourse = mine.sameCourse.get(row.id) ?? 0;
    if (sameCourse > 0) {
      quality += Math.min(sameCourse, 3) * 0.6;
      reasons.push({ code: 'classmates', count: sameCourse, did: 'connected' });
    }
    if (row.median_response_s !== null) {
      const ms = row.median_response_s * 1000;
      if (ms <= 2 * DAY) {
        quality += 0.6;
        reasons.push({ code: 'answers', days: daysIn(ms) });
      } else if (ms > 7 * DAY) quality -= 0.6;
    }
    if (row.rating_count >= 3) {
      const avg = row.rating_sum / row.rating_count;
      quality += (avg - 3) * 0.4;
      if (avg >= 4) reasons.push({ code: 'rated', rating: round1(avg), count: row.rating_count });
    }
    // Fairness: the fuller a mentor, the less they are pushed; a per-student jitter spreads equal scores; a
    // mentor of a crowded topic rests in part of its audience's lists (the exposure cap).
    const free = row.capacity - load;
    let score = relevance + quality * damp;
    score -= 1.5 * (load / row.capacity);
    score += 0.9 * pairJitter(s.id, row.id);
    const quota = exposureQuota(pool.audience[expertise] ?? 0, pool.students, supply.get(expertise) ?? 1);
    const rest = quota < 1 && pairJitter(`exposure:${s.id}`, row.id) >= quota;
    if (free <= 2) reasons.push({ code: 'placesLeft', count: free });
    scored.push({ row, score, reasons, damp, rest });
  }
  scored.sort(byRank);
  // Availability only for the best part of the list: walk down until enough are free in two weeks.
  const out: Suggestion[] = [];
  for (let from = 0; from < scored.length && out.length < limit; from += limit * 4) {
    const chunk = scored.slice(from, from + limit * 4);
    const avail = await availabilityOf(
      db,
      chunk.map((c) => c.row.id),
      now,
    );
    const ranked = chunk
      .map((c) => {
        const a = avail.get(c.row.id);
        if (!a?.twoWeeks) return null;
        const reasons: MatchReason[] = [...c.reasons, { code: 'freeSlots', when: a.thisWeek ? 'thisWeek' : 'twoWeeks' }];
        return { ...c, score: c.score + (a.thisWeek ? 0.5 : 0.25) * (c.damp ?? 1), reasons };
      })
      .filter((c): c is Scored<ProRow> => c !== null)
      .sort(byRank);
    for (const c of ranked) {
      if (out.length >= limit) break;
      const r = c.row;
      out.push({
        kind: 'professional',
        id: r.id,
        title: `${r.first_name} ${r.last_name}`.trim(),
        subtitle: { of: 'professional', title: r.title, company: r.company, expertise: r.expertise },
        href: `/student/dashboard?tab=professionals&professional=${r.id}`,
        score: round1(c.score),
        reasons: c.reasons,
      });
    }
  }
  return out;
}

/**
 * How many students of the same course and university registered for / applied to each of `ids`: read for
 * the best part of a list only (through the per-item indexes), then used to re-rank that part.
 */
async function classmates(db: Db, s: StudentContext, kind: 'workshop' | 'rd-project', ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ id: string; n: number }>(
    db,
    kind === 'workshop'
      ? sql`SELECT r.workshop_id AS id, count(*)::int AS n FROM workshop_registrations r JOIN student_profiles sp ON sp.user_id = r.student_id
            WHERE r.workshop_id IN (${list}) AND r.status <> 'cancelled' AND r.student_id <> ${s.id}
              AND sp.course = ${s.course} AND sp.university = ${s.university}
            GROUP BY r.workshop_id`
      : sql`SELECT a.project_id AS id, count(*)::int AS n FROM rd_applications a JOIN student_profiles sp ON sp.user_id = a.student_id
            WHERE a.project_id IN (${list}) AND a.student_id <> ${s.id} AND sp.course = ${s.course} AND sp.university = ${s.university}
            GROUP BY a.project_id`,
  );
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Re-rank the head of a scored list with the classmates signal (and its reason). */
async function withClassmates<T extends { id: string }>(
  db: Db,
  s: StudentContext,
  kind: 'workshop' | 'rd-project',
  scored: Scored<T>[],
  limit: number,
): Promise<Scored<T>[]> {
  const head = scored.slice(0, Math.max(20, limit * 4));
  const counts = await classmates(
    db,
    s,
    kind,
    head.map((h) => h.row.id),
  );
  const out = head.map((h) => {
    const n = counts.get(h.row.id) ?? 0;
    if (n === 0) return h;
    const reasons = [...h.reasons];
    // Keep the topic reasons first; the classmates reason goes right after them.
    const at = reasons.findIndex((r) => !isTopicReason(r));
    reasons.splice(at < 0 ? reasons.length : at, 0, { code: 'classmates', count: n, did: kind === 'workshop' ? 'registered' : 'applied' });
    return { ...h, score: h.score + Math.min(n, 5) * 0.3, reasons };
  });
  return out.sort((a, b) => b.score - a.score || (a.row.id < b.row.id ? -1 : 1));
}

// ---------------------------------------------------------------------------------------------------
// Workshops

interface WorkshopRow {
  id: string;
  title: string;
  description: string;
  category: string;
  tags: string[];
  starts_at: string;
  seats_left: number;
  max_participants: number;
  co: number;
  text_rank: number;
}

/** Where students take part in an item: the table, its item column, and which of its rows count. */
interface Participation {
  table: string;
  item: string;
  /** Which rows count, as a condition on the row with that alias (a cancelled registration does not), or none. */
  counts?: (alias: string) => string;
}
const REGISTRATIONS: Participation = { table: 'workshop_registrations', item: 'workshop_id', counts: (a) => `${a}.status <> 'cancelled'` };
const APPLICATIONS: Participation = { table: 'rd_applications', item: 'project_id' };

/**
 * What similar students did, as three CTEs: `mine` (the items the student took part in), `peers` (the 300
 * students who share most of them) and `co` (`item`, `n`: how many of those peers took part in each item).
 * The same for workshops and R&D projects. `LATERAL … OFFSET 0` (kept from being flattened into a hash
 * join): one index lookup per peer (≤ 300) instead of a scan of the whole table, which the planner prefers
 * by its estimates (decision 624). The identifiers are the constants above, never input.
 */
function coParticipation(p: Participation, studentId: string): SQL {
  const table = sql.raw(p.table);
  const item = sql.raw(p.item);
  const counts = (alias: string) => (p.counts ? sql.raw(` AND ${p.counts(alias)}`) : sql``);
  return sql`mine AS (SELECT r.${item} FROM ${table} r WHERE r.student_id = ${studentId}${counts('r')}),
      peers AS (
        SELECT r.student_id, count(*)::int AS shared FROM ${table} r JOIN mine m ON m.${item} = r.${item}
        WHERE r.student_id <> ${studentId}${counts('r')}
        GROUP BY r.student_id ORDER BY shared DESC, r.student_id LIMIT 300),
      co AS (
        SELECT r.${item}, count(*)::int AS n
        FROM peers p CROSS JOIN LATERAL (SELECT x.${item} FROM ${table} x WHERE x.student_id = p.student_id${counts('x')} OFFSET 0) r
        GROUP BY r.${item})`;
}

async function workshopCandidates(db: Db, s: StudentContext, now: Date): Promise<WorkshopRow[]> {
  const q = topicQuery(s.topics);
  const nowIso = now.toISOString();
  return queryRows<WorkshopRow>(
    db,
    sql`WITH q AS (SELECT ${q} AS q),
      ${coParticipation(REGISTRATIONS, s.id)}
    SELECT w.id, w.title, w.description, w.category, w.tags, w.starts_at, (w.max_participants - w.registered_count)::int AS seats_left,
           w.max_participants, coalesce(co.n, 0) AS co,
           coalesce(ts_rank(sd.doc, (SELECT q FROM q)), 0)::float8 AS text_rank
    FROM workshops w
    LEFT JOIN workshop_search_docs sd ON sd.workshop_id = w.id
    LEFT JOIN co ON co.workshop_id = w.id
    WHERE w.status = 'published' AND w.starts_at > ${nowIso}::timestamptz AND w.registered_count < w.max_participants
      AND NOT EXISTS (SELECT 1 FROM workshop_registrations r WHERE r.workshop_id = w.id AND r.student_id = ${s.id})
      AND ${visibleToStudent(sql`w.organisation_id`, s.id)}
      AND NOT EXISTS (SELECT 1 FROM recommendation_dismissals d WHERE d.student_id = ${s.id} AND d.kind = 'workshop' AND d.item_id = w.id)`,
  );
}

export async function recommendWorkshops(db: Db, s: StudentContext, limit: number, now: Date): Promise<Suggestion[]> {
  const rows = await workshopCandidates(db, s, now);
  const match = topicMatcher(s.topics);
  const scored: Scored<WorkshopRow>[] = rows.map((row) => {
    const m = match([row.category, ...(row.tags ?? [])], `${row.title} ${row.description}`);
    const reasons = topicReasons(m);
    let score = topicScore(m) + Math.min(row.text_rank, 0.5) * 4;
    if (row.co > 0) {
      score += Math.log2(1 + row.co) * 0.8;
      reasons.push({ code: 'coParticipants', count: row.co, did: 'registered' });
    }
    const until = new Date(row.starts_at).getTime() - now.getTime();
    if (until <= 14 * DAY) {
      score += 0.4;
      reasons.push({ code: 'startsIn', days: daysIn(until) });
    } else if (until > 90 * DAY) score -= 0.3;
    reasons.push({ code: 'seatsLeft', count: row.seats_left, few: row.seats_left <= 5 });
    score += 0.2 * pairJitter(s.id, row.id);
    return { row, score, reasons };
  });
  scored.sort((a, b) => b.score - a.score || (a.row.id < b.row.id ? -1 : 1));
  const ranked = await withClassmates(db, s, 'workshop', scored, limit);
  return ranked.slice(0, limit).map(({ row, score, reasons }) => ({
    kind: 'workshop' as const,
    id: row.id,
    title: row.title,
    subtitle: { of: 'workshop' as const, category: row.category, startsAt: new Date(row.starts_at).toISOString() },
    href: `/student/dashboard?tab=workshops&workshop=${row.id}`,
    score: round1(score),
    reasons,
  }));
}

// ---------------------------------------------------------------------------------------------------
// R&D projects

interface ProjectRow {
  id: string;
  title: string;
  summary: string;
  field: string;
  tags: string[];
  skills: string[];
  application_deadline: string;
  open_positions: number;
  co: number;
  text_rank: number;
}

async function projectCandidates(db: Db, s: StudentContext, now: Date): Promise<ProjectRow[]> {
  const q = topicQuery(s.topics);
  const nowIso = now.toISOString();
  return queryRows<ProjectRow>(
    db,
    sql`WITH q AS (SELECT ${q} AS q),
      ${coParticipation(APPLICATIONS, s.id)},
      roles AS (
        SELECT project_id, sum(max_positions - current_positions)::int AS open_positions,
               coalesce(jsonb_agg(skills_required), '[]'::jsonb) AS skills
        FROM rd_project_roles GROUP BY project_id)
    SELECT p.id, p.title, p.summary, p.field, p.tags, roles.skills || coalesce(p.requirements -> 'technicalSkills', '[]'::jsonb) AS skills,
           p.application_deadline, roles.open_positions, coalesce(co.n, 0) AS co,
           coalesce(ts_rank(sd.doc, (SELECT q FROM q)), 0)::float8 AS text_rank
    FROM rd_projects p
    LEFT JOIN rd_project_search_docs sd ON sd.project_id = p.id
    JOIN roles ON roles.project_id = p.id
    LEFT JOIN co ON co.project_id = p.id
    WHERE p.status = 'active' AND p.visibility = 'public' AND p.application_deadline > ${nowIso}::timestamptz
      AND roles.open_positions > 0
      AND ${companyProjectVisible(sql`p.id`)}
      AND NOT EXISTS (SELECT 1 FROM rd_applications a WHERE a.project_id = p.id AND a.student_id = ${s.id})
      AND NOT EXISTS (SELECT 1 FROM recommendation_dismissals d WHERE d.student_id = ${s.id} AND d.kind = 'rd-project' AND d.item_id = p.id)`,
  );
}

function flatStrings(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) => (Array.isArray(v) ? flatStrings(v) : typeof v === 'string' ? [v] : []));
}

export async function recommendProjects(db: Db, s: StudentContext, limit: number, now: Date): Promise<Suggestion[]> {
  const rows = await projectCandidates(db, s, now);
  const match = topicMatcher(s.topics);
  const scored: Scored<ProjectRow>[] = rows.map((row) => {
    const m = match([row.field, ...(row.tags ?? []), ...flatStrings(row.skills)], `${row.title} ${row.summary}`);
    const reasons = topicReasons(m);
    let score = topicScore(m) + Math.min(row.text_rank, 0.5) * 4;
    if (row.co > 0) {
      score += Math.log2(1 + row.co) * 0.8;
      reasons.push({ code: 'coParticipants', count: row.co, did: 'applied' });
    }
    const until = new Date(row.application_deadline).getTime() - now.getTime();
    if (until <= 14 * DAY) {
      score += 0.3;
      reasons.push({ code: 'closesIn', days: daysIn(until) });
    }
    reasons.push({ code: 'openPositions', count: row.open_positions });
    score += 0.2 * pairJitter(s.id, row.id);
    return { row, score, reasons };
  });
  scored.sort((a, b) => b.score - a.score || (a.row.id < b.row.id ? -1 : 1));
  const ranked = await withClassmates(db, s, 'rd-project', scored, limit);
  return ranked.slice(0, limit).map(({ row, score, reasons }) => ({
    kind: 'rd-project' as const,
    id: row.id,
    title: row.title,
    subtitle: { of: 'rd-project' as const, field: row.field },
    href: `/student/dashboard?tab=rd-projects&project=${row.id}`,
    score: round1(score),
    reasons,
  }));
}

/** The student's suggestions of one kind, worded for `voice` (the caller's language and zone). */
export async function recommend(
  db: Db,
  actor: Actor,
  kind: RecommendationKind,
  limit: number,
  voice: ReasonVoice,
  now = new Date(),
  cache?: CatalogueCache,
): Promise<RecommendationsData> {
  // A student who withdrew consent to matching on their profile gets no suggestions built from it (issue 24, decision 841).
  if (await consentWithdrawn(db, actor.id, 'matching')) return { kind, items: [] };
  const s = await loadStudent(db, actor.id);
  const items =
    kind === 'professional'
      ? await recommendProfessionals(db, s, limit, now, cache)
      : kind === 'workshop'
        ? await recommendWorkshops(db, s, limit, now)
        : await recommendProjects(db, s, limit, now);
  return { kind, items: items.map((item) => wordSuggestion(voice, item)) };
}
