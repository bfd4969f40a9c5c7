import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { contractCoverage } from './contract-coverage.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Migrate once, then every test file opens its own copy: a PGlite data-dir dump (~0.7 s instead of
 * initdb's 2.5 s), or on PostgreSQL (TEST_DATABASE_URL) a database created from a migrated template.
 */
export default async function setup(project: TestProject) {
  const contract = contractCoverage(project);
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const templateName = `mb_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateName}`);
    await admin.query(`CREATE DATABASE ${templateName}`);
    const templateUrl = withDatabase(url, templateName);
    const database = openPostgres(templateUrl, { max: 1 });
    await database.migrate();
    await database.close();
    project.provide('postgresTemplate', templateName);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
      await contract.check();
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mb-test-'));
  const database = await openPglite();
  await database.migrate();
  const pglite = database.pglite;
  if (!pglite) throw new Error('expected PGlite');
  const dump = await pglite.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await contract.check();
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
