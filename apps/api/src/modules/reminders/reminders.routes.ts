import type { App } from '../../lib/http.ts';
import { REMINDER_EVERY_MS, REMINDER_TASK, pruneReminders, scanReminders } from './reminders.ts';

/** Reminders before workshops, sessions and interviews: scheduled tasks only, no HTTP routes. */
export async function remindersRoutes(app: App) {
  app.ctx.scheduler.every(REMINDER_TASK, REMINDER_EVERY_MS, async (now) => {
    const sent = await scanReminders(app.ctx.db, now, app.ctx.config.publicUrl);
    if (sent.workshops + sent.sessions + sent.interviews > 0) app.ctx.jobs.kick();
    return sent;
  });
  app.ctx.scheduler.every('reminders.prune', 86_400_000, (now) => pruneReminders(app.ctx.db, now));
}
