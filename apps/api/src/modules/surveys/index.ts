// The surveys module's public entry (decision 800): programme surveys (issue 26, decision 920).
export { surveysRoutes } from './surveys.routes.ts';
export { seedSurveys } from './demo-seed.ts';
