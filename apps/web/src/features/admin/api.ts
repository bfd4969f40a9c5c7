import type { BulkUploadResult } from '@app/shared/admin';
import type { SiteContent } from '@app/shared/content';
import { ApiError, api, buildUrl, schemasFrom } from '../../lib/api.ts';
import { readSession } from '../../lib/session.ts';

// The schemas (and zod) load with the first request, not with the page (decision 950).
const answer = schemasFrom(() => import('./schemas.ts'));

type Query = Record<string, string | number | undefined>;

export const adminApi = {
  dashboard: () => api('/admin/dashboard', answer('dashboardAnswer')),
  analytics: (months = 12) => api('/admin/analytics', answer('analyticsAnswer'), { query: { months } }),
  professionals: (query: Query) => api('/admin/professionals', answer('professionalListAnswer'), { query }),
  createProfessional: (body: unknown) => api('/admin/professionals', answer('professionalAnswer'), { method: 'POST', body }),
  updateProfessional: (id: string, body: unknown) =>
    api(`/admin/professionals/${id}`, answer('professionalAnswer'), { method: 'PUT', body }),
  deleteProfessional: (id: string) => api(`/admin/professionals/${id}`, answer('nullAnswer'), { method: 'DELETE' }),
  students: (query: Query) => api('/admin/users', answer('studentListAnswer'), { query: { role: 'student', ...query } }),
  createStudent: (body: unknown) => api('/admin/users', answer('studentAnswer'), { method: 'POST', body }),
  setUserStatus: (id: string, isActive: boolean) =>
    api(`/admin/users/${id}/status`, answer('userStatusAnswer'), { method: 'PUT', body: { isActive } }),
  ideas: (query: Query) => api('/ideas/admin/all', answer('adminIdeaListAnswer'), { query }),
  reviewIdea: (id: string, body: unknown) => api(`/ideas/admin/${id}/review`, answer('adminIdeaAnswer'), { method: 'PUT', body }),
  audit: (query: Query) => api('/admin/audit', answer('auditListAnswer'), { query }),
  content: () => api('/admin/content', answer('siteContentAnswer')),
  saveContent: (body: SiteContent) => api('/admin/content', answer('siteContentAnswer'), { method: 'PUT', body }),
  contactMessages: (query: Query) => api('/admin/contact-messages', answer('contactMessagesAnswer'), { query }),
  markMessage: (id: string, handled: boolean) =>
    api(`/admin/contact-messages/${id}`, answer('contactMessageAnswer'), { method: 'PUT', body: { handled } }),
  emails: (query: Query) => api('/admin/emails', answer('emailsAnswer'), { query }),
  instructors: () => api('/admin/instructors', answer('instructorOptionsAnswer')),
  changePassword: (body: { currentPassword: string; newPassword: string }) =>
    api('/auth/change-password', answer('authAnswer'), { method: 'PUT', body }),
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
    xhr.onload = async () => {
      // The answer's schemas (and zod) load when the answer arrives (decision 950).
      const { bulkUploadAnswer, uploadFailureAnswer } = await import('./schemas.ts');
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = bulkUploadAnswer.safeParse(json);
        if (parsed.success) return resolve(parsed.data);
        return reject(new ApiError('Upload failed', xhr.status));
      }
      const failure = uploadFailureAnswer.safeParse(json);
      const message = failure.success && failure.data.message ? failure.data.message : 'Upload failed';
      reject(new ApiError(message, xhr.status, undefined, failure.success ? failure.data.errors : undefined));
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
