// The workshops module's public entry: other modules, the demo data and the app import it only through here
// (decision 800). Add a name here when another layer needs it.
export { workshopsManageRoutes } from './workshops-manage.routes.ts';
export { workshopFilter } from './workshops-manage.service.ts';
export * as workshopsManageService from './workshops-manage.service.ts';
export { visibleToStudent } from './workshops-visibility.ts';
export { renderCertificate } from './workshops.certificate.ts';
export { insertRegistration, insertWorkshop } from './workshops.fixtures.ts';
export { findWorkshop, selectWorkshops } from './workshops.presenter.ts';
export { workshopsRoutes } from './workshops.routes.ts';
export { countRegistered, newCertificateId, verifyCertificate, workshopEvent, workshopIcs } from './workshops.service.ts';
