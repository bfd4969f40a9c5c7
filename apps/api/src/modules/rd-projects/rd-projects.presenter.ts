import { DateTime } from 'luxon';
import { storedLocalInstant } from '../../lib/local-time.ts';
import {
  RD_DOCUMENT_TYPES,
  RD_INTERVIEW_MINUTES,
  RD_WITHDRAWABLE,
  milestoneProgress,
  type AdminApplicationDto,
  type AdminProjectDto,
  type InterviewDto,
  type PublicProjectDto,
  type RdApplicationStatus,
  type RdDocumentType,
  type RdProjectDto,
  type RoleDto,
  type StudentApplicationDto,
  type StudentProjectDto,
} from '@app/shared/rd-projects';
import { extend, isoOf } from '../../lib/dto.ts';
import type { InterviewDetails } from '../../db/schema/rd-projects.ts';
import type { LoadedApplication, LoadedProject, RoleRow, studentState } from './rd-projects.repo.ts';

const iso = isoOf;

export function roleToDto(r: RoleRow): RoleDto {
  const paid = r.compensationType === 'paid' || r.compensationType === 'stipend';
  return {
    _id: r.id,
    title: r.title,
    description: r.description,
    currentPositions: r.currentPositions,
    maxPositions: r.maxPositions,
    availablePositions: Math.max(0, r.maxPositions - r.currentPositions),
    skillsRequired: r.skillsRequired,
    eligibilityCriteria: { degreeLevel: r.degreeLevel, minCGPA: r.minCgpa ?? null, languages: r.languages, experience: r.experience },
    benefits: r.benefits,
    workMode: r.workMode,
    compensation: {
      type: r.compensationType,
      amount: paid ? (r.compensationAmount ?? null) : null,
      currency: paid ? r.compensationCurrency : null,
    },
    location: r.workMode === 'onsite' ? r.location : null,
  };
}

/**
 * Whole months between two calendar dates (at least 0). Luxon's calendar diff was 2.5 % of the API's CPU
 * in the R&D lists' profile (issue 13): a pure function of two date strings, so its answers are kept
 * (bounded; emptied when full).
 */
const monthsMemo = new Map<string, number>();
function monthsBetween(from: string, to: string): number {
  const key = `${from}|${to}`;
  const known = monthsMemo.get(key);
  if (known !== undefined) return known;
  const a = DateTime.fromISO(from, { zone: 'utc' });
  const b = DateTime.fromISO(to, { zone: 'utc' });
  const months = !a.isValid || !b.isValid ? 0 : Math.max(0, Math.round(b.diff(a, 'months').months));
  if (monthsMemo.size >= 10_000) monthsMemo.clear();
  monthsMemo.set(key, months);
  return months;
}

const isDocumentType = (v: string): v is RdDocumentType => (RD_DOCUMENT_TYPES as readonly string[]).includes(v);

export function projectToDto({ row, roles, counts, createdBy }: LoadedProject): RdProjectDto {
  const roleDtos = roles.map(roleToDto);
  const max = roleDtos.reduce((s, r) => s + r.maxPositions, 0);
  const current = roleDtos.reduce((s, r) => s + r.currentPositions, 0);
  const open = roleDtos.reduce((s, r) => s + r.availablePositions, 0);
  const deadlineDate = iso(row.applicationDeadline).slice(0, 10);
  const milestones = row.milestones.map((m) => ({
    title: m.title,
    description: m.description ?? '',
    status: m.status ?? 'pending',
    dueDate: m.dueDate ?? null,
    completedAt: m.completedAt ?? null,
  }));
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    summary: row.summary,
    description: row.description,
    status: row.status,
    priority: row.priority,
    field: row.field,
    visibility: row.visibility,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    createdBy,
    supervisor: {
      name: row.supervisor.name,
      title: row.supervisor.title ?? '',
      department: row.supervisor.department ?? '',
      email: row.supervisor.email,
      bio: row.supervisor.bio ?? '',
    },
    timeline: { duration: row.duration, startDate: row.startDate, expectedEndDate: row.expectedEndDate },
    duration: monthsBetween(row.startDate ?? deadlineDate, row.expectedEndDate),
    startDate: row.startDate,
    endDate: row.expectedEndDate,
    objectives: row.objectives,
    tags: row.tags,
    milestones,
    progress: milestoneProgress(milestones),
    roles: roleDtos,
    applicationProcess: {
      applicationDeadline: iso(row.applicationDeadline),
      selectionCriteria: row.selectionCriteria,
      interviewRequired: row.interviewRequired,
      documentsRequired: row.documentsRequired.filter(isDocumentType),
    },
    requirements: row.requirements,
    availableRoles: roleDtos.filter((r) => r.availablePositions > 0).length,
    totalAvailablePositions: open,
    currentParticipants: current,
    maxParticipants: max,
    availableSlots: open,
    metrics: { views: row.views },
    // Withdrawn applications are not counted as applications received.
    applicationStats: { total: counts.total - counts.withdrawn },
  };
}

export function adminProjectToDto(p: LoadedProject): AdminProjectDto {
  return extend(projectToDto(p), {
    totalApplications: p.counts.total - p.counts.withdrawn,
    pendingApplications: p.counts.pending,
    underReviewApplications: p.counts.underReview,
    acceptedApplications: p.counts.accepted,
    rejectedApplications: p.counts.rejected,
    activeStudents: p.counts.accepted,
  });
}

