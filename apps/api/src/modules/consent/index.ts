// The consent module's public entry (decision 800): the versioned privacy notice, its acceptances, the
// optional consents and the record of who viewed a person's data (issue 24, decisions 840-842). It sits
// low (only db and lib below it) because registration, matching, e-mail and the admin views all ask it.
export * as notice from './notice.ts';
export { consentWithdrawn, recordAcceptance, recordView } from './notice.ts';
