import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { envelope } from '@app/shared/api';
import { mySurveysData, programmeSurveysData, surveyForm, surveyResultsData, type AnswersBody, type SurveyBody } from '@app/shared/surveys';
import { api } from '../../lib/api.ts';

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
    queryFn: ({ signal }) => api(`${base}/${programmeId}/surveys`, envelope(programmeSurveysData), { signal }).then((r) => r.data),
  });
}

export function useCreateSurvey(base: string, programmeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SurveyBody) => api(`${base}/${programmeId}/surveys`, envelope(programmeSurveysData), { method: 'POST', body }),
    onSuccess: (res) => qc.setQueryData(keys.programme(base, programmeId), res.data),
  });
}

export function useCancelSurvey(base: string, programmeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (surveyId: string) => api(`${base}/${programmeId}/surveys/${surveyId}`, envelope(programmeSurveysData), { method: 'DELETE' }),
    onSuccess: (res) => qc.setQueryData(keys.programme(base, programmeId), res.data),
  });
}

export function useSurveyResults(base: string, programmeId: string, surveyId: string) {
  return useQuery({
    queryKey: keys.results(base, programmeId, surveyId),
    queryFn: ({ signal }) => api(`${base}/${programmeId}/surveys/${surveyId}/results`, envelope(surveyResultsData), { signal }).then((r) => r.data),
  });
}

/** The surveys sent to the signed-in mentor or student. */
export function useMySurveys() {
  return useQuery({
    queryKey: keys.mine,
    queryFn: ({ signal }) => api('/surveys', envelope(mySurveysData), { signal }).then((r) => r.data.surveys),
  });
}

export function useSurvey(id: string) {
  return useQuery({
    queryKey: keys.one(id),
    queryFn: ({ signal }) => api(`/surveys/${id}`, envelope(surveyForm), { signal }).then((r) => r.data),
  });
}

export function useAnswerSurvey(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AnswersBody) => api(`/surveys/${id}/responses`, envelope(surveyForm), { method: 'POST', body }),
    onSuccess: (res) => {
      qc.setQueryData(keys.one(id), res.data);
      void qc.invalidateQueries({ queryKey: keys.mine });
    },
  });
}
