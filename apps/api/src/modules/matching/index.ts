// The matching module's public entry: other modules, the demo data and the app import it only through here
// (decision 800). Add a name here when another layer needs it.
export { matchingRoutes } from './matching.routes.ts';
export { matchTopics, norm, topicReasons } from './topics.ts';
