import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { EXPORT_KINDS, adminIdeaQuery, professionalListQuery, studentListQuery } from '@app/shared/admin';
import { adminWorkshopListQuery } from '@app/shared/workshop-admin';
import { ideas } from '../../db/schema/ideas.ts';
import { professionalProfiles, studentProfiles, users } from '../../db/schema/users.ts';
import { workshops } from '../../db/schema/workshops.ts';
import { audit } from '../../lib/audit.ts';
import { exportFormatQuery, sendExport, type ExportColumn } from '../../lib/csv.ts';
import { afterCursor, cursorColumns, keysetPages } from '../../lib/keyset.ts';
import { actorOf, type App } from '../../lib/http.ts';
import { adminIdeaFilter } from '../ideas/index.ts';
import { fullName } from '../users/index.ts';
import { workshopFilter } from '../workshops/index.ts';
import { ADMIN_ACCESS } from './common.ts';
import { professionalFilter } from './professionals.service.ts';
import { selectStudents, studentFilter } from './students.service.ts';

const filters = z.object({
  search: z.string().max(200).optional(),
  university: studentListQuery.shape.university,
  expertise: professionalListQuery.shape.expertise,
  category: adminWorkshopListQuery.shape.category,
  status: z.string().max(40).optional(),
  format: exportFormatQuery,
});

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '');
/** The ideas export's order time. */
const submitted = sql`coalesce(${ideas.submittedAt}, ${ideas.createdAt})`;

/**
 * Streamed CSV exports of the four lists, honouring the list filters (same query parameters). Rows are read
 * in keyset pages of 500 in the list's order, so the first bytes leave at once and each page costs the same.
 */
