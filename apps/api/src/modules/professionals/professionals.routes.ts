import { envelope, idParams } from '@app/shared/api';
import { professionalData, professionalListData, professionalListQuery } from '@app/shared/professionals';
import type { App } from '../../lib/http.ts';
import { getProfessional, listProfessionals } from './professionals.service.ts';

export async function professionalsRoutes(app: App) {
  app.get(
    '/professionals',
    {
      config: { access: 'public', etag: true },
      schema: { tags: ['professionals'], querystring: professionalListQuery, response: { 200: envelope(professionalListData) } },
    },
    async (request) => ({ success: true as const, data: await listProfessionals(app.ctx.db, request.query, app.ctx.cache) }),
  );

  app.get(
    '/professionals/:id',
    {
      config: { access: 'public' },
      schema: { tags: ['professionals'], params: idParams, response: { 200: envelope(professionalData) } },
    },
    async (request) => ({
      success: true as const,
      data: { professional: await getProfessional(app.ctx.db, request.actor, request.params.id) },
    }),
  );
}
