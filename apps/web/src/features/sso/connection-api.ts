import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateConnectionBody } from '@app/shared/sso';
import type { SpKeyRolloverBody } from '@app/shared/sso-keys';
import { api, schemasFrom } from '../../lib/api.ts';

// The schemas (and zod) load with the first request, not with the page (decision 950).
const answer = schemasFrom(() => import('./schemas.ts'));

// The console's per-connection changes (the university admin's own organisation): its settings
// (mapping, link policy) and "Refresh now" of SAML metadata (decisions 900–902).
const BASE = '/organisations/me/sso/connections';

export function useUpdateConnection(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateConnectionBody) =>
      api(`${BASE}/${encodeURIComponent(id)}`, answer('connectionAnswer'), { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['sso'] }),
  });
}

export function useRefreshMetadata(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(`${BASE}/${encodeURIComponent(id)}/metadata-refresh`, answer('connectionAnswer'), { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['sso'] }),
  });
}

// MentorBridge's own SAML signing keys of a connection and their rollover (decision 910).
export function useSpKeys(id: string) {
  return useQuery({
    queryKey: ['sso', 'sp-keys', id],
    queryFn: () => api(`${BASE}/${encodeURIComponent(id)}/sp-keys`, answer('spKeysAnswer')),
  });
}

export function useSpKeyRollover(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (step: SpKeyRolloverBody['step']) =>
      api(`${BASE}/${encodeURIComponent(id)}/sp-keys`, answer('spKeysAnswer'), { method: 'POST', body: { step } }),
    onSuccess: (answer) => client.setQueryData(['sso', 'sp-keys', id], answer),
    // Refused (another admin moved the rollover on meanwhile): show the keys as they are now.
    onError: () => client.invalidateQueries({ queryKey: ['sso', 'sp-keys', id] }),
  });
}
