// The users module's public entry: other modules, the demo data and the app import it only through here
// (decision 800). Add a name here when another layer needs it.
export { replaceAvatar } from './avatar.ts';
export { insertAccount } from './accounts.ts';
export { cleanLinks, professionalFields, professionalProfileChanges } from './professional-profile.ts';
export { avatarUrl, fullName, personFields, toUserDto } from './users.presenter.ts';
export { findUserByEmail, findUserById, isUnverifiedProfessional, type UserRow } from './users.repo.ts';
