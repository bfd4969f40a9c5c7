import { and, eq, sql } from 'drizzle-orm';
import {
  MIN_RESPONSES,
  SURVEY_MESSAGES as M,
  SURVEY_SEND_HOUR_UTC,
  type surveyBody,
  type AnswersBody,
  type MySurveys,
  type ProgrammeSurveys,
  type Question,
  type QuestionResult,
  type SurveyForm,
  type SurveyResults,
  type SurveySummary,
} from '@app/shared/surveys';
import type { SurveyReportSection } from '@app/shared/outcomes';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { programmes } from '../../db/schema/matching.ts';
import { programmeSurveys, surveyRecipients, surveyResponses } from '../../db/schema/surveys.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isId, newId } from '../../lib/ids.ts';
import { queryRows } from '../../lib/sql.ts';

/** Who coordinates: a platform admin (every programme) or a university admin (their own, decision 622). */
export interface CoordinatorScope {
  organisationId?: string;
  actorId: string;
}

type SurveyRow = typeof programmeSurveys.$inferSelect;
type ProgrammeRow = typeof programmes.$inferSelect;
const DAY = 86_400_000;

async function programmeOf(db: Db, id: string, scope: CoordinatorScope): Promise<ProgrammeRow> {
  if (!isId(id)) throw notFound('Programme');
  const [row] = await db.select().from(programmes).where(eq(programmes.id, id));
  if (!row || (scope.organisationId !== undefined && row.organisationId !== scope.organisationId)) throw notFound('Programme');
  return row;
}

async function surveyOf(db: Db, programmeId: string, surveyId: string, scope: CoordinatorScope): Promise<SurveyRow> {
  const p = await programmeOf(db, programmeId, scope);
  if (!isId(surveyId)) throw notFound('Survey');
  const [s] = await db
    .select()
    .from(programmeSurveys)
    .where(and(eq(programmeSurveys.id, surveyId), eq(programmeSurveys.programmeId, p.id)));
  if (!s) throw notFound('Survey');
  return s;
}

const dayAt = (isoDate: string, plusDays = 0) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + plusDays * DAY + SURVEY_SEND_HOUR_UTC * 3_600_000);

/** When a survey is due, from the programme's dates (decision 920: 09:00 UTC on the day). */
export function sendAtOf(p: Pick<ProgrammeRow, 'startsOn' | 'endsOn'>, b: { trigger: SurveyRow['trigger']; day?: number | null; date?: string | null }): Date {
  switch (b.trigger) {
    case 'start':
    case 'first-meeting':
      return dayAt(p.startsOn);
    case 'day':
      return dayAt(p.startsOn, b.day ?? 0);
    case 'midpoint': {
      const span = Math.round((Date.parse(p.endsOn) - Date.parse(p.startsOn)) / DAY);
      return dayAt(p.startsOn, Math.floor(span / 2));
    }
    case 'end':
      return dayAt(p.endsOn);
    case 'date':
      return dayAt(b.date ?? p.startsOn);
  }
}

async function counts(db: Db, ids: string[]): Promise<Map<string, { recipients: number; responses: number }>> {
  const out = new Map<string, { recipients: number; responses: number }>();
  if (ids.length === 0) return out;
  const list = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  const rec = await queryRows<{ survey_id: string; n: number | string }>(db, sql`SELECT survey_id, count(*) AS n FROM survey_recipients WHERE survey_id IN (${list}) GROUP BY survey_id`);
  const res = await queryRows<{ survey_id: string; n: number | string }>(db, sql`SELECT survey_id, count(*) AS n FROM survey_responses WHERE survey_id IN (${list}) GROUP BY survey_id`);
  for (const id of ids) out.set(id, { recipients: 0, responses: 0 });
  for (const r of rec) out.set(r.survey_id, { recipients: Number(r.n), responses: 0 });
  for (const r of res) {
    const c = out.get(r.survey_id);
    if (c) c.responses = Number(r.n);
  }
  return out;
}

function summaryOf(s: SurveyRow, c: { recipients: number; responses: number } | undefined): SurveySummary {
  return {
    id: s.id,
    title: s.title,
    kind: s.kind,
    audience: s.audience,
    trigger: s.trigger,
    day: s.day,
    date: s.date,
    sendAt: s.sendAt.toISOString(),
    reminderAfterDays: s.reminderAfterDays,
    status: s.sentAt ? 'sent' : 'scheduled',
    recipients: c?.recipients ?? 0,
    responses: c?.responses ?? 0,
    questions: s.questions,
  };
}

