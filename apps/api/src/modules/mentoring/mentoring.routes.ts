import type { App } from '../../lib/http.ts';
import { availabilityRoutes } from './availability.routes.ts';
import { connectionRequestRoutes } from './connection-requests.routes.ts';
import { messageRoutes } from './messages.routes.ts';
import { professionalDashboardRoutes } from './professional-dashboard.routes.ts';
import { SWEEP_EVERY_MS, SWEEP_JOB, enqueueSweep, sweepConnectionRequests } from './responsiveness.ts';
import { sessionRoutes } from './sessions.routes.ts';

/**
 * Mentoring (issue 4): connection requests, availability, sessions, conversations, the professional
 * dashboard, and the responsiveness sweep (7-day reminder, 14-day expiry).
 */
export async function mentoringRoutes(app: App) {
  await app.register(availabilityRoutes);
  await app.register(connectionRequestRoutes);
  await app.register(sessionRoutes);
  await app.register(messageRoutes);
  await app.register(professionalDashboardRoutes);

  app.ctx.jobs.register(SWEEP_JOB, async () => {
    await sweepConnectionRequests(app.ctx.db);
  });

  // The worker runs in servers, not in tests (they call the sweep directly).
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    const { config } = app.ctx;
    if (!config.jobsEnabled || config.env === 'test') return;
    const tick = () =>
      enqueueSweep(app.ctx.db)
        .then(() => app.ctx.jobs.kick())
        .catch((error: unknown) => app.log.warn({ err: error }, 'could not queue the connection-request sweep'));
    timer = setInterval(tick, SWEEP_EVERY_MS);
    timer.unref();
    void tick();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
