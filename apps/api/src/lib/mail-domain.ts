// Moved to config.ts (the lowest layer, which needs it for MAIL_DOMAIN's default); kept for lib's callers.
export { messageIdDomain } from '../config.ts';
