import { createContext, useContext } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ParticipationBody, ProgrammeBody } from '@app/shared/programmes';
import { api, schemasFrom } from '../../lib/api.ts';

// The schemas (and zod) load with the first request, not with the page (decision 950).
const answer = schemasFrom(() => import('./schemas.ts'));

/**
 * Whose programme screens these are: the platform admins' (every programme) or a university admin's
 * (their university's programmes and students only, decision 622). Same screens, other routes.
 */
export type ProgrammeOrganiser = 'admin' | 'university';
const BASES: Record<ProgrammeOrganiser, string> = { admin: '/admin/programmes', university: '/organisations/me/programmes' };
export const ProgrammeOrganiserContext = createContext<ProgrammeOrganiser>('admin');
export const useProgrammeOrganiser = () => useContext(ProgrammeOrganiserContext);

function useBase() {
  const organiser = useProgrammeOrganiser();
  return {
    base: BASES[organiser],
    list: ['programmes', organiser] as const,
    detail: (id: string) => ['programmes', organiser, id] as const,
  };
}

const keys = {
  mine: ['programmes', 'mine'] as const,
};

export function useProgrammes() {
  const k = useBase();
  return useQuery({
    queryKey: k.list,
    queryFn: ({ signal }) => api(k.base, answer('programmesAnswer'), { signal }).then((r) => r.data.programmes),
  });
}

export function useProgrammeDetail(id: string) {
  const k = useBase();
  return useQuery({
    queryKey: k.detail(id),
    queryFn: ({ signal }) => api(`${k.base}/${id}`, answer('programmeDetailAnswer'), { signal }).then((r) => r.data),
  });
}

export function useCreateProgramme() {
  const qc = useQueryClient();
  const k = useBase();
  return useMutation({
    mutationFn: (body: ProgrammeBody) => api(k.base, answer('programmeAnswer'), { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: k.list }),
  });
}

/** Every admin action on one programme answers the new detail: put it in the cache. */
export function useProgrammeAction(id: string) {
  const qc = useQueryClient();
  const k = useBase();
  return useMutation({
    mutationFn: (action: { path: string; method: 'POST' | 'PUT'; body?: unknown }) =>
      api(`${k.base}/${id}${action.path}`, answer('programmeDetailAnswer'), { method: action.method, body: action.body ?? {} }),
    onSuccess: (res) => {
      qc.setQueryData(k.detail(id), res.data);
      void qc.invalidateQueries({ queryKey: k.list });
    },
  });
}

export function useInvite(id: string) {
  const qc = useQueryClient();
  const k = useBase();
  return useMutation({
    mutationFn: (body: { role: 'mentor' | 'mentee'; allEligible: true }) => api(`${k.base}/${id}/invitations`, answer('inviteAnswer'), { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: k.list }),
  });
}

export function useMyProgrammes() {
  return useQuery({
    queryKey: keys.mine,
    queryFn: ({ signal }) => api('/programmes/mine', answer('myProgrammesAnswer'), { signal }).then((r) => r.data.programmes),
  });
}

export function useAnswer(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ParticipationBody) => api(`/programmes/${id}/participation`, answer('participationAnswer'), { method: 'PUT', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.mine }),
  });
}
