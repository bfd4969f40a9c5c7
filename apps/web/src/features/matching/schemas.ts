import { envelope } from '@app/shared/api';
import {
  dismissData,
  inviteStudentData,
  menteeSuggestionsData,
  mentorCapacityData,
  recommendationsData,
} from '@app/shared/matching';

/** The matching requests' answers, loaded with the first request (api.ts, decision 950). */
export const dismissAnswer = envelope(dismissData);
export const inviteStudentAnswer = envelope(inviteStudentData);
export const menteeSuggestionsAnswer = envelope(menteeSuggestionsData);
export const mentorCapacityAnswer = envelope(mentorCapacityData);
export const recommendationsAnswer = envelope(recommendationsData);
