// The surveys module's public entry (decision 800): programme surveys (issue 26, decision 920).
export { surveysRoutes } from './surveys.routes.ts';
export { seedSurveys } from './demo-seed.ts';
// For the outcomes module: the report's survey charts (decision 1011) and the close (decision 1012).
export { surveyReportSections, onProgrammeClosed } from './surveys.service.ts';
