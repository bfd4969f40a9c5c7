import { envelope } from '@app/shared/api';
import { studentSummaryData } from '@app/shared/students';

/** The student requests' answers, loaded with the first request (api.ts, decision 950). */
export const studentSummaryAnswer = envelope(studentSummaryData);