export async function listSurveys(db: Db, programmeId: string, scope: CoordinatorScope): Promise<ProgrammeSurveys> {
  const p = await programmeOf(db, programmeId, scope);
  const rows = await db.select().from(programmeSurveys).where(eq(programmeSurveys.programmeId, p.id)).orderBy(programmeSurveys.sendAt, programmeSurveys.id).limit(200);
  const c = await counts(
    db,
    rows.map((r) => r.id),
  );
  return { surveys: rows.map((r) => summaryOf(r, c.get(r.id))), threshold: MIN_RESPONSES };
}

export async function createSurvey(db: Db, programmeId: string, body: z.output<typeof surveyBody>, scope: CoordinatorScope, now: Date): Promise<ProgrammeSurveys> {
  const p = await programmeOf(db, programmeId, scope);
  if (body.trigger === 'date' && body.date && body.date < now.toISOString().slice(0, 10)) throw badRequest(M.datePast);
  const questions: Question[] = body.questions.map((q, i) => ({
    id: `q${i + 1}`,
    kind: q.kind,
    prompt: q.prompt,
    required: q.required,
    options: q.kind === 'choice' ? q.options : [],
    scaleMax: q.kind === 'scale' ? (q.scaleMax ?? 5) : null,
    lowLabel: q.kind === 'scale' ? q.lowLabel : '',
    highLabel: q.kind === 'scale' ? q.highLabel : '',
  }));
  const day = body.trigger === 'day' ? (body.day ?? null) : null;
  const date = body.trigger === 'date' ? (body.date ?? null) : null;
  await db.insert(programmeSurveys).values({
    id: newId(),
    programmeId: p.id,
    title: body.title,
    kind: body.kind,
    audience: body.audience,
    trigger: body.trigger,
    day,
    date,
    sendAt: sendAtOf(p, { trigger: body.trigger, day, date }),
    reminderAfterDays: body.reminderAfterDays,
    questions,
    createdBy: scope.actorId,
  });
  return listSurveys(db, p.id, scope);
}

/** A survey that has not gone out yet can be withdrawn; one that has stays (its answers are the programme's record). */
export async function cancelSurvey(db: Db, programmeId: string, surveyId: string, scope: CoordinatorScope): Promise<ProgrammeSurveys> {
  const s = await surveyOf(db, programmeId, surveyId, scope);
  const gone = await db
    .delete(programmeSurveys)
    .where(and(eq(programmeSurveys.id, s.id), sql`${programmeSurveys.sentAt} IS NULL`))
    .returning({ id: programmeSurveys.id });
  if (gone.length === 0) throw conflict(M.alreadySent);
  return listSurveys(db, programmeId, scope);
}

// ---------------------------------------------------------------------------------------------------
// Results: aggregates only, and nothing but counts below the threshold (decision 920)

