import { useQuery } from '@tanstack/react-query';
import { api, schemasFrom } from '../../lib/api.ts';

// The schemas (and zod) load with the first request, not with the page (decision 950).
const answer = schemasFrom(() => import('./schemas.ts'));

/** Header and tab counts: registered workshops, own ideas, R&D applications. */
export function useStudentSummary() {
  return useQuery({
    queryKey: ['student', 'summary'],
    queryFn: ({ signal }) => api('/students/me/summary', answer('studentSummaryAnswer'), { signal }).then((r) => r.data),
    staleTime: 10_000,
  });
}
