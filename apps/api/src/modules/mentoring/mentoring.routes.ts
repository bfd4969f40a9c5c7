import type { App } from '../../lib/http.ts';
import { availabilityRoutes } from './availability.routes.ts';
import { connectionRequestRoutes } from './connection-requests.routes.ts';
import { messageRoutes } from './messages.routes.ts';
import { professionalDashboardRoutes } from './professional-dashboard.routes.ts';
import { SWEEP_EVERY_MS, SWEEP_TASK, sweepConnectionRequests } from './responsiveness.ts';
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

  // A scheduled task (lib/scheduler.ts): once per 15-minute slot across every process.
  app.ctx.scheduler.every(SWEEP_TASK, SWEEP_EVERY_MS, (now) => sweepConnectionRequests(app.ctx.db, now));
}
