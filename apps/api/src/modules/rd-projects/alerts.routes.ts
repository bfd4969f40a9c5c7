import { z } from 'zod';
import { envelope } from '@app/shared/api';
import { alertBody, alertToggleData, rdNotificationsData } from '@app/shared/rd-projects';
import { actorOf, type App } from '../../lib/http.ts';
import { DEADLINE_SWEEP_TASK, SWEEP_EVERY_MS, runDeadlineSweep } from './alerts.ts';
import * as service from './projects-student.service.ts';

const STUDENT = { access: ['student'] as const };
const TAGS = ['rd-projects'];

/** Alerts on projects, the once-only R&D notification feed, and the deadline reminder sweep (scheduled). */
export async function rdAlertsRoutes(app: App) {
  // A scheduled task (lib/scheduler.ts): once per hourly slot across every process.
  app.ctx.scheduler.every(DEADLINE_SWEEP_TASK, SWEEP_EVERY_MS, (now) => runDeadlineSweep(app.ctx.db, now));

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
