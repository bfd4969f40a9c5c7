// Issue 8, SSE fan-out across a lost LISTEN connection (PostgreSQL restarted, connection cut): the event
// bus reconnects, and the notifications and messages written while it was not listening are announced
// after it is back, so open notification streams do not silently miss them. PostgreSQL only (PGlite's
// listener lives in the same process and cannot be cut). The drill `pg-restart.mjs` does the same
// against a real cluster restart.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../src/lib/events.ts';
import { queryRows } from '../src/lib/sql.ts';
import { notify } from '../src/modules/notifications/notifications.service.ts';
import { buildStudent } from './factories.ts';
import { useTestApp } from './harness.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const t = useTestApp();

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  // No time limit of its own: the test's timeout is the limit.
  while (!(await condition())) await new Promise((r) => setTimeout(r, 20));
}

describe.skipIf(!onPostgres)('event bus on PostgreSQL', () => {
  it('after its LISTEN connection is killed, it reconnects and delivers what was written meanwhile', async () => {
    const student = await buildStudent(t);
    const heard: AppEvent[] = [];
    const unsubscribe = t.app.ctx.events.subscribe((e) => heard.push(e));
    try {
      await until(() => t.app.ctx.events.listening());
      const live = await notify(t.database.db, { userId: student.id, type: 'system', title: 'Before', message: 'heard live' });
      await until(() => heard.some((e) => e.data?.id === live));

      const [listener] = await queryRows<{ pid: number }>(
        t.database.db,
        sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`,
      );
      expect(listener).toBeDefined();
      await t.database.db.execute(sql`SELECT pg_terminate_backend(${listener?.pid ?? 0})`);
      await until(() => !t.app.ctx.events.listening());

      // Written while nobody listens: its NOTIFY is lost; the replay after reconnecting must carry it.
      const missed = await notify(t.database.db, { userId: student.id, type: 'system', title: 'During', message: 'replayed' });
      await until(() => t.app.ctx.events.listening());
      await until(() => heard.some((e) => e.data?.id === missed));
      expect(heard.filter((e) => e.data?.id === missed)).toEqual([
        { userId: student.id, type: 'notification', data: { id: missed } },
      ]);

      const after = await notify(t.database.db, {
        userId: student.id,
        type: 'system',
        title: 'After',
        message: 'heard live again',
      });
      await until(() => heard.some((e) => e.data?.id === after));
      expect(heard.filter((e) => e.data?.id === live)).toHaveLength(1);
    } finally {
      unsubscribe();
    }
  });
});
