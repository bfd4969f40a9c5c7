// The ideas module's public entry: other modules, the demo data and the app import it only through here
// (decision 800). Add a name here when another layer needs it.
export { ideasAdminRoutes } from './ideas-admin.routes.ts';
export { adminIdeaFilter } from './ideas-admin.service.ts';
export { ideasRoutes } from './ideas.routes.ts';
export { countMyIdeas } from './ideas.service.ts';
