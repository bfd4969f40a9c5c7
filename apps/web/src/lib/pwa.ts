// The page's side of the installable app and Web Push (issue 27, docs/push.md). The service worker is
// public/sw.js; this file registers it, clears what it keeps of a person at sign-in and sign-out, and
// turns push on and off for this browser.
import { useSyncExternalStore } from 'react';

/** The service worker's cache of signed-in API reads (public/sw.js DATA). */
const PRIVATE_CACHE = 'mb-data-v1';

export { registerServiceWorker } from './service-worker.ts';

/** Forget the last-seen data kept for offline use: a shared device keeps nothing of the last person. */
export function clearPrivateOffline(): Promise<void> {
  const jobs: Promise<unknown>[] = [];
  if (typeof caches !== 'undefined') jobs.push(caches.delete(PRIVATE_CACHE).catch(() => false));
  const controller = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
  controller?.postMessage({ type: 'clear-private' });
  return Promise.all(jobs).then(() => undefined);
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.getRegistration('/');
}

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await registration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Ask the browser (only now, after the person chose to) and subscribe with the server's VAPID key. */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionError(permission);
  const reg = (await registration()) ?? (await navigator.serviceWorker.register('/sw.js', { scope: '/' }));
  await navigator.serviceWorker.ready;
  const existing = await reg.pushManager.getSubscription();
  const key = keyBytes(publicKey);
  // A subscription made with another key (the server's key changed) is replaced.
  if (existing) {
    const current = existing.options.applicationServerKey;
    const same = current && new Uint8Array(current).every((b, i) => b === key[i]);
    if (same) return existing;
    await existing.unsubscribe();
  }
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

export class PushPermissionError extends Error {
  constructor(readonly permission: NotificationPermission) {
    super(`Notification permission: ${permission}`);
  }
}

/** A short label for the device list: browser and system, never trusted by the server. */
export function deviceLabel(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'Browser';
  const system = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Mac OS X/.test(ua) ? 'macOS' : /Windows/.test(ua) ? 'Windows' : /Linux/.test(ua) ? 'Linux' : '';
  return system ? `${browser} on ${system}` : browser;
}

/**
 * Signing out on this browser: its push subscription is removed at the server (with the token that is
 * still valid) and at the push service, and the offline data is cleared.
 */
export async function forgetThisDevice(token: string | null): Promise<void> {
  try {
    const sub = await currentPushSubscription();
    if (sub) {
      if (token) {
        await fetch('/api/push/unsubscribe', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ endpoint: sub.endpoint }),
          keepalive: true,
        }).catch(() => undefined);
      }
      await sub.unsubscribe().catch(() => false);
    }
  } finally {
    await clearPrivateOffline();
  }
}

/** The service worker says whether the network answered its last read (navigator.onLine can say "online" on a dead network). */
let networkDown = false;
const onlineListeners = new Set<() => void>();
let listening = false;

function listenToWorker() {
  if (listening || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  listening = true;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    const type = event.data?.type;
    if (type !== 'network-ok' && type !== 'network-down') return;
    setNetworkDown(type === 'network-down');
  });
}

/** How often the app checks whether the server is reachable again while it shows the offline notice. */
const RECHECK_MS = 5000;
let recheck: ReturnType<typeof setInterval> | undefined;

function setNetworkDown(down: boolean) {
  if (down === networkDown) return;
  networkDown = down;
  if (down && !recheck) {
    recheck = setInterval(() => {
      fetch('/api/health', { cache: 'no-store' })
        .then((r) => {
          if (r.ok) setNetworkDown(false);
        })
        .catch(() => undefined);
    }, RECHECK_MS);
  } else if (!down && recheck) {
    clearInterval(recheck);
    recheck = undefined;
  }
  for (const l of onlineListeners) l();
}

function subscribeOnline(listener: () => void) {
  listenToWorker();
  const onChange = () => {
    if (navigator.onLine) setNetworkDown(false);
    listener();
  };
  onlineListeners.add(listener);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    onlineListeners.delete(listener);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the app is online: the browser says so and the service worker's last read reached the server. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine && !networkDown, () => true);
}
