import { z } from 'zod';
import { envelope, idParams } from '@app/shared/api';
import { connectionData } from '@app/shared/sso';
import type { FastifyRequest } from 'fastify';
import { actorOf, organisationOf, type App, type RouteAccess } from '../../lib/http.ts';
import { requireOrganisation } from '../auth/index.ts';
import { METADATA_REFRESH_EVERY_MS, METADATA_REFRESH_TASK, refreshDueMetadata, refreshNow } from './metadata-refresh.ts';
import { requireConnection, toConnectionDto } from './sso.service.ts';

const tags = ['sso'];
const security = [{ bearer: [] }];

/** The scheduled SAML metadata refresh and the console's "Refresh now" (decision 900). */
export async function metadataRefreshRoutes(app: App) {
  const deps = () => ({ db: app.ctx.db, config: app.ctx.config, now: () => app.ctx.clock.now() });
  app.ctx.scheduler.every(METADATA_REFRESH_TASK, METADATA_REFRESH_EVERY_MS, (now) =>
    refreshDueMetadata({ ...deps(), now: () => now }, app.log),
  );

  const route = (prefix: string, access: RouteAccess, orgOf: (request: FastifyRequest) => Promise<string>) => {
    const params = prefix.includes(':id') ? idParams.extend({ connectionId: z.string() }) : z.object({ connectionId: z.string() });
    app.post(
      `${prefix}/sso/connections/:connectionId/metadata-refresh`,
      { config: access, schema: { tags, security, params, response: { 200: envelope(connectionData) } } },
      async (request) => {
        const org = await orgOf(request);
        const { connectionId } = request.params as { connectionId: string };
        const connection = await requireConnection(app.ctx.db, org, connectionId);
        const outcome = await refreshNow(deps(), actorOf(request).id, connection);
        return {
          success: true as const,
          message: outcome.ok ? 'Metadata refreshed' : `The metadata could not be refreshed: ${outcome.error}`,
          data: { connection: toConnectionDto(app.ctx.config, outcome.row) },
        };
      },
    );
  };
  route('/organisations/me', { access: ['university_admin'], member: 'university' }, async (request) => organisationOf(request).id);
  route('/admin/organisations/:id', { access: ['admin'] }, async (request) => {
    const { id } = request.params as { id: string };
    return (await requireOrganisation(app.ctx.db, id)).id;
  });
}
