// The relationships module's public entry (decision 800): mentoring relationships (issue 26).
export { relationshipsRoutes } from './relationships.routes.ts';
export { seedRelationships } from './demo-seed.ts';
// For the outcomes module (programme close and report, decision 930).
export { factsOf, syncRelationships, type RelationshipRow, type Totals } from './relationships.service.ts';
export { settingsOf, type CoordinatorScope } from './coordinator.service.ts';
export { AGREEMENT_GRACE_DAYS, UNANSWERED_ATTENTION_DAYS, UNANSWERED_RISK_DAYS, computeHealth } from './health.ts';
