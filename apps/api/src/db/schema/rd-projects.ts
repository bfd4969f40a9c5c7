import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { cascadeRef, createdAt, idColumn, ref, ts, updatedAt } from './columns.ts';
import { users } from './users.ts';

export interface Supervisor {
  name: string;
  title?: string;
  department?: string;
  email: string;
  bio?: string;
}
export interface Milestone {
  title: string;
  description?: string;
  status?: string;
  dueDate?: string;
  completedAt?: string;
}
export interface ProjectRequirements {
  technicalSkills: string[];
  softSkills: string[];
  tools: string[];
  equipment: string[];
}

export const rdProjects = pgTable(
  'rd_projects',
  {
    id: idColumn(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['draft', 'active', 'paused', 'completed', 'cancelled'] })
      .notNull()
      .default('draft'),
    priority: text('priority', { enum: ['low', 'medium', 'high', 'urgent'] })
      .notNull()
      .default('medium'),
    field: text('field').notNull(),
    visibility: text('visibility', { enum: ['public', 'private', 'restricted'] })
      .notNull()
      .default('public'),
    supervisor: jsonb('supervisor').$type<Supervisor>().notNull(),
    duration: text('duration'),
    startDate: date('start_date', { mode: 'string' }),
    expectedEndDate: date('expected_end_date', { mode: 'string' }).notNull(),
    applicationDeadline: ts('application_deadline').notNull(),
    objectives: jsonb('objectives').$type<string[]>().notNull().default([]),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    milestones: jsonb('milestones').$type<Milestone[]>().notNull().default([]),
    selectionCriteria: jsonb('selection_criteria').$type<string[]>().notNull().default([]),
    interviewRequired: boolean('interview_required').notNull().default(false),
    documentsRequired: jsonb('documents_required').$type<string[]>().notNull().default([]),
    requirements: jsonb('requirements')
      .$type<ProjectRequirements>()
      .notNull()
      .default({ technicalSkills: [], softSkills: [], tools: [], equipment: [] }),
    views: integer('views').notNull().default(0),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rd_projects_status_created_idx').on(t.status, t.createdAt),
    index('rd_projects_field_idx').on(t.field),
    index('rd_projects_deadline_idx').on(t.applicationDeadline),
  ],
);

export const rdProjectRoles = pgTable(
  'rd_project_roles',
  {
    id: idColumn(),
    projectId: cascadeRef('project_id', () => rdProjects.id),
    position: integer('position').notNull().default(0),
    title: text('title', { enum: ['intern', 'work-student', 'part-time', 'full-time'] }).notNull(),
    description: text('description').notNull().default(''),
    maxPositions: integer('max_positions').notNull().default(1),
    /** Filled positions, kept exact by conditional updates (never above maxPositions). */
    currentPositions: integer('current_positions').notNull().default(0),
    skillsRequired: jsonb('skills_required').$type<string[]>().notNull().default([]),
    degreeLevel: text('degree_level').notNull().default('any'),
    minCgpa: numeric('min_cgpa', { precision: 3, scale: 1, mode: 'number' }),
    languages: jsonb('languages').$type<string[]>().notNull().default(['English']),
    experience: text('experience').notNull().default('none'),
    benefits: jsonb('benefits').$type<string[]>().notNull().default([]),
    workMode: text('work_mode', { enum: ['remote', 'onsite', 'hybrid'] })
      .notNull()
      .default('remote'),
    compensationType: text('compensation_type', { enum: ['paid', 'unpaid', 'stipend', 'certificate'] })
      .notNull()
      .default('certificate'),
    compensationAmount: numeric('compensation_amount', { precision: 12, scale: 2, mode: 'number' }),
    compensationCurrency: text('compensation_currency').notNull().default('INR'),
    location: text('location'),
  },
  (t) => [
    index('rd_project_roles_project_idx').on(t.projectId),
    check(
      'rd_project_roles_positions_check',
      sql`${t.currentPositions} >= 0 AND ${t.currentPositions} <= ${t.maxPositions} AND ${t.maxPositions} BETWEEN 1 AND 50`,
    ),
  ],
);

export interface InterviewDetails {
  scheduled: boolean;
  date?: string | null;
  time?: string;
  timezone?: string;
  mode?: 'online' | 'offline';
  meetingLink?: string;
  location?: string;
  notes?: string;
  sequence?: number;
}

export const rdApplications = pgTable(
  'rd_applications',
  {
    id: idColumn(),
    projectId: cascadeRef('project_id', () => rdProjects.id),
    roleId: cascadeRef('role_id', () => rdProjectRoles.id),
    studentId: cascadeRef('student_id', () => users.id),
    status: text('status', {
      enum: ['pending', 'under-review', 'interview-scheduled', 'accepted', 'rejected', 'withdrawn'],
    })
      .notNull()
      .default('pending'),
    motivation: text('motivation').notNull(),
    availableStartDate: date('available_start_date', { mode: 'string' }),
    expectedDuration: text('expected_duration'),
    relevantExperience: text('relevant_experience'),
    reviewNotes: text('review_notes'),
    reviewedBy: ref('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    interview: jsonb('interview').$type<InterviewDetails>(),
    /** iCalendar SEQUENCE of the interview: +1 on every change of its time, place, link or mode, and on cancellation. */
    interviewSequence: integer('interview_sequence').notNull().default(0),
    appliedAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('rd_applications_project_student_key').on(t.projectId, t.studentId),
    index('rd_applications_student_idx').on(t.studentId, t.appliedAt),
    index('rd_applications_project_status_idx').on(t.projectId, t.status),
    // The reminder scan: scheduled interviews by their local date.
    index('rd_applications_interview_date_idx')
      .on(sql`(${t.interview}->>'date')`)
      .where(sql`${t.status} = 'interview-scheduled'`),
  ],
);

export const rdApplicationDocuments = pgTable(
  'rd_application_documents',
  {
    id: idColumn(),
    applicationId: cascadeRef('application_id', () => rdApplications.id),
    type: text('type').notNull(),
    fileId: ref('file_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rd_application_documents_app_idx').on(t.applicationId)],
);

export const rdBookmarks = pgTable(
  'rd_bookmarks',
  {
    projectId: cascadeRef('project_id', () => rdProjects.id),
    userId: cascadeRef('user_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('rd_bookmarks_user_idx').on(t.userId)],
);

export const rdAlerts = pgTable(
  'rd_alerts',
  {
    projectId: cascadeRef('project_id', () => rdProjects.id),
    userId: cascadeRef('user_id', () => users.id),
    preferences: jsonb('preferences').$type<Record<string, boolean>>().notNull().default({}),
    deadlineNotifiedAt: ts('deadline_notified_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('rd_alerts_user_idx').on(t.userId)],
);

/** One view per user per project per day. */
export const rdProjectViews = pgTable(
  'rd_project_views',
  {
    projectId: cascadeRef('project_id', () => rdProjects.id),
    userId: cascadeRef('user_id', () => users.id),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId, t.day] })],
);

/** Every status an application passed through (the student's timeline), written with each change. */
export const rdApplicationEvents = pgTable(
  'rd_application_events',
  {
    id: idColumn(),
    applicationId: cascadeRef('application_id', () => rdApplications.id),
    status: text('status').notNull(),
    actorId: ref('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('rd_application_events_app_idx').on(t.applicationId, t.createdAt)],
);
