import { z } from 'zod';
import { envelope } from '@app/shared/api';
import { adminApplicationsData, adminProjectData, adminProjectListData, alertToggleData, applicationData, bookmarkToggleData, bookmarksData, publicProjectListData, rdNotificationsData, studentApplicationData, studentApplicationsData, studentProjectData, studentProjectListData } from '@app/shared/rd-projects';

/** The rd-projects requests' answers, loaded with the first request (api.ts, decision 950). */
export const adminApplicationsAnswer = envelope(adminApplicationsData);
export const adminProjectAnswer = envelope(adminProjectData);
export const adminProjectListAnswer = envelope(adminProjectListData);
export const alertToggleAnswer = envelope(alertToggleData);
export const applicationAnswer = envelope(applicationData);
export const bookmarkToggleAnswer = envelope(bookmarkToggleData);
export const bookmarksAnswer = envelope(bookmarksData);
export const publicProjectListAnswer = envelope(publicProjectListData);
export const rdNotificationsAnswer = envelope(rdNotificationsData);
export const studentApplicationAnswer = envelope(studentApplicationData);
export const studentApplicationsAnswer = envelope(studentApplicationsData);
export const studentProjectAnswer = envelope(studentProjectData);
export const studentProjectListAnswer = envelope(studentProjectListData);
export const nullAnswer = envelope(z.null());
