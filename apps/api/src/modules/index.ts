import type { App } from '../lib/http.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { contentRoutes } from './content/content.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { uploadsRoutes } from './uploads/uploads.routes.ts';

/** Every domain's routes, mounted under /api. Add a module here when it lands. */
export async function registerModules(app: App) {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(contentRoutes);
  await app.register(uploadsRoutes);
}
