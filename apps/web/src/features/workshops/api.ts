import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, download, schemasFrom } from '../../lib/api.ts';

// The schemas (and zod) load with the first request, not with the page (decision 950).
const answer = schemasFrom(() => import('./schemas.ts'));

export const workshopKeys = {
  all: ['workshops'] as const,
  list: (q: WorkshopQuery) => ['workshops', 'list', q] as const,
  registered: ['workshops', 'registered'] as const,
  detail: (id: string) => ['workshops', 'detail', id] as const,
};

export interface WorkshopQuery {
  page: number;
  limit: number;
  search?: string;
  category?: string;
}

export function useWorkshops(query: WorkshopQuery, signedIn = true) {
  return useQuery({
    queryKey: [...workshopKeys.list(query), signedIn],
    queryFn: ({ signal }) =>
      api('/workshops', answer('workshopListAnswer'), {
        query: { page: query.page, limit: query.limit, search: query.search?.trim(), category: query.category === 'all' ? undefined : query.category },
        signal,
        anonymous: !signedIn,
      }).then((r) => r.data),
    placeholderData: (previous) => previous,
  });
}

const registeredQuery = queryOptions({
  queryKey: workshopKeys.registered,
  queryFn: ({ signal }) => api('/workshops/registered', answer('registeredWorkshopsAnswer'), { signal }).then((r) => r.data.registrations),
});

export function useRegisteredWorkshops(enabled = true) {
  return useQuery({ ...registeredQuery, enabled });
}

/**
 * The student dashboard's first read (app/pages.ts): with the registrations in the first paint, the
 * browse list below them does not jump down when they arrive (a layout shift Lighthouse measured at 0.25).
 */
export function prefetchRegisteredWorkshops(client: QueryClient): Promise<void> {
  return client.prefetchQuery(registeredQuery);
}

export function useWorkshop(id: string | null) {
  return useQuery({
    queryKey: workshopKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api(`/workshops/${id}`, answer('workshopAnswer'), { signal }).then((r) => r.data.workshop),
    enabled: Boolean(id),
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: workshopKeys.all });
    void client.invalidateQueries({ queryKey: ['student', 'summary'] });
    void client.invalidateQueries({ queryKey: ['notifications'] });
  };
}

export function useRegisterWorkshop() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api(`/workshops/${id}/register`, answer('registerAnswer'), { method: 'POST' }),
    onSuccess: invalidate,
  });
}

export function useCancelRegistration() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api(`/workshops/${id}/register`, answer('workshopAnswer'), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** The student's own check-in with the code the instructor shows (only while the workshop is live). */
export function useCheckIn() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, code }: { id: string; code: string }) => api(`/workshops/${id}/check-in`, answer('checkInAnswer'), { method: 'POST', body: { code } }),
    onSuccess: invalidate,
  });
}

export const downloadWorkshopIcs = (id: string) => download(`/workshops/${id}/calendar.ics`, 'workshop.ics');
/** Issues (once) and returns the certificate's verification id: its page is /certificates/{id}. */
export const openCertificate = (id: string) =>
  api(`/workshops/${id}/certificate`, answer('certificateIdAnswer'), { method: 'POST' }).then((r) => r.data.certificate.verificationId);
