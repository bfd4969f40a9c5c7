// The rd-projects module's public entry: other modules, the demo data and the app import it only through here
// (decision 800). Add a name here when another layer needs it.
export { rdAlertsRoutes } from './alerts.routes.ts';
export { RD_ACTION_URL } from './alerts.ts';
export { rdApplicationsAdminRoutes, reviewAnswer } from './applications-admin.routes.ts';
export { interviewEvent, interviewIcs } from './applications-admin.service.ts';
export * as applicationsAdminService from './applications-admin.service.ts';
export { rdApplicationsStudentRoutes } from './applications-student.routes.ts';
export { companyProjectVisible } from './company-visibility.ts';
export { sendDocument } from './documents.ts';
export { rdProjectsAdminRoutes } from './projects-admin.routes.ts';
export { createProject } from './projects-admin.service.ts';
export { rdProjectsStudentRoutes } from './projects-student.routes.ts';
export { interviewSlot } from './rd-projects.presenter.ts';
export { applicationInContext } from './rd-projects.repo.ts';
