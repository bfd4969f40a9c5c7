// The relationships module's public entry (decision 800): mentoring relationships (issue 26).
export { relationshipsRoutes } from './relationships.routes.ts';
export { seedRelationships } from './demo-seed.ts';
