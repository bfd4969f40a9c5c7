/**
 * The push services the server will POST to (issue 27). A subscription's endpoint comes from the
 * browser, i.e. from a client: without this list anyone could make the server send requests to any
 * address (server-side request forgery). The major browsers' services, by host name over https on the
 * default port; more (a private relay, a test's push service) by exact https origin in configuration.
 */
const PUSH_SERVICE_HOSTS: ReadonlyArray<{ host: string; subdomains: boolean }> = [
  // Chrome, Chromium-based browsers on Android and desktop (Firebase Cloud Messaging).
  { host: 'fcm.googleapis.com', subdomains: false },
  // Firefox (Mozilla autopush).
  { host: 'push.services.mozilla.com', subdomains: true },
  // Safari on macOS and iOS/iPadOS Home Screen apps (Apple Push Notification service for the web).
  { host: 'push.apple.com', subdomains: true },
  // Edge (Windows Push Notification Services: wns2-*.notify.windows.com).
  { host: 'notify.windows.com', subdomains: true },
];

export function pushEndpointAllowed(endpoint: string, extraOrigins: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  if (url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((s) => host === s.host || (s.subdomains && host.endsWith(`.${s.host}`)));
}
