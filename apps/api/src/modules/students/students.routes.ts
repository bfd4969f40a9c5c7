import { count, eq } from 'drizzle-orm';
import { envelope } from '@app/shared/api';
import { studentSummaryData, type StudentSummary } from '@app/shared/students';
import type { Db } from '../../db/client.ts';
import { rdApplications } from '../../db/schema/rd-projects.ts';
import { actorOf, type App } from '../../lib/http.ts';
import { countMyIdeas } from '../ideas/index.ts';
import { countRegistered } from '../workshops/index.ts';

export async function studentSummary(db: Db, studentId: string): Promise<StudentSummary> {
  const [registeredWorkshops, ideas, applications] = await Promise.all([
    countRegistered(db, studentId),
    countMyIdeas(db, studentId),
    db
      .select({ n: count() })
      .from(rdApplications)
      // Every application the student's "My Applications" list shows (withdrawn ones included), so
      // the R&D tab badge and that list never disagree.
      .where(eq(rdApplications.studentId, studentId))
      .then((rows) => rows[0]?.n ?? 0),
  ]);
  return { registeredWorkshops, ideas, applications };
}

export async function studentsRoutes(app: App) {
  app.get(
    '/students/me/summary',
    {
      config: { access: ['student'] },
      schema: { tags: ['students'], security: [{ bearer: [] }], response: { 200: envelope(studentSummaryData) } },
    },
    async (request) => ({ success: true as const, data: await studentSummary(app.ctx.db, actorOf(request).id) }),
  );
}
