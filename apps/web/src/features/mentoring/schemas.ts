import { envelope } from '@app/shared/api';
import {
  acceptingRequestsData,
  availabilityData,
  connectData,
  connectedStudentsData,
  conversationData,
  dashboardStatsData,
  messageData,
  requestsData,
  respondData,
  ruleData,
  rulesData,
  sessionData,
  sessionsData,
  studentRequestData,
  studentRequestsData,
  bookingPolicyData,
  uploadImageData,
} from '@app/shared/mentoring';
import { z } from 'zod';

/** The mentoring requests' answers, loaded with the first request (api.ts, decision 950). */
export const acceptingRequestsAnswer = envelope(acceptingRequestsData);
export const availabilityAnswer = envelope(availabilityData);
export const bookingPolicyAnswer = envelope(bookingPolicyData);
export const connectAnswer = envelope(connectData);
export const connectedStudentsAnswer = envelope(connectedStudentsData);
export const conversationAnswer = envelope(conversationData);
export const dashboardStatsAnswer = envelope(dashboardStatsData);
export const messageAnswer = envelope(messageData);
export const nullAnswer = envelope(z.null());
export const requestsAnswer = envelope(requestsData);
export const respondAnswer = envelope(respondData);
export const ruleAnswer = envelope(ruleData);
export const rulesAnswer = envelope(rulesData);
export const sessionAnswer = envelope(sessionData);
export const sessionsAnswer = envelope(sessionsData);
export const studentRequestAnswer = envelope(studentRequestData);
export const studentRequestsAnswer = envelope(studentRequestsData);
export const uploadImageAnswer = envelope(uploadImageData);

/** The booking policy form's own check, loaded when it is submitted (professional/notice-policy-form.tsx). */
export { bookingPolicyBody } from '@app/shared/mentoring';
