// The outcomes module's public entry (decision 800): programme close, certificates and the outcome report
// (issue 26, decision 930). A module that owns programme surveys registers its report sections here.
export { outcomesRoutes } from './outcomes.routes.ts';
export { registerSurveyReportProvider, type SurveyReportProvider } from './report.service.ts';
export { seedOutcomes } from './demo-seed.ts';
