import { useQuery } from '@tanstack/react-query';
import { envelope } from '@app/shared/api';
import { studentSummaryData } from '@app/shared/students';
import { api } from '../../lib/api.ts';

/** Header and tab counts: registered workshops, own ideas, R&D applications. */
export function useStudentSummary() {
  return useQuery({
    queryKey: ['student', 'summary'],
    queryFn: ({ signal }) => api('/students/me/summary', envelope(studentSummaryData), { signal }).then((r) => r.data),
    staleTime: 10_000,
  });
}
