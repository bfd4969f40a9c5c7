import { z } from 'zod';
import { envelope } from '@app/shared/api';
import {
  adminIdeaData,
  adminIdeaListData,
  analyticsData,
  auditListData,
  bulkUploadResult,
  contactMessageData,
  contactMessagesData,
  dashboardData,
  emailsData,
  professionalData,
  professionalListData,
  studentData,
  studentListData,
  userStatusData,
  type BulkUploadResult,
} from '@app/shared/admin';
import { authData } from '@app/shared/auth';
import { siteContent, type SiteContent } from '@app/shared/content';
import { instructorOptionsData } from '@app/shared/workshop-admin';
import { ApiError, api, buildUrl } from '../../lib/api.ts';
import { readSession } from '../../lib/session.ts';

type Query = Record<string, string | number | undefined>;
const done = envelope(z.null());

export const adminApi = {
  dashboard: () => api('/admin/dashboard', envelope(dashboardData)),
  analytics: (months = 12) => api('/admin/analytics', envelope(analyticsData), { query: { months } }),
  professionals: (query: Query) => api('/admin/professionals', envelope(professionalListData), { query }),
  createProfessional: (body: unknown) => api('/admin/professionals', envelope(professionalData), { method: 'POST', body }),
  updateProfessional: (id: string, body: unknown) =>
    api(`/admin/professionals/${id}`, envelope(professionalData), { method: 'PUT', body }),
  deleteProfessional: (id: string) => api(`/admin/professionals/${id}`, done, { method: 'DELETE' }),
  students: (query: Query) => api('/admin/users', envelope(studentListData), { query: { role: 'student', ...query } }),
  createStudent: (body: unknown) => api('/admin/users', envelope(studentData), { method: 'POST', body }),
  setUserStatus: (id: string, isActive: boolean) =>
    api(`/admin/users/${id}/status`, envelope(userStatusData), { method: 'PUT', body: { isActive } }),
  ideas: (query: Query) => api('/ideas/admin/all', envelope(adminIdeaListData), { query }),
  reviewIdea: (id: string, body: unknown) => api(`/ideas/admin/${id}/review`, envelope(adminIdeaData), { method: 'PUT', body }),
  audit: (query: Query) => api('/admin/audit', envelope(auditListData), { query }),
  content: () => api('/admin/content', envelope(siteContent)),
  saveContent: (body: SiteContent) => api('/admin/content', envelope(siteContent), { method: 'PUT', body }),
  contactMessages: (query: Query) => api('/admin/contact-messages', envelope(contactMessagesData), { query }),
  markMessage: (id: string, handled: boolean) =>
    api(`/admin/contact-messages/${id}`, envelope(contactMessageData), { method: 'PUT', body: { handled } }),
  emails: (query: Query) => api('/admin/emails', envelope(emailsData), { query }),
  instructors: () => api('/admin/instructors', envelope(instructorOptionsData)),
  changePassword: (body: { currentPassword: string; newPassword: string }) =>
    api('/auth/change-password', envelope(authData), { method: 'PUT', body }),
};

/** Workshop management for a base path: '/admin/workshops' (admins) or '/workshops/my-workshops' (professionals). */
/**
 * Bulk upload through XMLHttpRequest, the one browser API that reports upload progress. `onProgress`
 * receives 0-100 for the bytes sent; the answer arrives after the server has processed the file.
 */
export function uploadProfessionals(
  file: File,
  options: { dryRun: boolean; onProgress: (percent: number) => void; onUploaded: () => void },
): Promise<BulkUploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('/admin/professionals/bulk-upload', { dryRun: options.dryRun ? 'true' : undefined }));
    const token = readSession()?.token;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.upload.onload = () => options.onUploaded();
    xhr.onerror = () => reject(new ApiError('Network error. Please check your connection and try again.', 0));
    xhr.onload = () => {
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = bulkUploadResult.safeParse(json);
        if (parsed.success) return resolve(parsed.data);
        return reject(new ApiError('Upload failed', xhr.status));
      }
      const failure = z.object({ message: z.string().optional(), errors: z.array(z.string()).optional() }).safeParse(json);
      const message = failure.success && failure.data.message ? failure.data.message : 'Upload failed';
      reject(new ApiError(message, xhr.status, undefined, failure.success ? failure.data.errors : undefined));
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
