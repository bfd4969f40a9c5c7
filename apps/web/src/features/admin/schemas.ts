import { envelope } from '@app/shared/api';
import { z } from 'zod';
import {
  adminIdeaData,
  adminIdeaListData,
  analyticsData,
  auditListData,
  contactMessageData,
  contactMessagesData,
  dashboardData,
  emailsData,
  professionalData,
  professionalListData,
  studentData,
  studentListData,
  userStatusData,
  bulkUploadResult,
} from '@app/shared/admin';
import { authData } from '@app/shared/auth';
import { siteContent } from '@app/shared/content';
import { instructorOptionsData } from '@app/shared/workshop-admin';

/** The admin requests' answers, loaded with the first request (api.ts, decision 950). */
export const adminIdeaAnswer = envelope(adminIdeaData);
export const adminIdeaListAnswer = envelope(adminIdeaListData);
export const analyticsAnswer = envelope(analyticsData);
export const auditListAnswer = envelope(auditListData);
export const authAnswer = envelope(authData);
export const contactMessageAnswer = envelope(contactMessageData);
export const contactMessagesAnswer = envelope(contactMessagesData);
export const dashboardAnswer = envelope(dashboardData);
export const nullAnswer = envelope(z.null());
export const emailsAnswer = envelope(emailsData);
export const instructorOptionsAnswer = envelope(instructorOptionsData);
export const professionalAnswer = envelope(professionalData);
export const professionalListAnswer = envelope(professionalListData);
export const siteContentAnswer = envelope(siteContent);
export const studentAnswer = envelope(studentData);
export const studentListAnswer = envelope(studentListData);
export const userStatusAnswer = envelope(userStatusData);

/** The bulk upload's answers (read from an XMLHttpRequest in api.ts). */
export const bulkUploadAnswer = bulkUploadResult;
export const uploadFailureAnswer = z.object({ message: z.string().optional(), errors: z.array(z.string()).optional() });

/** The admin forms check themselves with the API's own schemas, loaded on submit (AdminForm in ui.tsx, settings). */
export { createProfessionalBody, createStudentBody } from '@app/shared/admin';
export { siteContent } from '@app/shared/content';
