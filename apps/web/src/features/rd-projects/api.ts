import { z } from 'zod';
import { envelope } from '@app/shared/api';
import {
  adminApplicationsData,
  adminProjectData,
  adminProjectListData,
  alertToggleData,
  applicationData,
  bookmarkToggleData,
  bookmarksData,
  publicProjectListData,
  rdNotificationsData,
  studentApplicationData,
  studentApplicationsData,
  studentProjectData,
  studentProjectListData,
  type ProjectBodyInput,
  type RdStatus,
  type ReviewApplicationBody,
} from '@app/shared/rd-projects';
import { api, download } from '../../lib/api.ts';

type Query = Record<string, string | number | boolean | undefined>;

export const rdKeys = {
  all: ['rd-projects'] as const,
  browse: (userId: string, q: Query) => ['rd-projects', 'browse', userId, q] as const,
  detail: (id: string) => ['rd-projects', 'detail', id] as const,
  myApplications: ['rd-projects', 'my-applications'] as const,
  bookmarks: ['rd-projects', 'bookmarks'] as const,
  public: (q: Query) => ['rd-projects', 'public', q] as const,
  admin: ['rd-projects', 'admin'] as const,
  adminList: (q: Query) => ['rd-projects', 'admin', 'list', q] as const,
  adminDetail: (id: string) => ['rd-projects', 'admin', 'detail', id] as const,
  adminApplications: (id: string, q: Query) => ['rd-projects', 'admin', 'applications', id, q] as const,
};

// Student
export const browseProjects = (userId: string, query: Query) =>
  api(`/rd-projects/user/${encodeURIComponent(userId)}`, envelope(studentProjectListData), { query }).then((r) => r.data);
export const getProject = (id: string) => api(`/rd-projects/${id}`, envelope(studentProjectData)).then((r) => r.data.project);
export const myApplications = () => api('/rd-projects/my/applications', envelope(studentApplicationsData)).then((r) => r.data.applications);
export const myBookmarks = () => api('/rd-projects/my/bookmarks', envelope(bookmarksData)).then((r) => r.data.projects);
export const toggleBookmark = (id: string) => api(`/rd-projects/${id}/bookmark`, envelope(bookmarkToggleData), { method: 'POST' });
export const toggleAlert = (id: string, preferences?: Record<string, boolean>) =>
  api(`/rd-projects/${id}/alert`, envelope(alertToggleData), { method: 'POST', body: { preferences } });
export const applyToProject = (id: string, form: FormData) => api(`/rd-projects/${id}/apply`, envelope(studentApplicationData), { method: 'POST', body: form });
export const withdrawApplication = (id: string) =>
  api(`/rd-projects/my/applications/${id}/withdraw`, envelope(studentApplicationData), { method: 'POST' });
export const takeNotifications = () => api('/rd-projects/my/notifications', envelope(rdNotificationsData)).then((r) => r.data.notifications);
export const downloadInterviewIcs = (applicationId: string) => download(`/rd-projects/my/applications/${applicationId}/interview.ics`, 'interview.ics');
/** `url` is the API path the server gives each document. */
export const downloadDocument = (url: string, filename: string) => download(url, filename);

// Public
export const publicProjects = (query: Query) => api('/rd-projects/public', envelope(publicProjectListData), { query, anonymous: true }).then((r) => r.data);

// Admin
export const adminListProjects = (query: Query) => api('/admin/rd-projects', envelope(adminProjectListData), { query }).then((r) => r.data);
export const adminGetProject = (id: string) => api(`/admin/rd-projects/${id}`, envelope(adminProjectData)).then((r) => r.data.project);
export const adminCreateProject = (body: ProjectBodyInput) => api('/admin/rd-projects', envelope(adminProjectData), { method: 'POST', body });
export const adminUpdateProject = (id: string, body: ProjectBodyInput) => api(`/admin/rd-projects/${id}`, envelope(adminProjectData), { method: 'PUT', body });
export const adminDeleteProject = (id: string) => api(`/admin/rd-projects/${id}`, envelope(z.null()), { method: 'DELETE' });
export const adminSetStatus = (id: string, status: RdStatus) => api(`/admin/rd-projects/${id}/status`, envelope(adminProjectData), { method: 'PUT', body: { status } });
/** `base`: the admin's projects, or a company's own (`/organisations/me/projects`, issue 15) — same review flow. */
export const adminApplications = (id: string, query: Query, base = '/admin/rd-projects') =>
  api(`${base}/${id}/applications`, envelope(adminApplicationsData), { query }).then((r) => r.data);
export const adminReviewApplication = (projectId: string, applicationId: string, body: ReviewApplicationBody, base = '/admin/rd-projects') =>
  api(`${base}/${projectId}/applications/${applicationId}`, envelope(applicationData), { method: 'PUT', body });