/** canApply (PRODUCT.md): active, deadline not passed, a role with open positions, no existing application. */
export function canApply(p: LoadedProject, hasApplication: boolean, now: Date): boolean {
  return (
    p.row.status === 'active' &&
    p.row.applicationDeadline.getTime() > now.getTime() &&
    p.roles.some((r) => r.currentPositions < r.maxPositions) &&
    !hasApplication
  );
}

export function studentProjectToDto(p: LoadedProject, state: Awaited<ReturnType<typeof studentState>>, now: Date): StudentProjectDto {
  const application = state.applications.get(p.row.id);
  return extend(projectToDto(p), {
    isBookmarked: state.bookmarks.has(p.row.id),
    hasAlert: state.alerts.has(p.row.id),
    alertPreferences: state.alerts.get(p.row.id) ?? null,
    canApply: canApply(p, Boolean(application), now),
    userApplication: application
      ? { _id: application.id, status: application.status, roleAppliedFor: application.roleTitle, appliedAt: iso(application.appliedAt) }
      : null,
  });
}

export function publicProjectToDto(p: LoadedProject): PublicProjectDto {
  const dto = projectToDto(p);
  return {
    _id: dto._id,
    title: dto.title,
    summary: dto.summary,
    field: dto.field,
    priority: dto.priority,
    tags: dto.tags,
    supervisor: { name: dto.supervisor.name, title: dto.supervisor.title, department: dto.supervisor.department },
    timeline: { duration: dto.timeline.duration, expectedEndDate: dto.timeline.expectedEndDate },
    applicationDeadline: dto.applicationProcess.applicationDeadline,
    roles: dto.roles.map((r) => ({ title: r.title, workMode: r.workMode, availablePositions: r.availablePositions, maxPositions: r.maxPositions })),
    totalAvailablePositions: dto.totalAvailablePositions,
  };
}

/** The interview's UTC slot: the local date and time in its IANA zone (luxon, never hand-rolled). */
export function interviewSlot(i: InterviewDetails | null | undefined): { start: Date; end: Date } | null {
  if (!i?.scheduled || !i.date || !i.time) return null;
  const start = storedLocalInstant(i.date, i.time, i.timezone || 'UTC');
  if (!start) return null;
  return { start: start.toJSDate(), end: start.plus({ minutes: RD_INTERVIEW_MINUTES }).toJSDate() };
}

export function interviewToDto(i: InterviewDetails | null | undefined): InterviewDto | null {
  if (!i) return null;
  const slot = interviewSlot(i);
  return {
    scheduled: i.scheduled,
    date: i.date ?? null,
    time: i.time ?? null,
    timezone: i.timezone ?? null,
    mode: i.mode ?? null,
    meetingLink: i.mode === 'online' ? (i.meetingLink ?? null) : null,
    location: i.mode === 'offline' ? (i.location ?? null) : null,
    notes: i.notes ?? null,
    startsAt: slot ? iso(slot.start) : null,
    endsAt: slot ? iso(slot.end) : null,
  };
}

const isAppStatus = (s: string): s is RdApplicationStatus =>
  ['pending', 'under-review', 'interview-scheduled', 'accepted', 'rejected', 'withdrawn'].includes(s);

function commonApplication(a: LoadedApplication, documentUrl: (docId: string) => string) {
  return {
    _id: a.row.id,
    status: a.row.status,
    roleAppliedFor: a.roleTitle,
    roleId: a.row.roleId,
    appliedAt: iso(a.row.appliedAt),
    updatedAt: iso(a.row.updatedAt),
    availableStartDate: a.row.availableStartDate,
    expectedDuration: a.row.expectedDuration,
    motivation: a.row.motivation,
    relevantExperience: a.row.relevantExperience,
    documents: a.documents.flatMap((d) =>
      isDocumentType(d.type)
        ? [{ _id: d.id, type: d.type, filename: d.originalName, mimeType: d.mimeType, size: d.size, url: documentUrl(d.id) }]
        : [],
    ),
    reviewNotes: a.row.reviewNotes,
    reviewedAt: a.row.reviewedAt ? iso(a.row.reviewedAt) : null,
    interview: interviewToDto(a.row.interview),
    timeline: a.events.flatMap((e) => (isAppStatus(e.status) ? [{ status: e.status, at: iso(e.at) }] : [])),
  };
}

export function adminApplicationToDto(a: LoadedApplication): AdminApplicationDto {
  const base = `/admin/rd-projects/${a.row.projectId}/applications/${a.row.id}/documents/`;
  return {
    ...commonApplication(a, (id) => base + id),
    student: {
      _id: a.student.id,
      name: `${a.student.firstName} ${a.student.lastName}`.trim(),
      firstName: a.student.firstName,
      lastName: a.student.lastName,
      email: a.student.email,
      university: a.student.university,
      course: a.student.course,
      year: a.student.year,
      phone: a.student.phone,
    },
    reviewedBy: a.reviewedBy,
  };
}

export function studentApplicationToDto(
  a: LoadedApplication,
  project: { id: string; title: string; field: string; status: StudentApplicationDto['project']['status']; summary: string; supervisorName: string; applicationDeadline: Date },
): StudentApplicationDto {
  const base = `/rd-projects/my/applications/${a.row.id}/documents/`;
  return {
    ...commonApplication(a, (id) => base + id),
    canWithdraw: RD_WITHDRAWABLE.includes(a.row.status),
    project: {
      _id: project.id,
      title: project.title,
      field: project.field,
      status: project.status,
      summary: project.summary,
      supervisorName: project.supervisorName,
      applicationDeadline: iso(project.applicationDeadline),
    },
  };
}
