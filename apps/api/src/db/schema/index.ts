// The schema object drizzle needs (one namespace of every table). Not a barrel for application code:
// modules import tables from their own schema file.
export * from './users.ts';
export * from './platform.ts';
export * from './workshops.ts';
export * from './ideas.ts';
export * from './mentoring.ts';
export * from './rd-projects.ts';
export * from './lifecycle.ts';
export * from './calendar.ts';
export * from './matching.ts';
export * from './organisations.ts';
export * from './security.ts';
export * from './privacy.ts';
export * from './sso.ts';
export * from './sso-logout.ts';
export * from './push.ts';
export * from './relationships.ts';
export * from './surveys.ts';
export * from './outcomes.ts';
