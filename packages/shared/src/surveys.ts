import { z } from 'zod';
import type { MessageKey } from './i18n/translator.ts';
import { LIMITS, requiredText, text } from './text.ts';

/**
 * Programme surveys (issue 26, docs/decisions/920): a coordinator attaches a survey to a programme (from
 * a template or built by hand), it goes out on schedule to the programme's joined mentors and mentees
 * with one reminder to those who have not answered, and its results are shown only in aggregate and
 * only once at least MIN_RESPONSES people answered.
 */

export const QUESTION_KINDS = ['rating', 'nps', 'scale', 'choice', 'text'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const SURVEY_KINDS = ['pairing-fit', 'mid-programme', 'closing', 'custom'] as const;
export type SurveyKind = (typeof SURVEY_KINDS)[number];
/** When it goes out: on the programme's start, N days after it, at its midpoint, on its end date, a set date, or a day after each pair's first meeting. */
export const SURVEY_TRIGGERS = ['start', 'day', 'midpoint', 'end', 'date', 'first-meeting'] as const;
export type SurveyTrigger = (typeof SURVEY_TRIGGERS)[number];
export const SURVEY_AUDIENCES = ['everyone', 'mentees', 'mentors'] as const;
export type SurveyAudience = (typeof SURVEY_AUDIENCES)[number];
/** Fewer answers than this would identify someone: nothing but the count is shown below it. */
export const MIN_RESPONSES = 5;
export const MAX_QUESTIONS = 20;
export const MAX_OPTIONS = 10;
/** The hour (UTC) a dated survey goes out on its day. */
export const SURVEY_SEND_HOUR_UTC = 9;

export const SURVEY_MESSAGES = {
  created: 'Survey scheduled',
  cancelled: 'Survey cancelled',
  alreadySent: 'This survey has gone out already; it can no longer be cancelled',
  answered: 'Thank you: your answers were saved anonymously',
  alreadyAnswered: 'You have already answered this survey',
  requiredMissing: 'Please answer every required question',
  badAnswer: 'An answer does not fit its question',
  titleRequired: 'Survey title is required',
  promptRequired: 'Every question needs its text',
  questionsCount: `A survey has 1 to ${MAX_QUESTIONS} questions`,
  optionsCount: `A choice question has 2 to ${MAX_OPTIONS} different options`,
  scaleMax: 'A scale goes from 1 to 3–10',
  dayRequired: 'Say after how many days (1 to 365) the survey goes out',
  dateRequired: 'Give the date the survey goes out (YYYY-MM-DD)',
  datePast: 'The send date must be today or later',
  reminder: 'Reminder after must be 0 (none) to 30 days',
  notPublished: 'Surveys go out once the programme is published',
} as const;
const M = SURVEY_MESSAGES;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (v: string) => {
  const ms = Date.parse(`${v}T00:00:00Z`);
  return DATE.test(v) && !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === v;
};

export const questionInput = z
  .object({
    kind: z.enum(QUESTION_KINDS, { error: M.badAnswer }),
    prompt: requiredText('Question', LIMITS.title, M.promptRequired),
    required: z.boolean().default(true),
    options: z.array(requiredText('Option', LIMITS.listEntry)).max(MAX_OPTIONS * 2, M.optionsCount).default([]),
    scaleMax: z.number().int(M.scaleMax).min(3, M.scaleMax).max(10, M.scaleMax).optional(),
    lowLabel: text('Low label', LIMITS.listEntry).default(''),
    highLabel: text('High label', LIMITS.listEntry).default(''),
  })
  .superRefine((q, ctx) => {
    if (q.kind === 'choice') {
      const distinct = new Set(q.options.map((o) => o.toLowerCase()));
      if (q.options.length < 2 || q.options.length > MAX_OPTIONS || distinct.size !== q.options.length) ctx.addIssue({ code: 'custom', path: ['options'], message: M.optionsCount });
    }
    if (q.kind === 'scale' && q.scaleMax === undefined) ctx.addIssue({ code: 'custom', path: ['scaleMax'], message: M.scaleMax });
  });
export type QuestionInput = z.input<typeof questionInput>;

export const surveyBody = z
  .object({
    title: requiredText('Title', LIMITS.title, M.titleRequired),
    kind: z.enum(SURVEY_KINDS).default('custom'),
    audience: z.enum(SURVEY_AUDIENCES).default('everyone'),
    trigger: z.enum(SURVEY_TRIGGERS),
    day: z.number().int(M.dayRequired).min(1, M.dayRequired).max(365, M.dayRequired).optional(),
    date: z.string().refine(realDate, M.dateRequired).optional(),
    reminderAfterDays: z.number({ error: M.reminder }).int(M.reminder).min(0, M.reminder).max(30, M.reminder).default(5),
    questions: z.array(questionInput).min(1, M.questionsCount).max(MAX_QUESTIONS, M.questionsCount),
  })
  .superRefine((b, ctx) => {
    if (b.trigger === 'day' && b.day === undefined) ctx.addIssue({ code: 'custom', path: ['day'], message: M.dayRequired });
    if (b.trigger === 'date' && b.date === undefined) ctx.addIssue({ code: 'custom', path: ['date'], message: M.dateRequired });
  });
export type SurveyBody = z.input<typeof surveyBody>;

export const question = z.object({
  id: z.string(),
  kind: z.enum(QUESTION_KINDS),
  prompt: z.string(),
  required: z.boolean(),
  options: z.array(z.string()),
  scaleMax: z.number().int().nullable(),
  lowLabel: z.string(),
  highLabel: z.string(),
});
export type Question = z.infer<typeof question>;

export const surveySummary = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(SURVEY_KINDS),
  audience: z.enum(SURVEY_AUDIENCES),
  trigger: z.enum(SURVEY_TRIGGERS),
  day: z.number().int().nullable(),
  date: z.string().nullable(),
  sendAt: z.string(),
  reminderAfterDays: z.number().int(),
  status: z.enum(['scheduled', 'sent']),
  recipients: z.number().int(),
  responses: z.number().int(),
  questions: z.array(question),
});
export type SurveySummary = z.infer<typeof surveySummary>;
export const programmeSurveysData = z.object({ surveys: z.array(surveySummary), threshold: z.number().int() });
export type ProgrammeSurveys = z.infer<typeof programmeSurveysData>;
export const surveyParams = z.object({ id: z.string(), surveyId: z.string() });