/** A stable shuffle (so a reload shows the same order) that does not follow the order answers came in. */
function shuffled(items: string[], seed: string): string[] {
  const key = (x: string, i: number) => {
    let h = 2166136261;
    for (const ch of `${seed}:${x}:${i}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
    return h >>> 0;
  };
  return items
    .map((x, i) => ({ x, k: key(x, i) }))
    .sort((a, b) => a.k - b.k)
    .map((e) => e.x);
}

export function aggregate(questions: Question[], answers: Array<Record<string, number | string>>, seed: string): { enough: boolean; questions: QuestionResult[] } {
  const enough = answers.length >= MIN_RESPONSES;
  const out = questions.map((q): QuestionResult => {
    const given = answers.map((a) => a[q.id]).filter((v): v is number | string => v !== undefined && v !== null && v !== '');
    const base: QuestionResult = { id: q.id, kind: q.kind, prompt: q.prompt, answered: given.length, shown: false, mean: null, distribution: [], nps: null, texts: [] };
    if (!enough || given.length < MIN_RESPONSES) return base;
    base.shown = true;
    if (q.kind === 'text') {
      base.texts = shuffled(given.map(String), seed + q.id);
      return base;
    }
    if (q.kind === 'choice') {
      base.distribution = q.options.map((o) => ({ value: o, count: given.filter((v) => v === o).length }));
      return base;
    }
    const nums = given.map(Number);
    const [lo, hi] = q.kind === 'nps' ? [0, 10] : [1, q.kind === 'rating' ? 5 : (q.scaleMax ?? 5)];
    base.mean = Math.round((nums.reduce((a, b) => a + b, 0) / nums.length) * 100) / 100;
    for (let v = lo; v <= hi; v++) base.distribution.push({ value: String(v), count: nums.filter((n) => n === v).length });
    if (q.kind === 'nps') {
      const promoters = nums.filter((n) => n >= 9).length;
      const detractors = nums.filter((n) => n <= 6).length;
      base.nps = Math.round(((promoters - detractors) / nums.length) * 100);
    }
    return base;
  });
  return { enough, questions: out };
}

export async function results(db: Db, programmeId: string, surveyId: string, scope: CoordinatorScope): Promise<SurveyResults> {
  const s = await surveyOf(db, programmeId, surveyId, scope);
  const c = await counts(db, [s.id]);
  const rows = await db.select({ answers: surveyResponses.answers }).from(surveyResponses).where(eq(surveyResponses.surveyId, s.id)).limit(20_000);
  const agg = aggregate(
    s.questions,
    rows.map((r) => r.answers),
    s.id,
  );
  return { survey: summaryOf(s, c.get(s.id)), threshold: MIN_RESPONSES, ...agg };
}

// ---------------------------------------------------------------------------------------------------
// Participants

export async function mySurveys(db: Db, userId: string): Promise<MySurveys> {
  const rows = await queryRows<{ id: string; title: string; programme_name: string; invited_at: Date | string; answered: boolean }>(
    db,
    sql`SELECT s.id, s.title, p.name AS programme_name, r.invited_at, r.answered
        FROM survey_recipients r JOIN programme_surveys s ON s.id = r.survey_id JOIN programmes p ON p.id = s.programme_id
        WHERE r.user_id = ${userId}
        ORDER BY r.answered, r.invited_at DESC LIMIT 100`,
  );
  return { surveys: rows.map((r) => ({ id: r.id, title: r.title, programmeName: r.programme_name, invitedAt: new Date(r.invited_at).toISOString(), answered: r.answered })) };
}

/** The survey as its recipient sees it; anyone it was not sent to gets 404. */
export async function surveyFor(db: Db, userId: string, surveyId: string): Promise<SurveyForm> {
  if (!isId(surveyId)) throw notFound('Survey');
  const [r] = await db
    .select({ title: programmeSurveys.title, programmeName: programmes.name, invitedAt: surveyRecipients.invitedAt, answered: surveyRecipients.answered, questions: programmeSurveys.questions })
    .from(surveyRecipients)
    .innerJoin(programmeSurveys, eq(programmeSurveys.id, surveyRecipients.surveyId))
    .innerJoin(programmes, eq(programmes.id, programmeSurveys.programmeId))
    .where(and(eq(surveyRecipients.userId, userId), eq(surveyRecipients.surveyId, surveyId)));
  if (!r) throw notFound('Survey');
  return { id: surveyId, title: r.title, programmeName: r.programmeName, invitedAt: r.invitedAt.toISOString(), answered: r.answered, questions: r.questions };
}

/** Check each answer against its question; unknown question ids and skipped optional ones are dropped. */
export function cleanAnswers(questions: Question[], input: AnswersBody['answers']): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  for (const q of questions) {
    const v = input[q.id];
    const blank = v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
    if (blank) {
      if (q.required) throw badRequest(M.requiredMissing);
      continue;
    }
    if (q.kind === 'text' || q.kind === 'choice') {
      if (typeof v !== 'string') throw badRequest(M.badAnswer);
      const s = v.trim();
      if (q.kind === 'choice' && !q.options.includes(s)) throw badRequest(M.badAnswer);
      out[q.id] = s;
      continue;
    }
    const [lo, hi] = q.kind === 'nps' ? [0, 10] : [1, q.kind === 'rating' ? 5 : (q.scaleMax ?? 5)];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) throw badRequest(M.badAnswer);
    out[q.id] = v;
  }
  return out;
}

/**
 * Save one person's answers: the recipient's flag flips in a conditional UPDATE (one answer per person,
 * even for two submits at once) and the answers are written in the same transaction without the person.
 */
export async function answer(db: Db, userId: string, surveyId: string, body: AnswersBody, now: Date): Promise<SurveyForm> {
  const form = await surveyFor(db, userId, surveyId);
  if (form.answered) throw conflict(M.alreadyAnswered);
  const clean = cleanAnswers(form.questions, body.answers);
  await db.transaction(async (tx) => {
    const flipped = await tx
      .update(surveyRecipients)
      .set({ answered: true })
      .where(and(eq(surveyRecipients.surveyId, surveyId), eq(surveyRecipients.userId, userId), eq(surveyRecipients.answered, false)))
      .returning({ userId: surveyRecipients.userId });
    if (flipped.length === 0) throw conflict(M.alreadyAnswered);
    await tx.insert(surveyResponses).values({ id: newId(), surveyId, answers: clean, submittedOn: now.toISOString().slice(0, 10) });
  });
  return { ...form, answered: true };
}

// ---------------------------------------------------------------------------------------------------
// For the programme's outcome report (decision 1011) and its close (decision 1012)

const KIND_ORDER: Record<SurveyRow['kind'], number> = { 'pairing-fit': 0, 'mid-programme': 1, closing: 2, custom: 3 };

/**
 * Each rating, scale, NPS and choice question of the programme's surveys that went out, as a
 * distribution for the report's charts, counted in SQL. The same threshold as the survey's own results
 * (decision 920): under MIN_RESPONSES responses to the survey, or answers to the question, only the
 * count of responses is given. Answers carry nobody's id, so they cannot be filtered by cohort or
 * organisation: the sections are the programme's, whatever filter the report has.
 */
export async function surveyReportSections(db: Db, programmeId: string): Promise<SurveyReportSection[]> {
  const surveys = await db
    .select()
    .from(programmeSurveys)
    .where(and(eq(programmeSurveys.programmeId, programmeId), sql`${programmeSurveys.sentAt} IS NOT NULL`));
  if (surveys.length === 0) return [];
  surveys.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.sendAt.getTime() - b.sendAt.getTime());
  const counted = surveys.flatMap((s) => s.questions.filter((q) => q.kind !== 'text').map((q) => sql`(${s.id}, ${q.id})`));
  const [responses, answers] = await Promise.all([
    queryRows<{ survey_id: string; n: number }>(
      db,
      sql`SELECT r.survey_id, count(*)::int AS n FROM survey_responses r JOIN programme_surveys s ON s.id = r.survey_id
          WHERE s.programme_id = ${programmeId} GROUP BY r.survey_id`,
    ),
    counted.length
      ? queryRows<{ survey_id: string; question: string; value: string; n: number }>(
          db,
          sql`SELECT r.survey_id, q.question, r.answers ->> q.question AS value, count(*)::int AS n
              FROM (VALUES ${sql.join(counted, sql`, `)}) AS q(survey_id, question)
              JOIN survey_responses r ON r.survey_id = q.survey_id
              WHERE coalesce(r.answers ->> q.question, '') <> ''
              GROUP BY 1, 2, 3`,
        )
      : Promise.resolve([]),
  ]);
  const out: SurveyReportSection[] = [];
  for (const s of surveys) {
    const total = responses.find((x) => x.survey_id === s.id)?.n ?? 0;
    for (const q of s.questions) {
      if (q.kind === 'text') continue;
      const given = answers.filter((x) => x.survey_id === s.id && x.question === q.id);
      const answered = given.reduce((n, x) => n + x.n, 0);
      const section: SurveyReportSection = {
        key: `${s.id}:${q.id}`,
        title: s.title,
        prompt: q.prompt,
        surveyKind: s.kind,
        questionKind: q.kind,
        responses: total,
        suppressed: total < MIN_RESPONSES || answered < MIN_RESPONSES,
        distribution: [],
        score: null,
      };
      out.push(section);
      if (section.suppressed) continue;
      const countOf = (v: string) => given.filter((x) => (q.kind === 'choice' ? x.value === v : Number(x.value) === Number(v))).reduce((n, x) => n + x.n, 0);
      if (q.kind === 'choice') {
        section.distribution = q.options.map((o) => ({ key: o, count: countOf(o) }));
        continue;
      }
      const [lo, hi] = q.kind === 'nps' ? [0, 10] : [1, q.kind === 'rating' ? 5 : (q.scaleMax ?? 5)];
      for (let v = lo; v <= hi; v++) section.distribution.push({ key: String(v), count: countOf(String(v)) });
      const sum = given.reduce((n, x) => n + Number(x.value) * x.n, 0);
      if (q.kind === 'nps') {
        const promoters = given.filter((x) => Number(x.value) >= 9).reduce((n, x) => n + x.n, 0);
        const detractors = given.filter((x) => Number(x.value) <= 6).reduce((n, x) => n + x.n, 0);
        section.score = Math.round(((promoters - detractors) / answered) * 100);
      } else section.score = Math.round((sum / answered) * 100) / 100;
    }
  }
  return out;
}

/**
 * A programme closed (before or on its end date, decision 1012), inside the close's transaction: its
 * closing surveys that have not gone out become due at the close, so the scheduler's next slot sends
 * them (once, like any survey); surveys still scheduled for a later moment than the close, other than
 * the closing ones, are withdrawn as a coordinator's cancel would (their pairs have ended).
 */
export async function onProgrammeClosed(db: Db, programmeId: string, closedAt: Date): Promise<void> {
  const at = closedAt.toISOString();
  const closing = sql`(${programmeSurveys.kind} = 'closing' OR ${programmeSurveys.trigger} = 'end')`;
  await db
    .update(programmeSurveys)
    .set({ sendAt: closedAt })
    .where(sql`${programmeSurveys.programmeId} = ${programmeId} AND ${programmeSurveys.sentAt} IS NULL AND ${closing} AND ${programmeSurveys.sendAt} > ${at}::timestamptz`);
  await db
    .delete(programmeSurveys)
    .where(sql`${programmeSurveys.programmeId} = ${programmeId} AND ${programmeSurveys.sentAt} IS NULL AND NOT ${closing} AND ${programmeSurveys.sendAt} > ${at}::timestamptz`);
}
