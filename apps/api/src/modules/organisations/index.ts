// The organisations module's public entry: other modules, the demo data and the app import it only through here
// (decision 800). Add a name here when another layer needs it.
export { confirmWorkEmailCode, sendAccountLink, sendConfirmationLink, sendWorkEmailCode } from './confirmations.ts';
export { liveInvitation } from './invitations.ts';
export { organisationsRoutes } from './organisations.routes.ts';
export { sessionFor } from './session.ts';
