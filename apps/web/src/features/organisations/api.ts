import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { envelope } from '@app/shared/api';
import { authData } from '@app/shared/auth';
import {
  affiliationData,
  cohortData,
  companyPerformanceData,
  companyProjectData,
  companyProjectsData,
  delegationData,
  delegationsData,
  expertApplicationData,
  expertApplicationDto,
  expertApplicationListData,
  invitationDto,
  invitationInfoData,
  moderationListData,
  myOrganisationData,
  organisationData,
  organisationListData,
  universityStudentsData,
  type ExpertStatus,
  type OrganisationStatus,
} from '@app/shared/organisations';
import type { ProjectBodyInput } from '@app/shared/rd-projects';
import { manageWorkshopData, manageWorkshopListData, workshopRegistrationsData } from '@app/shared/workshop-admin';
import { api } from '../../lib/api.ts';

const authAnswer = envelope(authData);

// Joining (public)
export const applyAsExpert = (body: Record<string, unknown>) => api('/experts/apply', authAnswer, { method: 'POST', body, anonymous: true });
export const registerOrganisation = (body: Record<string, unknown>) =>
  api('/organisations/register', authAnswer, { method: 'POST', body, anonymous: true });
export const confirmEmail = (token: string) =>
  api('/confirmations/email', envelope(z.object({ purpose: z.enum(['account', 'affiliation']) })), { method: 'POST', body: { token }, anonymous: true });
export const lookupInvitation = (token: string) =>
  api('/organisations/invitations/lookup', envelope(invitationInfoData), { method: 'POST', body: { token }, anonymous: true });
export const acceptInvitation = (body: { token: string; firstName: string; lastName: string; password: string }) =>
  api('/organisations/invitations/accept', authAnswer, { method: 'POST', body, anonymous: true });

// The expert's own application
export function useMyApplication(enabled = true) {
  return useQuery({
    queryKey: ['experts', 'me'],
    queryFn: () => api('/experts/me/application', envelope(z.object({ application: expertApplicationDto.nullable() }))),
    enabled,
  });
}
export const sendWorkEmailCode = (workEmail: string) =>
  api('/experts/me/work-email/code', envelope(z.null()), { method: 'POST', body: { workEmail } });
export const confirmWorkEmail = (code: string) =>
  api('/experts/me/work-email/confirm', envelope(expertApplicationData), { method: 'POST', body: { code } });
export const resendConfirmation = () => api('/experts/me/confirmation/resend', envelope(z.null()), { method: 'POST' });

// The member's organisation
export function useMyOrganisation() {
  return useQuery({ queryKey: ['organisation', 'me'], queryFn: () => api('/organisations/me', envelope(myOrganisationData)) });
}
export function useOrganisationMutation<V>(fn: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ['organisation'] }) });
}
export const addDomain = (domain: string) => api('/organisations/me/domains', envelope(organisationData), { method: 'POST', body: { domain } });
export const removeDomain = (id: string) => api(`/organisations/me/domains/${id}`, envelope(organisationData), { method: 'DELETE' });
/** Decision 822: ask the server to look up the domain's DNS TXT record. */
export const checkDomainDns = (id: string) => api(`/organisations/me/domains/${id}/dns-check`, envelope(organisationData), { method: 'POST' });
/** Decision 941: hand a sub-domain to the organisation of the person at `email`; revoke it. */
export const delegateDomain = (v: { domain: string; email: string }) =>
  api('/organisations/me/delegations', envelope(delegationData), { method: 'POST', body: v });
export const revokeDelegation = (id: string) => api(`/organisations/me/delegations/${id}`, envelope(delegationsData), { method: 'DELETE' });
export const invite = (email: string, kind: 'member' | 'expert') =>
  api('/organisations/me/invitations', envelope(z.object({ invitation: invitationDto })), { method: 'POST', body: { email, kind } });

