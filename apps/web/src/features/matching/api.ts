import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { envelope } from '@app/shared/api';
import {
  RECOMMENDATION_LIMIT_DEFAULT,
  dismissData,
  inviteStudentData,
  menteeSuggestionsData,
  mentorCapacityData,
  recommendationsData,
  type RecommendationKind,
} from '@app/shared/matching';
import { api } from '../../lib/api.ts';

export const recommendationsKey = (kind: RecommendationKind) => ['matching', 'recommendations', kind] as const;

/** "Recommended for you" for one kind of item. */
export function useRecommendations(kind: RecommendationKind, limit = RECOMMENDATION_LIMIT_DEFAULT) {
  return useQuery({
    queryKey: [...recommendationsKey(kind), limit],
    queryFn: ({ signal }) =>
      api('/matching/recommendations', envelope(recommendationsData), { query: { kind, limit }, signal }).then((r) => r.data),
    staleTime: 30_000,
  });
}

/** "Not interested" (and its undo). */
export function useDismiss(kind: RecommendationKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, undo }: { itemId: string; undo?: boolean }) =>
      api('/matching/dismissals', envelope(dismissData), { method: undo ? 'DELETE' : 'POST', body: { kind, itemId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: recommendationsKey(kind) }),
  });
}

export function useMentorCapacity() {
  return useQuery({
    queryKey: ['matching', 'capacity'],
    queryFn: ({ signal }) => api('/matching/capacity', envelope(mentorCapacityData), { signal }).then((r) => r.data),
  });
}

export function useSaveCapacity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (maxMentees: number) => api('/matching/capacity', envelope(mentorCapacityData), { method: 'PUT', body: { maxMentees } }),
    onSuccess: (res) => qc.setQueryData(['matching', 'capacity'], res.data),
  });
}

export function useMenteeSuggestions() {
  return useQuery({
    queryKey: ['matching', 'mentee-suggestions'],
    queryFn: ({ signal }) => api('/matching/mentee-suggestions', envelope(menteeSuggestionsData), { signal }).then((r) => r.data.students),
  });
}

export function useInviteStudent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (studentId: string) => api('/matching/invitations', envelope(inviteStudentData), { method: 'POST', body: { studentId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['matching', 'mentee-suggestions'] }),
  });
}
