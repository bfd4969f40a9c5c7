import type { App } from '../lib/http.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { contentRoutes } from './content/content.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { uploadsRoutes } from './uploads/uploads.routes.ts';
import { mentoringRoutes } from './mentoring/mentoring.routes.ts';
import { ideasRoutes } from './ideas/ideas.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { professionalsRoutes } from './professionals/professionals.routes.ts';
import { studentsRoutes } from './students/students.routes.ts';
import { workshopsRoutes } from './workshops/workshops.routes.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { ideasAdminRoutes } from './ideas/ideas-admin.routes.ts';
import { workshopsManageRoutes } from './workshops/workshops-manage.routes.ts';
import { rdProjectsAdminRoutes } from './rd-projects/projects-admin.routes.ts';
import { rdApplicationsAdminRoutes } from './rd-projects/applications-admin.routes.ts';
import { rdProjectsStudentRoutes } from './rd-projects/projects-student.routes.ts';
import { rdApplicationsStudentRoutes } from './rd-projects/applications-student.routes.ts';
import { rdAlertsRoutes } from './rd-projects/alerts.routes.ts';
import { expertsRoutes } from './experts/experts.routes.ts';
import { organisationsRoutes } from './organisations/organisations.routes.ts';

/** Every domain's routes, mounted under /api. Add a module here when it lands. */
export async function registerModules(app: App) {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(contentRoutes);
  await app.register(uploadsRoutes);
  await app.register(workshopsRoutes);
  await app.register(professionalsRoutes);
  await app.register(ideasRoutes);
  await app.register(notificationsRoutes);
  await app.register(studentsRoutes);
  await app.register(mentoringRoutes);
  await app.register(adminRoutes);
  await app.register(ideasAdminRoutes);
  await app.register(workshopsManageRoutes);
  await app.register(rdProjectsAdminRoutes);
  await app.register(rdApplicationsAdminRoutes);
  await app.register(rdProjectsStudentRoutes);
  await app.register(rdApplicationsStudentRoutes);
  await app.register(rdAlertsRoutes);
  await app.register(expertsRoutes);
  await app.register(organisationsRoutes);
}
