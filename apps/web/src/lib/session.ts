import { useSyncExternalStore } from 'react';
import type { AuthData, UserDto } from '@app/shared/auth';
import { SESSION_AREA, SESSION_KEYS, isRole, type Role } from '@app/shared/roles';
import { clearPrivateOffline } from './pwa.ts';

/** The stored-session keys of the spec (000 §3), all cleared on logout. */
export { SESSION_KEYS };

export interface StoredUser {
  _id?: string;
  id?: string;
  role?: string;
  firstName?: string;
  lastName?: string;
  name?: string;
  email?: string;
  isTemporaryPassword?: boolean;
  passwordResetRequired?: boolean;
  /** A role that must use a second factor, past its grace period: only the Security page works (issue 23). */
  mfaBlocked?: boolean;
  profileImageUrl?: string | null;
}

export interface Session {
  token: string;
  user: StoredUser;
  role: Role | undefined;
}

const WATCHED = new Set(['token', 'user', 'userRole']);
const listeners = new Set<() => void>();
let cachedKey = '';
let cached: Session | null = null;

function notify() {
  for (const l of listeners) l();
}

function parseUser(raw: string | null): StoredUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    return value;
  } catch {
    return null;
  }
}

/** Signed in means a token and a parseable stored user. A corrupt user clears token, user and role. */
export function readSession(): Session | null {
  const token = localStorage.getItem('token');
  const rawUser = localStorage.getItem('user');
  const rawRole = localStorage.getItem('userRole');
  const key = `${token}|${rawUser}|${rawRole}`;
  if (key === cachedKey) return cached;
  cachedKey = key;
  if (!token || !rawUser) {
    cached = null;
    return cached;
  }
  const user = parseUser(rawUser);
  if (!user) {
    console.warn('Stored user data is corrupt: signing out');
    localStorage.removeItem('token');
    localStorage.removeItem('user');
    localStorage.removeItem('userRole');
    cachedKey = '';
    cached = null;
    return cached;
  }
  const roleValue = rawRole ?? user.role;
  cached = { token, user, role: isRole(roleValue) ? roleValue : isRole(user.role) ? user.role : undefined };
  return cached;
}

/** Store the answer of login or registration as the spec lists (000 §3-§4). */
export function storeAuth(data: AuthData, rememberMe: boolean) {
  // Whatever the service worker kept for offline use belonged to the last session (issue 27).
  void clearPrivateOffline();
  const user = JSON.stringify(data.user);
  localStorage.setItem('token', data.token);
  localStorage.setItem('user', user);
  localStorage.setItem('userRole', data.user.role);
  localStorage.setItem('permissions', JSON.stringify(data.permissions));
  localStorage.setItem('rememberMe', String(rememberMe));
  if (data.user.role === 'admin') {
    localStorage.setItem('adminAuth', 'true');
    localStorage.setItem('adminUser', user);
  } else {
    localStorage.setItem('studentAuth', 'true');
    localStorage.setItem('studentUser', user);
  }
  if (data.user.role !== 'admin' && data.user.role !== 'student') {
    const area = SESSION_AREA[data.user.role];
    localStorage.setItem(`${area}Auth`, 'true');
    localStorage.setItem(`${area}User`, user);
  }
  notify();
}

/** Replace the stored user (after a profile change or a password change that issued a new token). */
export function updateStoredUser(user: UserDto, token?: string) {
  if (token) localStorage.setItem('token', token);
  const raw = JSON.stringify(user);
  localStorage.setItem('user', raw);
  const roleKey = `${SESSION_AREA[user.role]}User`;
  localStorage.setItem(roleKey, raw);
  notify();
}

/** Mark the stored user as needing (or no longer needing) second-factor enrolment before anything else. */
export function setMfaBlocked(blocked: boolean) {
  const raw = localStorage.getItem('user');
  if (!raw) return;
  const user = parseUser(raw);
  if (!user || Boolean(user.mfaBlocked) === blocked) return;
  localStorage.setItem('user', JSON.stringify({ ...user, mfaBlocked: blocked }));
  notify();
}

export function clearSession() {
  for (const key of SESSION_KEYS) localStorage.removeItem(key);
  void clearPrivateOffline();
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // Another tab signed in or out: re-evaluate.
    if (event.key === null || WATCHED.has(event.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, readSession, () => null);
}

export function displayName(user: StoredUser | undefined): string {
  if (!user) return '';
  return user.name || [user.firstName, user.lastName].filter(Boolean).join(' ');
}

export function firstName(user: StoredUser | undefined): string {
  return user?.firstName || user?.name?.split(' ')[0] || '';
}
