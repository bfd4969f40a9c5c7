// Runs before every test file (vitest.config.ts setupFiles, decision 1370). With `isolate: false` a worker
// process runs many files; dropping vitest's module registry here makes each file import src/, the test
// helpers and @app/shared afresh, so module state (configuration read into modules, caches) starts from its
// defaults in every file, in any order. node_modules stay loaded in the worker (Node's own cache).
import { vi } from 'vitest';

vi.resetModules();
