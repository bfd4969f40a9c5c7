// The programmes module's public entry: other modules, the demo data and the app import it only through here
// (decision 800). Add a name here when another layer needs it.
export { createProgrammeInviteJob, PROGRAMME_INVITE_JOB } from './invite-fan-out.ts';
export { programmesRoutes } from './programmes.routes.ts';
export { stableMatch } from './stable-matching.ts';
