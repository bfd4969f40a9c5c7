import { useMutation, useQueryClient } from '@tanstack/react-query';
import { envelope } from '@app/shared/api';
import { connectionData, type UpdateConnectionBody } from '@app/shared/sso';
import { api } from '../../lib/api.ts';

// The console's per-connection changes (the university admin's own organisation): its settings
// (mapping, link policy) and "Refresh now" of SAML metadata (decisions 900–902).
const BASE = '/organisations/me/sso/connections';

export function useUpdateConnection(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateConnectionBody) => api(`${BASE}/${encodeURIComponent(id)}`, envelope(connectionData), { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['sso'] }),
  });
}

export function useRefreshMetadata(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(`${BASE}/${encodeURIComponent(id)}/metadata-refresh`, envelope(connectionData), { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['sso'] }),
  });
}
