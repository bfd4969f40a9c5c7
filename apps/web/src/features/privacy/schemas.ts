import { envelope } from '@app/shared/api';
import { adminNoticeData, adminNoticesData, currentNoticeData, myConsentsData } from '@app/shared/privacy';

/** The notice and consent answers, loaded with their first request (notice-consent.tsx, decision 950). */
export const currentNoticeAnswer = envelope(currentNoticeData);
export const myConsentsAnswer = envelope(myConsentsData);
export const adminNoticesAnswer = envelope(adminNoticesData);
export const adminNoticeAnswer = envelope(adminNoticeData);
