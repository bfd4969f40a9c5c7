import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ContactBody } from '@app/shared/content';
import { api, schemasFrom } from '../../lib/api.ts';

// The schemas (and zod) load with the first request, not with the page (decision 950).
export const publicSchemas = () => import('./schemas.ts');
const answer = schemasFrom(publicSchemas);
const siteAnswer = answer('siteAnswer');

const siteContentQuery = queryOptions({
  queryKey: ['content', 'site'],
  queryFn: async ({ signal }) => (await api('/content/site', siteAnswer, { signal, anonymous: true })).data,
  staleTime: 5 * 60_000,
});

/** The operator-edited site content (team, stats, story, timeline, values, contact). */
export function useSiteContent() {
  return useQuery(siteContentQuery);
}

/** Fill the cache before the first render of a page that shows the site content (app/pages.ts). */
export function prefetchSiteContent(client: QueryClient): Promise<void> {
  return client.prefetchQuery(siteContentQuery);
}

export function sendContactMessage(body: ContactBody) {
  return api('/contact', answer('contactAnswer'), { method: 'POST', body, anonymous: true });
}
