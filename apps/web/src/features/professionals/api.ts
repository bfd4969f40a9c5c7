import { useQuery } from '@tanstack/react-query';
import { api, schemasFrom } from '../../lib/api.ts';

// The schemas (and zod) load with the first request, not with the page (decision 950).
const answer = schemasFrom(() => import('./schemas.ts'));

export interface ProfessionalQuery {
  page: number;
  limit: number;
  search?: string;
  expertise?: string;
}

export function useProfessionals(query: ProfessionalQuery, signedIn = true) {
  return useQuery({
    queryKey: ['professionals', 'list', query, signedIn],
    queryFn: ({ signal }) =>
      api('/professionals', answer('professionalListAnswer'), {
        query: {
          page: query.page,
          limit: query.limit,
          // The spec sends the search lower-cased; the server matches case-insensitively either way.
          search: query.search?.trim().toLowerCase(),
          expertise: query.expertise === 'all' ? undefined : query.expertise,
        },
        signal,
        anonymous: !signedIn,
      }).then((r) => r.data),
    placeholderData: (previous) => previous,
  });
}

export function useProfessional(id: string | null, signedIn = true) {
  return useQuery({
    queryKey: ['professionals', 'detail', id, signedIn],
    queryFn: ({ signal }) =>
      api(`/professionals/${id}`, answer('professionalAnswer'), { signal, anonymous: !signedIn }).then(
        (r) => r.data.professional,
      ),
    enabled: Boolean(id),
  });
}
