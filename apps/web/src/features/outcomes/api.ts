import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompletionCriteria } from '@app/shared/outcomes';
import { api, download, schemasFrom } from '../../lib/api.ts';

// The schemas (and zod) load with the first request, not with the page (decision 950).
const answer = schemasFrom(() => import('./schemas.ts'));

const keys = {
  report: (base: string, id: string) => ['outcomes', 'report', base, id] as const,
  certificates: ['outcomes', 'certificates'] as const,
};

export function useOutcomeReport(base: string, programmeId: string) {
  return useQuery({
    queryKey: keys.report(base, programmeId),
    queryFn: ({ signal }) => api(`${base}/${programmeId}/report`, answer('outcomeReportAnswer'), { signal }).then((r) => r.data),
  });
}

export function useCloseProgramme(base: string, programmeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { confirmName: string; criteria: CompletionCriteria }) =>
      api(`${base}/${programmeId}/close`, answer('closeAnswer'), { method: 'POST', body }),
    onSuccess: () =>
      void qc.invalidateQueries({ queryKey: ['outcomes'] }).then(() => qc.invalidateQueries({ queryKey: ['relationships'] })),
  });
}

export const downloadReport = (base: string, programmeId: string, format: 'csv' | 'xlsx', table: 'summary' | 'pairs') =>
  download(`${base}/${programmeId}/report/export`, `programme-${table}.${format}`, { format, table });

export function useMyCertificates() {
  return useQuery({
    queryKey: keys.certificates,
    queryFn: ({ signal }) =>
      api('/me/programme-certificates', answer('myCertificatesAnswer'), { signal }).then((r) => r.data.certificates),
  });
}

export const downloadCertificate = (id: string) => download(`/me/programme-certificates/${id}/pdf`, 'certificate.pdf');
