import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutcomeSettings, RematchBody } from '@app/shared/relationships';
import { api, schemasFrom } from '../../lib/api.ts';

// The schemas (and zod) load with the first request, not with the page (decision 950).
const answer = schemasFrom(() => import('./schemas.ts'));

const keys = {
  mine: ['relationships'] as const,
  one: (id: string) => ['relationships', id] as const,
  pairs: (base: string, id: string) => ['relationships', 'programme', base, id] as const,
};

export function useMyRelationships() {
  return useQuery({
    queryKey: keys.mine,
    queryFn: ({ signal }) => api('/relationships', answer('relationshipsAnswer'), { signal }).then((r) => r.data.relationships),
  });
}

export function useRelationship(id: string) {
  return useQuery({
    queryKey: keys.one(id),
    queryFn: ({ signal }) => api(`/relationships/${id}`, answer('relationshipDetailAnswer'), { signal }).then((r) => r.data),
  });
}

/** Any write on a relationship: every route answers with the whole relationship, which replaces the cached one. */
export function useRelationshipWrite(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ path, method, body }: { path: string; method: 'POST' | 'PUT' | 'PATCH'; body: unknown }) =>
      api(`/relationships/${id}${path}`, answer('relationshipDetailAnswer'), { method, body }),
    onSuccess: (res) => {
      qc.setQueryData(keys.one(id), res.data);
      void qc.invalidateQueries({ queryKey: keys.mine, exact: true });
    },
  });
}

export function usePairsHealth(base: string, programmeId: string) {
  return useQuery({
    queryKey: keys.pairs(base, programmeId),
    queryFn: ({ signal }) =>
      api(`${base}/${programmeId}/relationships`, answer('programmePairsHealthAnswer'), { signal }).then((r) => r.data),
  });
}

export function useSaveOutcomeSettings(base: string, programmeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OutcomeSettings) =>
      api(`${base}/${programmeId}/outcome-settings`, answer('programmePairsHealthAnswer'), { method: 'PUT', body }),
    onSuccess: (res) => qc.setQueryData(keys.pairs(base, programmeId), res.data),
  });
}

export function useNudge(base: string, programmeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (relationshipId: string) =>
      api(`${base}/${programmeId}/relationships/${relationshipId}/nudge`, answer('nudgeAnswer'), { method: 'POST', body: {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.pairs(base, programmeId) }),
  });
}

export function useRematchProposals(base: string, programmeId: string, relationshipId: string | null) {
  return useQuery({
    queryKey: ['relationships', 'rematch', base, programmeId, relationshipId],
    enabled: !!relationshipId,
    queryFn: ({ signal }) =>
      api(`${base}/${programmeId}/relationships/${relationshipId}/rematch`, answer('rematchProposalsAnswer'), { signal }).then(
        (r) => r.data.proposals,
      ),
  });
}

export function useRematch(base: string, programmeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ relationshipId, body }: { relationshipId: string; body: RematchBody }) =>
      api(`${base}/${programmeId}/relationships/${relationshipId}/rematch`, answer('rematchAnswer'), { method: 'POST', body }),
    onSuccess: (res) => qc.setQueryData(keys.pairs(base, programmeId), res.data.pairs),
  });
}
