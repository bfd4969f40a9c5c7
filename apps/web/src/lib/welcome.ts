import type { StoredUser } from './session.ts';

/**
 * "Welcome" for someone who has just joined (registered, or chose their first password), "Welcome
 * back" for everyone else. The mark lives in sessionStorage for this tab's visit only.
 */
const KEY = 'mb.newAccount';

function idOf(user: StoredUser | undefined): string | undefined {
  return user?._id ?? user?.id;
}

export function markNewAccount(user: StoredUser | undefined) {
  const id = idOf(user);
  if (!id) return;
  try {
    sessionStorage.setItem(KEY, id);
  } catch {
    // storage unavailable: the greeting falls back to "Welcome back"
  }
}

export function welcomeWord(user: StoredUser | undefined): 'Welcome' | 'Welcome back' {
  const id = idOf(user);
  let marked: string | null;
  try {
    marked = sessionStorage.getItem(KEY);
  } catch {
    marked = null;
  }
  return id && marked === id ? 'Welcome' : 'Welcome back';
}
