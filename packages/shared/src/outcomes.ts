import { z } from 'zod';
import { HEALTH_STATES } from './relationships.ts';
import { QUESTION_KINDS, SURVEY_KINDS } from './surveys.ts';

/**
 * Programme close, certificates of participation / service, and the programme's outcome report
 * (issue 26, docs/decisions/930-programme-close-and-outcome-report.md).
 */

export const CERTIFICATE_KINDS = ['participation', 'service'] as const;
export type ProgrammeCertificateKind = (typeof CERTIFICATE_KINDS)[number];
/** Days after a pair's start at which retention is measured. */
export const RETENTION_DAYS = [30, 60, 90] as const;
export const REPORT_TABLES = ['summary', 'pairs'] as const;

export const OUTCOME_MESSAGES = {
  closed: 'Programme closed: the pairs have ended and certificates were issued',
  alreadyClosed: 'This programme is closed; it can be read but not changed',
  notPublished: 'Only a published programme can be closed',
  confirm: 'Type the programme name to confirm',
  minMeetings: 'Meetings needed must be a whole number from 0 to 50',
  minGoals: 'Goals achieved needed must be a whole number from 0 to 3',
  requireAgreement: 'Agreement needed must be true or false',
  format: 'Format must be csv or xlsx',
  table: `Table must be one of: ${REPORT_TABLES.join(', ')}`,
  cohort: 'Cohort must be a year of study from 1 to 10',
  mentorOrganisation: "Mentor's organisation must be 1 to 200 characters",
} as const;

/** What a pair must have done for its two people to receive a certificate. */
export const completionCriteria = z
  .object({
    requireAgreement: z.boolean({ error: OUTCOME_MESSAGES.requireAgreement }).default(true),
    minMeetings: z
      .number({ error: OUTCOME_MESSAGES.minMeetings })
      .int(OUTCOME_MESSAGES.minMeetings)
      .min(0, OUTCOME_MESSAGES.minMeetings)
      .max(50, OUTCOME_MESSAGES.minMeetings)
      .default(3),
    minGoalsAchieved: z
      .number({ error: OUTCOME_MESSAGES.minGoals })
      .int(OUTCOME_MESSAGES.minGoals)
      .min(0, OUTCOME_MESSAGES.minGoals)
      .max(3, OUTCOME_MESSAGES.minGoals)
      .default(0),
  })
  .strict();
export type CompletionCriteria = z.output<typeof completionCriteria>;

/** Closing asks for the programme's name typed back (the confirm dialog) and the criteria. */
export const closeBody = z
  .object({
    confirmName: z.string({ error: OUTCOME_MESSAGES.confirm }).max(200, OUTCOME_MESSAGES.confirm),
    criteria: completionCriteria.default({ requireAgreement: true, minMeetings: 3, minGoalsAchieved: 0 }),
  })
  .strict();

export const closureDto = z.object({
  closedAt: z.string(),
  closedBy: z.string().nullable(),
  criteria: completionCriteria,
  pairsEnded: z.number().int(),
  certificates: z.number().int(),
});
export type ClosureDto = z.infer<typeof closureDto>;
export const closeData = z.object({ closure: closureDto });

const count = z.number().int();
const bucket = z.object({ key: z.string(), count });

/**
 * A survey question of the report (decision 1011): the distribution of one rating, scale, NPS or choice
 * question of a programme survey. Fewer than the anonymity threshold's answers are `suppressed`: then
 * only the number of responses is given, never a distribution or a score.
 */
export const surveyReportSection = z.object({
  key: z.string(),
  /** The survey's title and the question's text, as the coordinator wrote them. */
  title: z.string(),
  prompt: z.string(),
  surveyKind: z.enum(SURVEY_KINDS),
  questionKind: z.enum(QUESTION_KINDS),
  responses: count,
  suppressed: z.boolean(),
  distribution: z.array(bucket),
  /** NPS questions: the Net Promoter Score (-100..100); rating and scale: the mean; choice: null. */
  score: z.number().nullable(),
});
export type SurveyReportSection = z.infer<typeof surveyReportSection>;

/**
 * Report filters (decision 1010): `cohort` is the mentee's year of study, `mentorOrganisation` the
 * organisation on the mentor's professional profile (matched without regard to case or outer spaces).
 */
