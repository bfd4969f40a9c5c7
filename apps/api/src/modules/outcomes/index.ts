// The outcomes module's public entry (decision 800): programme close, certificates and the outcome report
// (issue 26, decisions 930 and 1010).
export { outcomesRoutes } from './outcomes.routes.ts';
export { seedOutcomes } from './demo-seed.ts';
