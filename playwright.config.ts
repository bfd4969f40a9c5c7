import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
// Debian's Chromium and the flags that work here: shared with the page benchmark (scripts/bench-web.mjs).
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

/** Port of the server the journeys run against (3200 is reserved for e2e on the shared machine). */
const PORT = Number(process.env.E2E_PORT ?? 3200);
const CI = !!process.env.CI;


/** Journeys that change what every person on the server sees (run on their own server). */
const ISOLATED = /privacy-consent\.spec\.ts$/;
/** Its server's port: E2E_PORT + 1 to + 4 are the SSO journeys' identity providers and relay. */
const ISOLATED_PORT = PORT + 5;

type WebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>;

function server(port: number, dataDir: string): WebServer {
  return {
    // A fresh embedded database with the demo seed: DATA_DIR is deleted first.
    // One process (so stopping it stops the server): delete DATA_DIR, then run the built server.
    command:
      "node --input-type=module -e \"import { rmSync } from 'node:fs'; rmSync(process.env.DATA_DIR, { recursive: true, force: true }); await import('./apps/api/dist/server.js');\"",
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      JOBS_ENABLED: 'true',
      LOGIN_MAX_PER_IP: '10000',
      // Journeys create many students, experts and organisations from one address.
      REGISTER_MAX_PER_IP: '10000',
      // Admins are asked to enrol a second factor at sign-in but never blocked during a run (issue 23).
      MFA_GRACE_DAYS: '30',
      // WebAuthn needs a domain, not an IP: the passkey journey opens the app at http://localhost.
      WEBAUTHN_RP_ID: 'localhost',
      WEBAUTHN_ORIGINS: `http://localhost:${port},http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // The SSO journeys' identity providers (oidc-provider, SimpleSAMLphp) run on this machine: allowed
      // past the SSO fetch guard, which refuses private addresses and http in production (decision 850).
      SSO_FETCH_ALLOW_HOSTS: '127.0.0.1',
    },
  };
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // Two workers on CI too: the journeys share one server and each makes its own people, so they run side
  // by side (measured: 125 journeys in ~29 min on a machine loaded by other work, ~27 min with one worker unloaded).
  workers: 2,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    // The app's service worker (issue 27) would answer requests that page.route() mocks never see:
    // blocked here, allowed by the journey that tests it (e2e/pwa-offline.spec.ts).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  // E2E_EXTERNAL=1: journeys run against a server started separately on E2E_PORT (parallel work on one machine).
  // A second server (E2E_PORT + 5) serves the journeys whose changes reach everybody on a server: publishing
  // a material privacy notice asks every person to accept it (issue 24), which would put a banner on
  // every page of the journeys that happen to run after it.
  webServer: process.env.E2E_EXTERNAL ? undefined : [server(PORT, '.tmp/e2e-data'), server(ISOLATED_PORT, '.tmp/e2e-data-isolated')],
  projects: [
    { name: 'journeys', testIgnore: ISOLATED },
    { name: 'isolated', testMatch: ISOLATED, use: { baseURL: `http://127.0.0.1:${ISOLATED_PORT}` } },
  ],
});
