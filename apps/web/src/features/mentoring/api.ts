import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AvailabilityRuleBody, ConnectBody, CreateSessionBody, RescheduleBody, RespondBody } from '@app/shared/mentoring';
import { api, download, schemasFrom } from '../../lib/api.ts';

// The schemas (and zod) load with the first request, not with the page (decision 950).
const answer = schemasFrom(() => import('./schemas.ts'));

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
  api(`/professionals/${professionalId}/availability`, answer('availabilityAnswer'), { query: { from, to, timezone } });
export const sendConnect = (professionalId: string, body: ConnectBody) =>
  api(`/professionals/${professionalId}/connect`, answer('connectAnswer'), { method: 'POST', body });
export const fetchRules = () => api('/professionals/availability', answer('rulesAnswer'));
export const createRule = (body: AvailabilityRuleBody) =>
  api('/professionals/availability', answer('ruleAnswer'), { method: 'POST', body });
export const updateRule = (id: string, body: AvailabilityRuleBody) =>
  api(`/professionals/availability/${id}`, answer('ruleAnswer'), { method: 'PUT', body });
export const deleteRule = (id: string) => api(`/professionals/availability/${id}`, answer('nullAnswer'), { method: 'DELETE' });
export const fetchRequests = () => api('/professionals/connection-requests', answer('requestsAnswer'));
export const respondToRequest = (id: string, body: RespondBody) =>
  api(`/professionals/connection-requests/${id}/respond`, answer('respondAnswer'), { method: 'POST', body });
export const fetchMyRequests = () => api('/connection-requests/my', answer('studentRequestsAnswer'));
export const withdrawRequest = (id: string) =>
  api(`/connection-requests/${id}/withdraw`, answer('studentRequestAnswer'), { method: 'POST' });
export const setNoticeHours = (noticeHours: number) =>
  api('/professionals/me/booking-policy', answer('bookingPolicyAnswer'), { method: 'PUT', body: { noticeHours } });
export const fetchMySessions = () => api('/sessions/my', answer('sessionsAnswer'));
export const createSession = (body: CreateSessionBody) => api('/sessions', answer('sessionAnswer'), { method: 'POST', body });
export const rescheduleSession = (id: string, body: RescheduleBody) =>
  api(`/sessions/${id}/reschedule`, answer('sessionAnswer'), { method: 'PUT', body });
export const cancelSession = (id: string, reason?: string) =>
  api(`/sessions/${id}/cancel`, answer('sessionAnswer'), { method: 'PUT', body: reason ? { reason } : {} });
export const rateSession = (id: string, rating: number) =>
  api(`/sessions/${id}/rate`, answer('sessionAnswer'), { method: 'POST', body: { rating } });
export const markSessionAttendance = (id: string, attendance: 'attended' | 'no-show') =>
  api(`/sessions/${id}/attendance`, answer('sessionAnswer'), { method: 'POST', body: { attendance } });
export const downloadSessionIcs = (id: string) => download(`/sessions/${id}/calendar.ics`, 'mentoring-session.ics');
export const fetchConversation = (otherId: string) => api(`/conversations/${otherId}/messages`, answer('conversationAnswer'));
export const sendMessage = (otherId: string, body: string) =>
  api(`/conversations/${otherId}/messages`, answer('messageAnswer'), { method: 'POST', body: { body } });
export const fetchDashboardStats = () => api('/professionals/dashboard-stats', answer('dashboardStatsAnswer'));
export const fetchConnectedStudents = (search: string, status: string) =>
  api('/professionals/connected-students', answer('connectedStudentsAnswer'), { query: { search: search || undefined, status } });
export const uploadProfessionalImage = (file: File) => {
  const form = new FormData();
  form.append('profileImage', file);
  return api('/professionals/upload-image', answer('uploadImageAnswer'), { method: 'POST', body: form });
};
export const setAcceptingRequests = (acceptingRequests: boolean) =>
  api('/professionals/me/accepting-requests', answer('acceptingRequestsAnswer'), { method: 'PUT', body: { acceptingRequests } });

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
