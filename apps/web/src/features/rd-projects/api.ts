import type { RdStatus } from '@app/shared/rd-project-constants';
import type { ProjectBodyInput, ReviewApplicationBody } from '@app/shared/rd-projects';
import { api, download, schemasFrom } from '../../lib/api.ts';

// The schemas (and zod) load with the first request, not with the page (decision 950).
const answer = schemasFrom(() => import('./schemas.ts'));

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
  api(`/rd-projects/user/${encodeURIComponent(userId)}`, answer('studentProjectListAnswer'), { query }).then((r) => r.data);
export const getProject = (id: string) => api(`/rd-projects/${id}`, answer('studentProjectAnswer')).then((r) => r.data.project);
export const myApplications = () => api('/rd-projects/my/applications', answer('studentApplicationsAnswer')).then((r) => r.data.applications);
export const myBookmarks = () => api('/rd-projects/my/bookmarks', answer('bookmarksAnswer')).then((r) => r.data.projects);
export const toggleBookmark = (id: string) => api(`/rd-projects/${id}/bookmark`, answer('bookmarkToggleAnswer'), { method: 'POST' });
export const toggleAlert = (id: string, preferences?: Record<string, boolean>) =>
  api(`/rd-projects/${id}/alert`, answer('alertToggleAnswer'), { method: 'POST', body: { preferences } });
export const applyToProject = (id: string, form: FormData) => api(`/rd-projects/${id}/apply`, answer('studentApplicationAnswer'), { method: 'POST', body: form });
export const withdrawApplication = (id: string) =>
  api(`/rd-projects/my/applications/${id}/withdraw`, answer('studentApplicationAnswer'), { method: 'POST' });
export const takeNotifications = () => api('/rd-projects/my/notifications', answer('rdNotificationsAnswer')).then((r) => r.data.notifications);
export const downloadInterviewIcs = (applicationId: string) => download(`/rd-projects/my/applications/${applicationId}/interview.ics`, 'interview.ics');
/** `url` is the API path the server gives each document. */
export const downloadDocument = (url: string, filename: string) => download(url, filename);

// Public
export const publicProjects = (query: Query) => api('/rd-projects/public', answer('publicProjectListAnswer'), { query, anonymous: true }).then((r) => r.data);

// Admin
export const adminListProjects = (query: Query) => api('/admin/rd-projects', answer('adminProjectListAnswer'), { query }).then((r) => r.data);
export const adminGetProject = (id: string) => api(`/admin/rd-projects/${id}`, answer('adminProjectAnswer')).then((r) => r.data.project);
export const adminCreateProject = (body: ProjectBodyInput) => api('/admin/rd-projects', answer('adminProjectAnswer'), { method: 'POST', body });
export const adminUpdateProject = (id: string, body: ProjectBodyInput) => api(`/admin/rd-projects/${id}`, answer('adminProjectAnswer'), { method: 'PUT', body });
export const adminDeleteProject = (id: string) => api(`/admin/rd-projects/${id}`, answer('nullAnswer'), { method: 'DELETE' });
export const adminSetStatus = (id: string, status: RdStatus) => api(`/admin/rd-projects/${id}/status`, answer('adminProjectAnswer'), { method: 'PUT', body: { status } });
/** `base`: the admin's projects, or a company's own (`/organisations/me/projects`, issue 15) — same review flow. */
export const adminApplications = (id: string, query: Query, base = '/admin/rd-projects') =>
  api(`${base}/${id}/applications`, answer('adminApplicationsAnswer'), { query }).then((r) => r.data);
export const adminReviewApplication = (projectId: string, applicationId: string, body: ReviewApplicationBody, base = '/admin/rd-projects') =>
  api(`${base}/${projectId}/applications/${applicationId}`, answer('applicationAnswer'), { method: 'PUT', body });
