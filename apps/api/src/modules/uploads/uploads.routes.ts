import { z } from 'zod';
import type { App } from '../../lib/http.ts';
import { isStorageKey } from '../../lib/storage.ts';
import { notFound } from '../../lib/errors.ts';
import { FILE_CSP } from '../../lib/security-headers.ts';

/**
 * Public images (avatars, workshop banners): stored under unguessable generated names, re-encoded
 * to WebP on upload, served with nosniff and a long cache. Private documents never go through here.
 */
const PUBLIC_PREFIXES = ['avatars', 'banners'];

export async function uploadsRoutes(app: App) {
  app.get(
    '/uploads/:prefix/:name',
    {
      config: { access: 'public' },
      schema: { tags: ['files'], params: z.object({ prefix: z.string(), name: z.string() }) },
    },
    async (request, reply) => {
      const { prefix, name } = request.params;
      const key = `${prefix}/${name}`;
      if (!PUBLIC_PREFIXES.includes(prefix) || !isStorageKey(key) || !name.endsWith('.webp')) throw notFound('File');
      if (!(await app.ctx.storage.exists(key))) throw notFound('File');
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', FILE_CSP)
        .send(app.ctx.storage.read(key));
    },
  );
}
