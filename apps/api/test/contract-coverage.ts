import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Operations in the OpenAPI document that the API suite does not call, each with its reason. Every other
 * documented operation must be exercised by a full run of the suite (issue 28, decision 835): its real
 * answers are then checked against the document by test/contract.ts.
 */
export const COVERAGE_EXCLUSIONS: Record<string, string> = {};

/**
 * Coverage of the OpenAPI document by the API suite. Each test file writes the operations it exercised
 * (test/contract.ts); when every test file of the project ran, a documented operation that none of them
 * called fails the run. A run of a few files checks their replies but not coverage.
 */
export function contractCoverage(project: TestProject) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'mb-contract-'));
  const dir = path.join(root, 'exercised');
  mkdirSync(dir);
  project.provide('contractDir', dir);
  // The first file to finish writes the OpenAPI document here; the others read it (test/contract.ts).
  project.provide('openapiDocument', path.join(root, 'openapi.json'));
  return {
    async check() {
      try {
        const reports = readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { operations: string[]; exercised: string[]; ms: number; replies: number });
        if (reports.length === 0) return;
        const documented = new Set(reports.flatMap((r) => r.operations));
        const exercised = new Set(reports.flatMap((r) => r.exercised));
        const ran = new Set(project.vitest.state.getFiles().map((f) => path.resolve(f.filepath)));
        const { testFiles } = await project.globTestFiles();
        const fullRun = testFiles.every((f) => ran.has(path.resolve(f)));
        const missing = [...documented].filter((op) => !exercised.has(op) && !(op in COVERAGE_EXCLUSIONS)).sort();
        const stale = Object.keys(COVERAGE_EXCLUSIONS).filter((op) => !documented.has(op) || exercised.has(op));
        const replies = reports.reduce((n, r) => n + r.replies, 0);
        const ms = Math.round(reports.reduce((n, r) => n + r.ms, 0));
        const summary = `OpenAPI conformance: ${replies} replies in ${reports.length} apps checked against the document in ${ms} ms; ${exercised.size} of ${documented.size} documented operations exercised`;
        if (!fullRun) {
          process.stdout.write(`${summary} (a partial run: coverage not enforced)\n`);
          return;
        }
        if (missing.length === 0 && stale.length === 0) {
          process.stdout.write(`${summary}; ${Object.keys(COVERAGE_EXCLUSIONS).length} excluded with a reason\n`);
          return;
        }
        const lines = [
          `${summary}.`,
          ...(missing.length > 0
            ? [`${missing.length} documented operation(s) no API test calls (add a test, or a reasoned entry to COVERAGE_EXCLUSIONS in test/contract-coverage.ts):`, ...missing.map((op) => `  - ${op}`)]
            : []),
          ...(stale.length > 0 ? ['COVERAGE_EXCLUSIONS entries that are now exercised or gone (remove them):', ...stale.map((op) => `  - ${op}`)] : []),
        ];
        process.stderr.write(`\n${lines.join('\n')}\n`);
        process.exitCode = 1;
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