export function useUniversityStudents(page: number, search: string) {
  return useQuery({
    queryKey: ['organisation', 'students', page, search],
    queryFn: () => api('/organisations/me/students', envelope(universityStudentsData), { query: { page, limit: 20, search } }),
  });
}
export function useCohort() {
  return useQuery({ queryKey: ['organisation', 'cohort'], queryFn: () => api('/organisations/me/cohort', envelope(cohortData)) });
}

export function useCompanyProjects() {
  return useQuery({ queryKey: ['organisation', 'projects'], queryFn: () => api('/organisations/me/projects', envelope(companyProjectsData)) });
}
export const postProject = (body: ProjectBodyInput) =>
  api('/organisations/me/projects', envelope(companyProjectData), { method: 'POST', body });
export function usePerformance() {
  return useQuery({ queryKey: ['organisation', 'performance'], queryFn: () => api('/organisations/me/performance', envelope(companyPerformanceData)) });
}

// The student's affiliation
export function useAffiliation() {
  return useQuery({ queryKey: ['affiliation'], queryFn: () => api('/students/me/affiliation', envelope(affiliationData)) });
}
export const requestAffiliation = (email: string) =>
  api('/students/me/affiliation', envelope(affiliationData), { method: 'POST', body: { email } });

// Administrators
export function useExpertApplications(status: ExpertStatus, page: number) {
  return useQuery({
    queryKey: ['admin', 'expert-applications', status, page],
    queryFn: () => api('/admin/expert-applications', envelope(expertApplicationListData), { query: { status, page, limit: 20 } }),
  });
}
export const decideExpert = (id: string, decision: 'approve' | 'reject', reason?: string) =>
  api(`/admin/expert-applications/${id}/decision`, envelope(expertApplicationData), { method: 'POST', body: { decision, reason } });

export function useAdminOrganisations(status: OrganisationStatus, page: number) {
  return useQuery({
    queryKey: ['admin', 'organisations', status, page],
    queryFn: () => api('/admin/organisations', envelope(organisationListData), { query: { status, page, limit: 20 } }),
  });
}
export const actOnOrganisation = (id: string, action: 'approve' | 'reject' | 'suspend' | 'reinstate', reason?: string) =>
  api(`/admin/organisations/${id}/decision`, envelope(organisationData), { method: 'POST', body: { action, reason } });
export function useModerationQueue() {
  return useQuery({ queryKey: ['admin', 'project-moderation'], queryFn: () => api('/admin/project-moderation', envelope(moderationListData)) });
}
export const moderateProject = (id: string, decision: 'approve' | 'reject', reason?: string) =>
  api(`/admin/project-moderation/${id}/decision`, envelope(companyProjectData), { method: 'POST', body: { decision, reason } });

// University-only workshops (decision 630): submitted for approval, seen by the university's students only.
export function useUniversityWorkshops() {
  return useQuery({
    queryKey: ['organisation', 'workshops'],
    queryFn: () => api('/organisations/me/workshops', envelope(manageWorkshopListData), { query: { page: 1, limit: 50 } }),
  });
}
export const submitUniversityWorkshop = (body: unknown) =>
  api('/organisations/me/workshops', envelope(manageWorkshopData), { method: 'POST', body });
// While a submission awaits approval the university may change or withdraw it (decision 632).
export const updateUniversityWorkshop = ({ id, body }: { id: string; body: unknown }) =>
  api(`/organisations/me/workshops/${id}`, envelope(manageWorkshopData), { method: 'PUT', body });
export const withdrawUniversityWorkshop = (id: string) => api(`/organisations/me/workshops/${id}`, envelope(z.null()), { method: 'DELETE' });
/** An administrator declines a university's submission; the university is told the reason. */
export const rejectUniversityWorkshop = (id: string, reason: string) =>
  api(`/admin/workshops/${id}/reject`, envelope(z.null()), { method: 'POST', body: { reason } });
export function useUniversityWorkshopRegistrations(id: string | null) {
  return useQuery({
    queryKey: ['organisation', 'workshops', id, 'registrations'],
    queryFn: () => api(`/organisations/me/workshops/${id ?? ''}/registrations`, envelope(workshopRegistrationsData)),
    enabled: Boolean(id),
  });
}
