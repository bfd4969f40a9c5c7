import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswersBody, SurveyBody } from '@app/shared/surveys';
import { api, schemasFrom } from '../../lib/api.ts';

// The schemas (and zod) load with the first request, not with the page (decision 950).
const answer = schemasFrom(() => import('./schemas.ts'));

const keys = {
  programme: (base: string, id: string) => ['surveys', 'programme', base, id] as const,
  results: (base: string, id: string, surveyId: string) => ['surveys', 'results', base, id, surveyId] as const,
  mine: ['surveys', 'mine'] as const,
  one: (id: string) => ['surveys', 'one', id] as const,
};

/** A programme's surveys, for its coordinator; `base` is /admin/programmes or /organisations/me/programmes. */
export function useProgrammeSurveys(base: string, programmeId: string) {
  return useQuery({
    queryKey: keys.programme(base, programmeId),
    queryFn: ({ signal }) =>
      api(`${base}/${programmeId}/surveys`, answer('programmeSurveysAnswer'), { signal }).then((r) => r.data),
  });
}

export function useCreateSurvey(base: string, programmeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SurveyBody) =>
      api(`${base}/${programmeId}/surveys`, answer('programmeSurveysAnswer'), { method: 'POST', body }),
    onSuccess: (res) => qc.setQueryData(keys.programme(base, programmeId), res.data),
  });
}

export function useCancelSurvey(base: string, programmeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (surveyId: string) =>
      api(`${base}/${programmeId}/surveys/${surveyId}`, answer('programmeSurveysAnswer'), { method: 'DELETE' }),
    onSuccess: (res) => qc.setQueryData(keys.programme(base, programmeId), res.data),
  });
}

export function useSurveyResults(base: string, programmeId: string, surveyId: string) {
  return useQuery({
    queryKey: keys.results(base, programmeId, surveyId),
    queryFn: ({ signal }) =>
      api(`${base}/${programmeId}/surveys/${surveyId}/results`, answer('surveyResultsAnswer'), { signal }).then((r) => r.data),
  });
}

/** The surveys sent to the signed-in mentor or student. */
export function useMySurveys() {
  return useQuery({
    queryKey: keys.mine,
    queryFn: ({ signal }) => api('/surveys', answer('mySurveysAnswer'), { signal }).then((r) => r.data.surveys),
  });
}

export function useSurvey(id: string) {
  return useQuery({
    queryKey: keys.one(id),
    queryFn: ({ signal }) => api(`/surveys/${id}`, answer('surveyFormAnswer'), { signal }).then((r) => r.data),
  });
}

export function useAnswerSurvey(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AnswersBody) => api(`/surveys/${id}/responses`, answer('surveyFormAnswer'), { method: 'POST', body }),
    onSuccess: (res) => {
      qc.setQueryData(keys.one(id), res.data);
      void qc.invalidateQueries({ queryKey: keys.mine });
    },
  });
}