export const questionResult = z.object({
  id: z.string(),
  kind: z.enum(QUESTION_KINDS),
  prompt: z.string(),
  /** How many answered this question. */
  answered: z.number().int(),
  /** False while fewer than MIN_RESPONSES answered it: then nothing below is filled. */
  shown: z.boolean(),
  mean: z.number().nullable(),
  /** Per value (rating, scale, NPS: "1".."10"; choice: the option) how many chose it. */
  distribution: z.array(z.object({ value: z.string(), count: z.number().int() })),
  /** Net Promoter Score (-100..100), NPS questions only. */
  nps: z.number().nullable(),
  /** Free-text answers in a shuffled order (never with who wrote them). */
  texts: z.array(z.string()),
});
export type QuestionResult = z.infer<typeof questionResult>;
export const surveyResultsData = z.object({
  survey: surveySummary,
  threshold: z.number().int(),
  enough: z.boolean(),
  questions: z.array(questionResult),
});
export type SurveyResults = z.infer<typeof surveyResultsData>;

// ---------------------------------------------------------------------------------------------------
// Participants

export const mySurvey = z.object({
  id: z.string(),
  title: z.string(),
  programmeName: z.string(),
  invitedAt: z.string(),
  answered: z.boolean(),
});
export const mySurveysData = z.object({ surveys: z.array(mySurvey) });
export type MySurveys = z.infer<typeof mySurveysData>;
export const surveyForm = mySurvey.extend({ questions: z.array(question) });
export type SurveyForm = z.infer<typeof surveyForm>;

/** Answers by question id: a number for rating/NPS/scale, the option or the text as a string, null or absent when skipped. */
export const answersBody = z.object({
  answers: z.record(z.string().max(8), z.union([z.number(), z.string().max(LIMITS.short, M.badAnswer), z.null()])),
});
export type AnswersBody = z.infer<typeof answersBody>;

// ---------------------------------------------------------------------------------------------------
// Templates (the issue's three; the coordinator may change anything before scheduling)

export interface SurveyTemplate {
  kind: Exclude<SurveyKind, 'custom'>;
  trigger: SurveyTrigger;
  day?: number;
  /** Catalogue keys of the title and of each question's text, resolved in the coordinator's language. */
  titleKey: MessageKey;
  questions: Array<{ kind: QuestionKind; promptKey: MessageKey; required: boolean; scaleMax?: number; optionKeys?: MessageKey[] }>;
}

export const SURVEY_TEMPLATES: SurveyTemplate[] = [
  {
    kind: 'pairing-fit',
    trigger: 'first-meeting',
    titleKey: 'survey.tpl.pairingFit.title',
    questions: [
      { kind: 'rating', promptKey: 'survey.tpl.pairingFit.q1', required: true },
      { kind: 'choice', promptKey: 'survey.tpl.pairingFit.q2', required: true, optionKeys: ['survey.tpl.yes', 'survey.tpl.notSure', 'survey.tpl.no'] },
      { kind: 'text', promptKey: 'survey.tpl.pairingFit.q3', required: false },
    ],
  },
  {
    kind: 'mid-programme',
    trigger: 'day',
    day: 30,
    titleKey: 'survey.tpl.mid.title',
    questions: [
      { kind: 'scale', promptKey: 'survey.tpl.mid.q1', required: true, scaleMax: 5 },
      { kind: 'rating', promptKey: 'survey.tpl.mid.q2', required: true },
      { kind: 'text', promptKey: 'survey.tpl.mid.q3', required: false },
    ],
  },
  {
    kind: 'closing',
    trigger: 'end',
    titleKey: 'survey.tpl.closing.title',
    questions: [
      { kind: 'nps', promptKey: 'survey.tpl.closing.q1', required: true },
      { kind: 'rating', promptKey: 'survey.tpl.closing.q2', required: true },
      { kind: 'text', promptKey: 'survey.tpl.closing.q3', required: false },
    ],
  },
];
