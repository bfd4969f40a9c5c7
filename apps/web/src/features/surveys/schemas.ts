import { envelope } from '@app/shared/api';
import { mySurveysData, programmeSurveysData, surveyForm, surveyResultsData } from '@app/shared/surveys';

/** The surveys requests' answers, loaded with the first request (api.ts, decision 950). */
export const mySurveysAnswer = envelope(mySurveysData);
export const programmeSurveysAnswer = envelope(programmeSurveysData);
export const surveyFormAnswer = envelope(surveyForm);
export const surveyResultsAnswer = envelope(surveyResultsData);
