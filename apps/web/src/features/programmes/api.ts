import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { envelope } from '@app/shared/api';
import {
  inviteData,
  myProgrammesData,
  participationData,
  programmeData,
  programmeDetail,
  programmesData,
  type ParticipationBody,
  type ProgrammeBody,
} from '@app/shared/programmes';
import { api } from '../../lib/api.ts';

const keys = {
  list: ['programmes', 'admin'] as const,
  detail: (id: string) => ['programmes', 'admin', id] as const,
  mine: ['programmes', 'mine'] as const,
};

export function useProgrammes() {
  return useQuery({
    queryKey: keys.list,
    queryFn: ({ signal }) => api('/admin/programmes', envelope(programmesData), { signal }).then((r) => r.data.programmes),
  });
}

export function useProgrammeDetail(id: string) {
  return useQuery({
    queryKey: keys.detail(id),
    queryFn: ({ signal }) => api(`/admin/programmes/${id}`, envelope(programmeDetail), { signal }).then((r) => r.data),
  });
}

export function useCreateProgramme() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProgrammeBody) => api('/admin/programmes', envelope(programmeData), { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.list }),
  });
}

/** Every admin action on one programme answers the new detail: put it in the cache. */
export function useProgrammeAction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: { path: string; method: 'POST' | 'PUT'; body?: unknown }) =>
      api(`/admin/programmes/${id}${action.path}`, envelope(programmeDetail), { method: action.method, body: action.body ?? {} }),
    onSuccess: (res) => {
      qc.setQueryData(keys.detail(id), res.data);
      void qc.invalidateQueries({ queryKey: keys.list });
    },
  });
}

export function useInvite(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { role: 'mentor' | 'mentee'; allEligible: true }) =>
      api(`/admin/programmes/${id}/invitations`, envelope(inviteData), { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['programmes', 'admin'] }),
  });
}

export function useMyProgrammes() {
  return useQuery({
    queryKey: keys.mine,
    queryFn: ({ signal }) => api('/programmes/mine', envelope(myProgrammesData), { signal }).then((r) => r.data.programmes),
  });
}

export function useAnswer(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ParticipationBody) => api(`/programmes/${id}/participation`, envelope(participationData), { method: 'PUT', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.mine }),
  });
}
