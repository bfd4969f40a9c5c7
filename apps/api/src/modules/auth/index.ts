// The auth module's public entry: other modules, the demo data and the app import it only through here
// (decision 800). Add a name here when another layer needs it.
export { INVALID_TOKEN_MESSAGE, registerAccessControl, resolveActor } from './access.ts';
export { authRoutes } from './auth.routes.ts';
export { DUPLICATE_EMAIL_MESSAGE, ensureAdmin } from './auth.service.ts';
export { clientOf } from './client.ts';
export * as loginThrottle from './login-throttle.ts';
export { requireOrganisation } from './membership.ts';
export { mfaRoutes } from './mfa.routes.ts';
export { passkeysRoutes } from './passkeys.routes.ts';
export { onRegistered } from './registered.ts';
export { sessionsRoutes } from './sessions.routes.ts';
export { type ClientInfo, createSession } from './sessions.service.ts';
export { endAllSessions } from './sessions.service.ts';
