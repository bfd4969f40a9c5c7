import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { envelope } from '@app/shared/api';
import { siteContent, type ContactBody } from '@app/shared/content';
import { api } from '../../lib/api.ts';

const siteAnswer = envelope(siteContent);

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
  return api('/contact', envelope(z.null()), { method: 'POST', body, anonymous: true });
}
