import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompletionCriteria, ReportFilters } from '@app/shared/outcomes';
import { api, download, schemasFrom } from '../../lib/api.ts';

// The schemas (and zod) load with the first request, not with the page (decision 950).
const answer = schemasFrom(() => import('./schemas.ts'));

const keys = {
  report: (base: string, id: string, f: ReportFilters) =>
    ['outcomes', 'report', base, id, f.cohort ?? null, f.mentorOrganisation ?? null] as const,
  certificates: ['outcomes', 'certificates'] as const,
};

/** The filters as query parameters (absent ones left out). */
const queryOf = (f: ReportFilters) => ({
  ...(f.cohort !== undefined ? { cohort: String(f.cohort) } : {}),
  ...(f.mentorOrganisation !== undefined ? { mentorOrganisation: f.mentorOrganisation } : {}),
});

export function useOutcomeReport(base: string, programmeId: string, filters: ReportFilters = {}) {
  return useQuery({
    queryKey: keys.report(base, programmeId, filters),
    queryFn: ({ signal }) =>
      api(`${base}/${programmeId}/report`, answer('outcomeReportAnswer'), { signal, query: queryOf(filters) }).then((r) => r.data),
    placeholderData: (previous) => previous,
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

export const downloadReport = (
  base: string,
  programmeId: string,
  format: 'csv' | 'xlsx',
  table: 'summary' | 'pairs',
  filters: ReportFilters = {},
) => download(`${base}/${programmeId}/report/export`, `programme-${table}.${format}`, { format, table, ...queryOf(filters) });

export function useMyCertificates() {
  return useQuery({
    queryKey: keys.certificates,
    queryFn: ({ signal }) =>
      api('/me/programme-certificates', answer('myCertificatesAnswer'), { signal }).then((r) => r.data.certificates),
  });
}

export const downloadCertificate = (id: string) => download(`/me/programme-certificates/${id}/pdf`, 'certificate.pdf');
