import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RECOMMENDATION_LIMIT_DEFAULT, type RecommendationKind } from '@app/shared/matching';
import { api, schemasFrom } from '../../lib/api.ts';

// The schemas (and zod) load with the first request, not with the page (decision 950).
const answer = schemasFrom(() => import('./schemas.ts'));

export const recommendationsKey = (kind: RecommendationKind) => ['matching', 'recommendations', kind] as const;

/** "Recommended for you" for one kind of item. */
export function useRecommendations(kind: RecommendationKind, limit = RECOMMENDATION_LIMIT_DEFAULT) {
  return useQuery({
    queryKey: [...recommendationsKey(kind), limit],
    queryFn: ({ signal }) =>
      api('/matching/recommendations', answer('recommendationsAnswer'), { query: { kind, limit }, signal }).then((r) => r.data),
    staleTime: 30_000,
  });
}

/** "Not interested" (and its undo). */
export function useDismiss(kind: RecommendationKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, undo }: { itemId: string; undo?: boolean }) =>
      api('/matching/dismissals', answer('dismissAnswer'), { method: undo ? 'DELETE' : 'POST', body: { kind, itemId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: recommendationsKey(kind) }),
  });
}

export function useMentorCapacity() {
  return useQuery({
    queryKey: ['matching', 'capacity'],
    queryFn: ({ signal }) => api('/matching/capacity', answer('mentorCapacityAnswer'), { signal }).then((r) => r.data),
  });
}

export function useSaveCapacity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (maxMentees: number) =>
      api('/matching/capacity', answer('mentorCapacityAnswer'), { method: 'PUT', body: { maxMentees } }),
    onSuccess: (res) => qc.setQueryData(['matching', 'capacity'], res.data),
  });
}

export function useMenteeSuggestions() {
  return useQuery({
    queryKey: ['matching', 'mentee-suggestions'],
    queryFn: ({ signal }) =>
      api('/matching/mentee-suggestions', answer('menteeSuggestionsAnswer'), { signal }).then((r) => r.data.students),
  });
}

export function useInviteStudent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (studentId: string) =>
      api('/matching/invitations', answer('inviteStudentAnswer'), { method: 'POST', body: { studentId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['matching', 'mentee-suggestions'] }),
  });
}
