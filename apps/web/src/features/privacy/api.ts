import { useQuery } from '@tanstack/react-query';
import { envelope } from '@app/shared/api';
import { accessLogData, adminPrivacyQueueData, myPrivacyData, retentionData } from '@app/shared/privacy';
import { api } from '../../lib/api.ts';

export const MY_PRIVACY_KEY = ['privacy', 'me'] as const;
export const ADMIN_QUEUE_KEY = ['privacy', 'admin', 'queue'] as const;

export function useMyPrivacy() {
  return useQuery({
    queryKey: MY_PRIVACY_KEY,
    queryFn: ({ signal }) => api('/privacy/me', envelope(myPrivacyData), { signal }).then((r) => r.data),
    // While an export is being prepared, look again every few seconds.
    refetchInterval: (query) => (query.state.data?.requests.some((r) => r.kind === 'export' && (r.status === 'pending' || r.status === 'processing')) ? 3000 : false),
  });
}

export function useAccessLog() {
  return useQuery({
    queryKey: ['privacy', 'access'],
    queryFn: ({ signal }) => api('/privacy/me/access', envelope(accessLogData), { signal }).then((r) => r.data.entries),
  });
}

export function useAdminQueue(status: 'open' | 'closed' | 'all') {
  return useQuery({
    queryKey: [...ADMIN_QUEUE_KEY, status],
    queryFn: ({ signal }) => api('/privacy/admin/requests', envelope(adminPrivacyQueueData), { signal, query: { status } }).then((r) => r.data.requests),
  });
}

export function useRetention() {
  return useQuery({
    queryKey: ['privacy', 'admin', 'retention'],
    queryFn: ({ signal }) => api('/privacy/admin/retention', envelope(retentionData), { signal }).then((r) => r.data),
  });
}