export const reportFilters = z.object({
  cohort: z.coerce
    .number({ error: OUTCOME_MESSAGES.cohort })
    .int(OUTCOME_MESSAGES.cohort)
    .min(1, OUTCOME_MESSAGES.cohort)
    .max(10, OUTCOME_MESSAGES.cohort)
    .optional(),
  mentorOrganisation: z
    .string({ error: OUTCOME_MESSAGES.mentorOrganisation })
    .trim()
    .min(1, OUTCOME_MESSAGES.mentorOrganisation)
    .max(200, OUTCOME_MESSAGES.mentorOrganisation)
    .optional(),
});
export type ReportFilters = z.output<typeof reportFilters>;

/** One day of pair health counts (decision 1090): stored daily, one row per programme per day. */
export const healthOverTimePoint = z.object({
  /** The UTC day, YYYY-MM-DD. */
  day: z.string(),
  healthy: count,
  attention: count,
  atRisk: count,
  ended: count,
});
export type HealthOverTimePoint = z.infer<typeof healthOverTimePoint>;

export const outcomeReport = z.object({
  programme: z.object({
    id: z.string(),
    name: z.string(),
    status: z.string(),
    publishedAt: z.string().nullable(),
    startsOn: z.string(),
    endsOn: z.string(),
  }),
  closure: closureDto.nullable(),
  generatedAt: z.string(),
  participation: z.object({
    mentorsJoined: count,
    menteesJoined: count,
    invited: count,
    declined: count,
    menteesMatched: count,
    matchRate: z.number().nullable(),
  }),
  pairs: z.object({ total: count, active: count, ended: count, rematched: count }),
  firstMeeting: z.object({ pairsWithMeeting: count, withinWeek: count, medianDays: z.number().nullable() }),
  meetings: z.object({
    held: count,
    mentorHours: z.number(),
    menteeHours: z.number(),
    byMonth: z.array(z.object({ month: z.string(), meetings: count, hours: z.number() })),
  }),
  goals: z.object({ set: count, achieved: count, open: count, dropped: count, completionRate: z.number().nullable() }),
  ratings: z.array(bucket),
  health: z.array(z.object({ key: z.enum(HEALTH_STATES), count })),
  retention: z.array(z.object({ day: count, eligible: count, retained: count, rate: z.number().nullable() })),
  /**
   * Pair health over time (decision 1090), from the daily snapshots between the programme's publication
   * and now (or its close). The counts are stored whole, so the cohort and organisation filters cannot
   * apply: `filtersIgnored` says a filter was asked for and this series is not narrowed by it.
   */
  healthOverTime: z.object({ filtersIgnored: z.boolean(), days: z.array(healthOverTimePoint) }),
  surveys: z.array(surveyReportSection),
  /** The filters applied, and the values a filter can take (with how many pairs have each). */
  filters: z.object({
    cohort: z.number().int().nullable(),
    mentorOrganisation: z.string().nullable(),
    cohorts: z.array(z.object({ key: count, count })),
    mentorOrganisations: z.array(bucket),
  }),
});
export type OutcomeReport = z.infer<typeof outcomeReport>;

export const reportExportQuery = reportFilters.extend({
  format: z.enum(['csv', 'xlsx'], { error: OUTCOME_MESSAGES.format }).default('csv'),
  table: z.enum(REPORT_TABLES, { error: OUTCOME_MESSAGES.table }).default('summary'),
});

export const programmeCertificateDto = z.object({
  id: z.string(),
  programmeId: z.string(),
  programmeName: z.string(),
  kind: z.enum(CERTIFICATE_KINDS),
  verificationId: z.string(),
  meetings: count,
  hours: z.number(),
  goalsAchieved: count,
  issuedAt: z.string(),
});
export type ProgrammeCertificateDto = z.infer<typeof programmeCertificateDto>;
export const myCertificatesData = z.object({ certificates: z.array(programmeCertificateDto) });
export const certificateVerifyData = z.object({
  certificate: z.object({
    verificationId: z.string(),
    name: z.string(),
    programmeName: z.string(),
    kind: z.enum(CERTIFICATE_KINDS),
    issuedAt: z.string(),
  }),
});
export const verificationParams = z.object({ verificationId: z.string().max(40) });
