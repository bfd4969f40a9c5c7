import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { envelope } from '@app/shared/api';
import {
  acceptingRequestsData,
  availabilityData,
  connectData,
  connectedStudentsData,
  conversationData,
  dashboardStatsData,
  messageData,
  requestsData,
  respondData,
  ruleData,
  rulesData,
  sessionData,
  sessionsData,
  studentRequestData,
  studentRequestsData,
  bookingPolicyData,
  uploadImageData,
  type AvailabilityRuleBody,
  type ConnectBody,
  type CreateSessionBody,
  type RescheduleBody,
  type RespondBody,
} from '@app/shared/mentoring';
import { z } from 'zod';
import { api, download } from '../../lib/api.ts';

/** 24-character ids only (spec: availability loads only when the id has that length). */
export const isFullId = (id: string | undefined | null): id is string => typeof id === 'string' && id.length === 24;

export const mentoringKeys = {
  all: ['mentoring'] as const,
  availability: (id: string, from: string, to: string, tz: string) => ['mentoring', 'availability', id, from, to, tz] as const,
  rules: ['mentoring', 'rules'] as const,
  requests: ['mentoring', 'requests'] as const,
  sessions: ['mentoring', 'sessions'] as const,
  myRequests: ['mentoring', 'my-requests'] as const,
  stats: ['mentoring', 'stats'] as const,
  students: (search: string, status: string) => ['mentoring', 'students', search, status] as const,
  conversation: (otherId: string) => ['mentoring', 'conversation', otherId] as const,
};

// ---------- fetchers ----------

export const fetchAvailability = (professionalId: string, from: string, to: string, timezone: string) =>
  api(`/professionals/${professionalId}/availability`, envelope(availabilityData), { query: { from, to, timezone } });
export const sendConnect = (professionalId: string, body: ConnectBody) =>
  api(`/professionals/${professionalId}/connect`, envelope(connectData), { method: 'POST', body });
export const fetchRules = () => api('/professionals/availability', envelope(rulesData));
export const createRule = (body: AvailabilityRuleBody) =>
  api('/professionals/availability', envelope(ruleData), { method: 'POST', body });
export const updateRule = (id: string, body: AvailabilityRuleBody) =>
  api(`/professionals/availability/${id}`, envelope(ruleData), { method: 'PUT', body });
export const deleteRule = (id: string) => api(`/professionals/availability/${id}`, envelope(z.null()), { method: 'DELETE' });
export const fetchRequests = () => api('/professionals/connection-requests', envelope(requestsData));
export const respondToRequest = (id: string, body: RespondBody) =>
  api(`/professionals/connection-requests/${id}/respond`, envelope(respondData), { method: 'POST', body });
export const fetchMyRequests = () => api('/connection-requests/my', envelope(studentRequestsData));
export const withdrawRequest = (id: string) =>
  api(`/connection-requests/${id}/withdraw`, envelope(studentRequestData), { method: 'POST' });
export const setNoticeHours = (noticeHours: number) =>
  api('/professionals/me/booking-policy', envelope(bookingPolicyData), { method: 'PUT', body: { noticeHours } });
export const fetchMySessions = () => api('/sessions/my', envelope(sessionsData));
export const createSession = (body: CreateSessionBody) => api('/sessions', envelope(sessionData), { method: 'POST', body });
export const rescheduleSession = (id: string, body: RescheduleBody) =>
  api(`/sessions/${id}/reschedule`, envelope(sessionData), { method: 'PUT', body });
export const cancelSession = (id: string, reason?: string) =>
  api(`/sessions/${id}/cancel`, envelope(sessionData), { method: 'PUT', body: reason ? { reason } : {} });
export const rateSession = (id: string, rating: number) =>
  api(`/sessions/${id}/rate`, envelope(sessionData), { method: 'POST', body: { rating } });
export const markSessionAttendance = (id: string, attendance: 'attended' | 'no-show') =>
  api(`/sessions/${id}/attendance`, envelope(sessionData), { method: 'POST', body: { attendance } });
export const downloadSessionIcs = (id: string) => download(`/sessions/${id}/calendar.ics`, 'mentoring-session.ics');
export const fetchConversation = (otherId: string) => api(`/conversations/${otherId}/messages`, envelope(conversationData));
export const sendMessage = (otherId: string, body: string) =>
  api(`/conversations/${otherId}/messages`, envelope(messageData), { method: 'POST', body: { body } });
export const fetchDashboardStats = () => api('/professionals/dashboard-stats', envelope(dashboardStatsData));
export const fetchConnectedStudents = (search: string, status: string) =>
  api('/professionals/connected-students', envelope(connectedStudentsData), { query: { search: search || undefined, status } });
export const uploadProfessionalImage = (file: File) => {
  const form = new FormData();
  form.append('profileImage', file);
  return api('/professionals/upload-image', envelope(uploadImageData), { method: 'POST', body: form });
};
export const setAcceptingRequests = (acceptingRequests: boolean) =>
  api('/professionals/me/accepting-requests', envelope(acceptingRequestsData), { method: 'PUT', body: { acceptingRequests } });

// ---------- hooks ----------

export function useAvailability(professionalId: string, from: string, to: string, timezone: string) {
  return useQuery({
    queryKey: mentoringKeys.availability(professionalId, from, to, timezone),
    queryFn: () => fetchAvailability(professionalId, from, to, timezone).then((r) => r.data),
    enabled: isFullId(professionalId),
  });
}

export function useMySessions(enabled = true) {
  return useQuery({ queryKey: mentoringKeys.sessions, queryFn: () => fetchMySessions().then((r) => r.data.sessions), enabled });
}

/** The student's own requests (every state), newest first. */
export function useMyRequests(enabled = true) {
  return useQuery({ queryKey: mentoringKeys.myRequests, queryFn: () => fetchMyRequests().then((r) => r.data.requests), enabled });
}

export function useConversation(otherId: string | null) {
  return useQuery({
    queryKey: mentoringKeys.conversation(otherId ?? ''),
    queryFn: () => fetchConversation(otherId ?? '').then((r) => r.data),
    enabled: isFullId(otherId),
    refetchInterval: 30_000,
  });
}

export function useSendMessage(otherId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendMessage(otherId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: mentoringKeys.conversation(otherId) }),
  });
}

/** Refresh everything the mentoring screens show after a change. */
export function useInvalidateMentoring() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: mentoringKeys.all });
}
