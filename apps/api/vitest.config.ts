import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // One process per worker, not per file; our own modules are evaluated anew for every file
    // (test/fresh-modules.ts), node_modules once per worker (decision 1370).
    isolate: false,
    setupFiles: ['./test/fresh-modules.ts'],
    env: { TZ: 'UTC' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: process.env.CI ? 2 : 3,
    fileParallelism: true,
  },
});
