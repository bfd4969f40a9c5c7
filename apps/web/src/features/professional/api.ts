import { useQuery } from '@tanstack/react-query';
import { api, schemasFrom } from '../../lib/api.ts';
import {
  fetchConnectedStudents,
  fetchDashboardStats,
  fetchRequests,
  fetchRules,
  mentoringKeys,
  useMySessions,
} from '../mentoring/api.ts';

// The schemas (and zod) load with the first request, not with the page (decision 950).
const answer = schemasFrom(() => import('./schemas.ts'));

export const profileKey = ['auth', 'me'] as const;

export const fetchProfile = () => api('/auth/me', answer('userAnswer')).then((r) => r.data.user);

export function useProfile() {
  return useQuery({ queryKey: profileKey, queryFn: fetchProfile });
}

export function useDashboardStats() {
  return useQuery({ queryKey: mentoringKeys.stats, queryFn: () => fetchDashboardStats().then((r) => r.data.stats) });
}

export function useRequests() {
  return useQuery({
    queryKey: mentoringKeys.requests,
    queryFn: () => fetchRequests().then((r) => r.data.requests),
    refetchInterval: 30_000,
    // The header badge keeps this query alive: opening the Requests tab must still show requests
    // that arrived since the last poll, not the app-wide 15 s cache.
    staleTime: 0,
  });
}

export function useConnectedStudents(search: string, status: string) {
  return useQuery({
    queryKey: mentoringKeys.students(search, status),
    queryFn: () => fetchConnectedStudents(search, status).then((r) => r.data.students),
  });
}

export function useRules(enabled: boolean) {
  return useQuery({ queryKey: mentoringKeys.rules, queryFn: () => fetchRules().then((r) => r.data.rules), enabled });
}

export { useMySessions };
