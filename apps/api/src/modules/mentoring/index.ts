// The mentoring module's public entry: other modules, the demo data and the app import it only through here
// (decision 800). Add a name here when another layer needs it.
export { freeWindows, type RuleInput } from './expand-availability.ts';
export { acceptedConnectionId, loadPeople, nameOf } from './mentoring.common.ts';
export { mentoringRoutes } from './mentoring.routes.ts';
export { cancelSession, DEFAULT_TOPIC, sessionEvent, sessionIcs, topicIn, whenFor } from './sessions.service.ts';
