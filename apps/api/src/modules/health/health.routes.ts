import { z } from 'zod';
import type { App } from '../../lib/http.ts';

const healthData = z.object({ status: z.enum(['ok', 'degraded', 'draining']), database: z.enum(['up', 'down']), uptimeSeconds: z.number() });

export async function healthRoutes(app: App) {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: z.object({ success: z.literal(true), data: healthData }), 503: z.object({ success: z.literal(false), message: z.string(), data: healthData }) } },
    },
    async (_request, reply) => {
      const up = await app.ctx.database.query('SELECT 1').then(
        () => true,
        () => false,
      );
      if (app.ctx.lifecycle.draining) {
        // Shutting down: the load balancer should stop sending new requests here.
        return reply.status(503).send({ success: false as const, message: 'Shutting down', data: { status: 'draining' as const, database: up ? ('up' as const) : ('down' as const), uptimeSeconds: Math.round(process.uptime()) } });
      }
      const data = { status: up ? ('ok' as const) : ('degraded' as const), database: up ? ('up' as const) : ('down' as const), uptimeSeconds: Math.round(process.uptime()) };
      if (!up) return reply.status(503).send({ success: false as const, message: 'Database unavailable', data });
      return { success: true as const, data };
    },
  );
}
