import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';

/** The account just created by self-registration. */
export interface RegisteredUser {
  id: string;
  email: string;
  firstName: string;
}

/** Something another module does when a person registers (decision 800: reactions point down). */
export type RegistrationReaction = (db: Db, config: Config, user: RegisteredUser) => Promise<void>;

const reactions = new Set<RegistrationReaction>();

/**
 * Modules above auth subscribe here (from their routes plugin) instead of auth importing them: auth
 * stays below every module that reacts to a registration. Adding the same reaction twice is harmless.
 */
export function onRegistered(reaction: RegistrationReaction): void {
  reactions.add(reaction);
}

/** Run every reaction, in the order they subscribed, before the registration is answered. */
export async function announceRegistration(db: Db, config: Config, user: RegisteredUser): Promise<void> {
  for (const reaction of reactions) await reaction(db, config, user);
}
