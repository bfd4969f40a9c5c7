import { z } from 'zod';
import { envelope } from '@app/shared/api';
import { alertBody, alertToggleData, rdNotificationsData } from '@app/shared/rd-projects';
import { actorOf, type App } from '../../lib/http.ts';
import { SWEEP_EVERY_MS, registerDeadlineSweep, scheduleSweep } from './alerts.ts';
import * as service from './projects-student.service.ts';

const STUDENT = { access: ['student'] as const };
const TAGS = ['rd-projects'];

/** Alerts on projects, the once-only R&D notification feed, and the deadline reminder sweep. */
export async function rdAlertsRoutes(app: App) {
  registerDeadlineSweep(app.ctx.db, app.ctx.jobs);

  // Queue the first deadline sweep once the server runs, never while the app is being built or made
  // ready: a build on a database that is not migrated yet (restore, tooling, tests) must not touch
  // the jobs table. The check repeats hourly (one pending sweep at a time), so a sweep lost to a
  // failure is queued again. Tests call runDeadlineSweep() themselves.
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    const { config } = app.ctx;
    if (!config.jobsEnabled || config.env === 'test') return;
    const tick = () =>
      scheduleSweep(app.ctx.db)
        .then(() => app.ctx.jobs.kick())
        .catch((error: unknown) => app.log.warn({ err: error }, 'could not queue the R&D deadline sweep'));
    timer = setInterval(tick, SWEEP_EVERY_MS);
    timer.unref();
    setImmediate(() => void tick());
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });

  app.post(
    '/rd-projects/:id/alert',
    {
      config: STUDENT,
      schema: { tags: TAGS, security: [{ bearer: [] }], params: z.object({ id: z.string() }), body: alertBody, response: { 200: envelope(alertToggleData) } },
    },
    async (request) => {
      const data = await service.toggleAlert(app.ctx.db, actorOf(request), request.params.id, request.body.preferences);
      return { success: true as const, message: data.hasAlert ? 'Alert set for this project' : 'Alert removed', data };
    },
  );

  app.get(
    '/rd-projects/my/notifications',
    { config: STUDENT, schema: { tags: TAGS, security: [{ bearer: [] }], response: { 200: envelope(rdNotificationsData) } } },
    async (request) => ({ success: true as const, data: { notifications: await service.takeNotifications(app.ctx.db, actorOf(request)) } }),
  );
}
