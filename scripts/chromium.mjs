// Debian's Chromium, as the browser journeys and the page benchmark start it (Playwright's own browsers are
// never downloaded here): these flags work headless as root on a machine with no network but loopback.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
