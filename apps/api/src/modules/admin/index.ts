// The admin module's public entry: other modules, the demo data and the app import it only through here
// (decision 800). Add a name here when another layer needs it.
export { adminRoutes } from './admin.routes.ts';
