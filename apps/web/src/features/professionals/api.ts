import { useQuery } from '@tanstack/react-query';
import { envelope } from '@app/shared/api';
import { professionalData, professionalListData } from '@app/shared/professionals';
import { api } from '../../lib/api.ts';

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
      api('/professionals', envelope(professionalListData), {
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
    queryFn: ({ signal }) => api(`/professionals/${id}`, envelope(professionalData), { signal, anonymous: !signedIn }).then((r) => r.data.professional),
    enabled: Boolean(id),
  });
}
