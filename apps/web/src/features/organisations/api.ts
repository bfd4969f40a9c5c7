import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExpertStatus, OrganisationStatus } from '@app/shared/organisations';
import type { ProjectBodyInput } from '@app/shared/rd-projects';
import { api, schemasFrom } from '../../lib/api.ts';

// The schemas (and zod) load with the first request, not with the page (decision 950).
const answer = schemasFrom(() => import('./schemas.ts'));

// Joining (public)
export const applyAsExpert = (body: Record<string, unknown>) =>
  api('/experts/apply', answer('authAnswer'), { method: 'POST', body, anonymous: true });
export const registerOrganisation = (body: Record<string, unknown>) =>
  api('/organisations/register', answer('authAnswer'), { method: 'POST', body, anonymous: true });
export const confirmEmail = (token: string) =>
  api('/confirmations/email', answer('confirmationAnswer'), { method: 'POST', body: { token }, anonymous: true });
export const lookupInvitation = (token: string) =>
  api('/organisations/invitations/lookup', answer('invitationInfoAnswer'), { method: 'POST', body: { token }, anonymous: true });
export const acceptInvitation = (body: { token: string; firstName: string; lastName: string; password: string }) =>
  api('/organisations/invitations/accept', answer('authAnswer'), { method: 'POST', body, anonymous: true });

// The expert's own application
export function useMyApplication(enabled = true) {
  return useQuery({
    queryKey: ['experts', 'me'],
    queryFn: () => api('/experts/me/application', answer('myApplicationAnswer')),
    enabled,
  });
}
export const sendWorkEmailCode = (workEmail: string) =>
  api('/experts/me/work-email/code', answer('nullAnswer'), { method: 'POST', body: { workEmail } });
export const confirmWorkEmail = (code: string) =>
  api('/experts/me/work-email/confirm', answer('expertApplicationAnswer'), { method: 'POST', body: { code } });
export const resendConfirmation = () => api('/experts/me/confirmation/resend', answer('nullAnswer'), { method: 'POST' });

// The member's organisation
export function useMyOrganisation() {
  return useQuery({ queryKey: ['organisation', 'me'], queryFn: () => api('/organisations/me', answer('myOrganisationAnswer')) });
}
export function useOrganisationMutation<V>(fn: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ['organisation'] }) });
}
export const addDomain = (domain: string) =>
  api('/organisations/me/domains', answer('organisationAnswer'), { method: 'POST', body: { domain } });
export const removeDomain = (id: string) =>
  api(`/organisations/me/domains/${id}`, answer('organisationAnswer'), { method: 'DELETE' });
/** Decision 822: ask the server to look up the domain's DNS TXT record. */
export const checkDomainDns = (id: string) =>
  api(`/organisations/me/domains/${id}/dns-check`, answer('organisationAnswer'), { method: 'POST' });
/** Decision 941: hand a sub-domain to the organisation of the person at `email`; revoke it. */
export const delegateDomain = (v: { domain: string; email: string }) =>
  api('/organisations/me/delegations', answer('delegationAnswer'), { method: 'POST', body: v });
export const revokeDelegation = (id: string) =>
  api(`/organisations/me/delegations/${id}`, answer('delegationsAnswer'), { method: 'DELETE' });
export const invite = (email: string, kind: 'member' | 'expert') =>
  api('/organisations/me/invitations', answer('invitationAnswer'), { method: 'POST', body: { email, kind } });

export function useUniversityStudents(page: number, search: string) {
  return useQuery({
    queryKey: ['organisation', 'students', page, search],
    queryFn: () => api('/organisations/me/students', answer('universityStudentsAnswer'), { query: { page, limit: 20, search } }),
  });
}
export function useCohort() {
  return useQuery({
    queryKey: ['organisation', 'cohort'],
    queryFn: () => api('/organisations/me/cohort', answer('cohortAnswer')),
  });
}