export async function adminExportRoutes(app: App) {
  app.get(
    '/admin/export/:kind',
    {
      config: ADMIN_ACCESS,
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        params: z.object({ kind: z.enum(EXPORT_KINDS) }),
        querystring: filters,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const db = app.ctx.db;
      const q = request.query;
      const { kind } = request.params;
      // Each branch sends the same columns as CSV (default) or XLSX (`?format=xlsx`, decision 827).
      const send = <T>(columns: ExportColumn<T>[], rows: AsyncIterable<T>) => sendExport(reply, kind, q.format, columns, rows);
      await audit(db, actorOf(request).id, 'export', kind, null, null, { filters: q });
      if (kind === 'students') {
        const status = q.status === 'active' || q.status === 'inactive' ? q.status : undefined;
        const where = studentFilter({ search: q.search, university: q.university, status });
        return send(
          [
            { header: 'Name', value: (r) => fullName(r.user) },
            { header: 'Email', value: (r) => r.user.email },
            { header: 'Phone', value: (r) => r.user.phone },
            { header: 'University', value: (r) => r.profile?.university },
            { header: 'Department', value: (r) => r.profile?.department },
            { header: 'Course', value: (r) => r.profile?.course },
            { header: 'Year', value: (r) => r.profile?.year },
            { header: 'Roll Number', value: (r) => r.profile?.rollNumber },
            { header: 'Status', value: (r) => (r.user.isActive ? 'active' : 'inactive') },
            { header: 'Registered Workshops', value: (r) => Number(r.registeredWorkshops) },
            { header: 'Connected Professionals', value: (r) => Number(r.connectedProfessionals) },
            { header: 'Joined', value: (r) => iso(r.user.createdAt) },
          ],
          keysetPages((cursor, limit) =>
            selectStudents(db, cursorColumns(users.createdAt, users.id))
              .where(and(where, afterCursor(cursor, users.createdAt, users.id)))
              .orderBy(desc(users.createdAt), asc(users.id))
              .limit(limit),
          ),
        );
      } else if (kind === 'professionals') {
        const status = q.status === 'active' || q.status === 'inactive' ? q.status : undefined;
        const where = professionalFilter({ search: q.search, expertise: q.expertise, status });
        return send(
          [
            { header: 'Name', value: (r) => fullName(r.user) },
            { header: 'Email', value: (r) => r.user.email },
            { header: 'Phone', value: (r) => r.user.phone },
            { header: 'Title', value: (r) => r.profile.title },
            { header: 'Company', value: (r) => r.profile.company },
            { header: 'Expertise', value: (r) => r.profile.expertise },
            { header: 'Experience (years)', value: (r) => r.profile.experienceYears },
            { header: 'Specializations', value: (r) => r.profile.specializations },
            { header: 'Skills', value: (r) => r.profile.skills },
            { header: 'Hourly Rate', value: (r) => r.profile.hourlyRate },
            { header: 'Currency', value: (r) => r.profile.currency },
            { header: 'Verified', value: (r) => (r.user.isVerified ? 'yes' : 'no') },
            { header: 'Status', value: (r) => (r.user.isActive ? 'active' : 'inactive') },
            { header: 'Joined', value: (r) => iso(r.user.createdAt) },
          ],
          keysetPages((cursor, limit) =>
            db
              .select({ user: users, profile: professionalProfiles, ...cursorColumns(users.createdAt, users.id) })
              .from(users)
              .innerJoin(professionalProfiles, eq(professionalProfiles.userId, users.id))
              .where(and(where, afterCursor(cursor, users.createdAt, users.id)))
              .orderBy(desc(users.createdAt), asc(users.id))
              .limit(limit),
          ),
        );
      } else if (kind === 'workshops') {
        const status = ['draft', 'published', 'completed', 'cancelled'].includes(q.status ?? '') ? q.status : undefined;
        const where = workshopFilter({ search: q.search, category: q.category, status });
        return send(
          [
            { header: 'Title', value: (r) => r.w.title },
            { header: 'Category', value: (r) => r.w.category },
            { header: 'Difficulty', value: (r) => r.w.difficulty },
            { header: 'Delivery Mode', value: (r) => r.w.deliveryMode },
            {
              header: 'Instructor',
              value: (r) => (r.firstName ? `${r.firstName} ${r.lastName ?? ''}`.trim() : (r.w.manualInstructor?.name ?? '')),
            },
            { header: 'Date', value: (r) => r.w.date },
            { header: 'Start Time', value: (r) => r.w.startTime },
            { header: 'End Time', value: (r) => r.w.endTime },
            { header: 'Timezone', value: (r) => r.w.timezone },
            { header: 'Registered', value: (r) => r.w.registeredCount },
            { header: 'Max Participants', value: (r) => r.w.maxParticipants },
            { header: 'Status', value: (r) => r.w.status },
            { header: 'Tags', value: (r) => r.w.tags },
          ],
          keysetPages((cursor, limit) =>
            db
              .select({
                w: workshops,
                firstName: users.firstName,
                lastName: users.lastName,
                ...cursorColumns(workshops.startsAt, workshops.id),
              })
              .from(workshops)
              .leftJoin(users, eq(users.id, workshops.professionalId))
              .where(and(where, afterCursor(cursor, workshops.startsAt, workshops.id)))
              .orderBy(desc(workshops.startsAt), asc(workshops.id))
              .limit(limit),
          ),
        );
      } else {
        const parsedStatus = adminIdeaQuery.shape.status.safeParse(q.status);
        const where = adminIdeaFilter({
          search: q.search,
          category: q.category,
          status: parsedStatus.success ? parsedStatus.data : undefined,
        });
        return send(
          [
            { header: 'Title', value: (r) => r.idea.title },
            { header: 'Description', value: (r) => r.idea.description },
            { header: 'Category', value: (r) => r.idea.category },
            { header: 'Status', value: (r) => r.idea.status },
            { header: 'Submitted By', value: (r) => `${r.firstName} ${r.lastName}`.trim() },
            { header: 'Email', value: (r) => r.email },
            { header: 'University', value: (r) => r.university },
            { header: 'Tags', value: (r) => r.idea.tags },
            { header: 'Likes', value: (r) => r.idea.likesCount },
            { header: 'Comments', value: (r) => r.idea.commentsCount },
            { header: 'Total Score', value: (r) => r.idea.totalScore },
            { header: 'Submitted', value: (r) => iso(r.idea.submittedAt ?? r.idea.createdAt) },
          ],
          keysetPages((cursor, limit) =>
            db
              .select({
                idea: ideas,
                firstName: users.firstName,
                lastName: users.lastName,
                email: users.email,
                university: studentProfiles.university,
                ...cursorColumns(submitted, ideas.id),
              })
              .from(ideas)
              .innerJoin(users, eq(users.id, ideas.authorId))
              .leftJoin(studentProfiles, eq(studentProfiles.userId, ideas.authorId))
              .where(and(where, afterCursor(cursor, submitted, ideas.id)))
              .orderBy(desc(submitted), asc(ideas.id))
              .limit(limit),
          ),
        );
      }
    },
  );
}
