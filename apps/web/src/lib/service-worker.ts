// Registering the installable app's service worker (public/sw.js). Free of React, so the entry (main.tsx) can
// call it as well as the app (lib/pwa.ts re-exports it).

/** Registers public/sw.js for the whole site (built app only); resolves to its registration, or undefined. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return Promise.resolve(undefined);
  return navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}
