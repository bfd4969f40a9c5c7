import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { assertEmbeddedDatabaseIdle } from './ops/backup.ts';
import { prepareDatabase } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { DEMO_ACCOUNTS } from './demo/accounts.ts';
import { isEmpty } from './demo/index.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const started = Date.now();
  const lockFile = path.join(config.dataDir, 'server.pid');
  if (!config.databaseUrl) {
    // The embedded database belongs to one process: refuse a second server (or a running backup).
    await assertEmbeddedDatabaseIdle(config);
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(lockFile, String(process.pid));
    process.on('exit', () => rmSync(lockFile, { force: true }));
  }
  const bootLog = { info: (msg: unknown) => console.log(typeof msg === 'string' ? msg : JSON.stringify(msg)), warn: (msg: unknown) => console.warn(msg) };
  const { database } = await prepareDatabase(config, bootLog);
  const app = await buildApp({ config, database, startJobs: true });
  // Defence in depth (issue 31, decision 722): a promise nobody awaited that rejects (a lost database
  // connection surfacing somewhere unforeseen) is logged, not fatal; every other request keeps being served.
  // Errors thrown synchronously outside a request still end the process, and the process manager restarts it.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled promise rejection'));

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down: draining, then finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // 1. Drain: health answers 503 and responses say `Connection: close`, while connections already
    //    queued in the kernel are still accepted and answered (closing the listener at once resets them).
    // 2. Close: stop listening, finish in-flight requests, stop the job worker, close the database.
    app.ctx.lifecycle.draining = true;
    new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs))
      .then(() => app.close())
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const url = config.publicUrl;
  const lines = [
    '',
    `  MentorBridge is running at ${url}  (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}, ready in ${Date.now() - started} ms)`,
    `  API reference: ${url}/api/docs`,
  ];
  if (database.kind === 'pglite' && !(await isEmpty(database.db))) {
    lines.push('', '  Demo accounts (embedded demo database):');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.role.padEnd(16)} ${a.email.padEnd(28)} ${a.password}${a.note ? `   (${a.note})` : ''}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