export function useCompanyProjects() {
  return useQuery({
    queryKey: ['organisation', 'projects'],
    queryFn: () => api('/organisations/me/projects', answer('companyProjectsAnswer')),
  });
}
export const postProject = (body: ProjectBodyInput) =>
  api('/organisations/me/projects', answer('companyProjectAnswer'), { method: 'POST', body });
export function usePerformance() {
  return useQuery({
    queryKey: ['organisation', 'performance'],
    queryFn: () => api('/organisations/me/performance', answer('companyPerformanceAnswer')),
  });
}

// The student's affiliation
export function useAffiliation() {
  return useQuery({ queryKey: ['affiliation'], queryFn: () => api('/students/me/affiliation', answer('affiliationAnswer')) });
}
export const requestAffiliation = (email: string) =>
  api('/students/me/affiliation', answer('affiliationAnswer'), { method: 'POST', body: { email } });

// Administrators
export function useExpertApplications(status: ExpertStatus, page: number) {
  return useQuery({
    queryKey: ['admin', 'expert-applications', status, page],
    queryFn: () =>
      api('/admin/expert-applications', answer('expertApplicationListAnswer'), { query: { status, page, limit: 20 } }),
  });
}
export const decideExpert = (id: string, decision: 'approve' | 'reject', reason?: string) =>
  api(`/admin/expert-applications/${id}/decision`, answer('expertApplicationAnswer'), {
    method: 'POST',
    body: { decision, reason },
  });

export function useAdminOrganisations(status: OrganisationStatus, page: number) {
  return useQuery({
    queryKey: ['admin', 'organisations', status, page],
    queryFn: () => api('/admin/organisations', answer('organisationListAnswer'), { query: { status, page, limit: 20 } }),
  });
}
export const actOnOrganisation = (id: string, action: 'approve' | 'reject' | 'suspend' | 'reinstate', reason?: string) =>
  api(`/admin/organisations/${id}/decision`, answer('organisationAnswer'), { method: 'POST', body: { action, reason } });
export function useModerationQueue() {
  return useQuery({
    queryKey: ['admin', 'project-moderation'],
    queryFn: () => api('/admin/project-moderation', answer('moderationListAnswer')),
  });
}
export const moderateProject = (id: string, decision: 'approve' | 'reject', reason?: string) =>
  api(`/admin/project-moderation/${id}/decision`, answer('companyProjectAnswer'), { method: 'POST', body: { decision, reason } });

// University-only workshops (decision 630): submitted for approval, seen by the university's students only.
export function useUniversityWorkshops() {
  return useQuery({
    queryKey: ['organisation', 'workshops'],
    queryFn: () => api('/organisations/me/workshops', answer('manageWorkshopListAnswer'), { query: { page: 1, limit: 50 } }),
  });
}
export const submitUniversityWorkshop = (body: unknown) =>
  api('/organisations/me/workshops', answer('manageWorkshopAnswer'), { method: 'POST', body });
// While a submission awaits approval the university may change or withdraw it (decision 632).
export const updateUniversityWorkshop = ({ id, body }: { id: string; body: unknown }) =>
  api(`/organisations/me/workshops/${id}`, answer('manageWorkshopAnswer'), { method: 'PUT', body });
export const withdrawUniversityWorkshop = (id: string) =>
  api(`/organisations/me/workshops/${id}`, answer('nullAnswer'), { method: 'DELETE' });
/** An administrator declines a university's submission; the university is told the reason. */
export const rejectUniversityWorkshop = (id: string, reason: string) =>
  api(`/admin/workshops/${id}/reject`, answer('nullAnswer'), { method: 'POST', body: { reason } });
export function useUniversityWorkshopRegistrations(id: string | null) {
  return useQuery({
    queryKey: ['organisation', 'workshops', id, 'registrations'],
    queryFn: () => api(`/organisations/me/workshops/${id ?? ''}/registrations`, answer('workshopRegistrationsAnswer')),
    enabled: Boolean(id),
  });
}
