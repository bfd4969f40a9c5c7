import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { envelope } from '@app/shared/api';
import { siteContent, type ContactBody } from '@app/shared/content';
import { api } from '../../lib/api.ts';

const siteAnswer = envelope(siteContent);

/** The operator-edited site content (team, stats, story, timeline, values, contact). */
export function useSiteContent() {
  return useQuery({
    queryKey: ['content', 'site'],
    queryFn: async ({ signal }) => (await api('/content/site', siteAnswer, { signal, anonymous: true })).data,
    staleTime: 5 * 60_000,
  });
}

export function sendContactMessage(body: ContactBody) {
  return api('/contact', envelope(z.null()), { method: 'POST', body, anonymous: true });
}
