import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateConnectionBody, SsoSettingsBody } from '@app/shared/sso';
import { api, schemasFrom } from '../../lib/api.ts';

// The schemas (and zod) load with the first request, not with the page (decision 950).
const answer = schemasFrom(() => import('./schemas.ts'));

export function discover(email: string) {
  return api('/sso/discover', answer('discoverAnswer'), { method: 'POST', body: { email }, anonymous: true });
}

export function orgSignIn(slug: string) {
  return api(`/sso/orgs/${encodeURIComponent(slug)}`, answer('orgSignInAnswer'), { anonymous: true });
}

/** Ask the API for the IdP's address and go there (the browser leaves the app). */
export async function startSignIn(connectionId: string, next?: string | null) {
  const started = await api('/sso/start', answer('redirectAnswer'), {
    method: 'POST',
    body: { connectionId, ...(next ? { next } : {}) },
    anonymous: true,
  });
  window.location.assign(started.data.redirectUrl);
}

export function exchange(code: string) {
  return api('/sso/exchange', answer('exchangeAnswer'), { method: 'POST', body: { code } });
}

export function linkAccount(ticket: string, password: string) {
  return api('/sso/link', answer('linkAnswer'), { method: 'POST', body: { ticket, password }, anonymous: true });
}

export function ssoLogout() {
  return api('/sso/logout', answer('logoutAnswer'), { method: 'POST' });
}

// Console (the university admin's own organisation)
const BASE = '/organisations/me';
export const ssoKeys = { overview: ['sso', 'overview'] as const, scim: ['sso', 'scim-tokens'] as const };

export function useSsoOverview() {
  return useQuery({ queryKey: ssoKeys.overview, queryFn: () => api(`${BASE}/sso`, answer('ssoOverviewAnswer')) });
}

export function useSsoMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['sso'] });
  return {
    saveSettings: useMutation({
      mutationFn: (body: SsoSettingsBody) => api(`${BASE}/sso/settings`, answer('ssoOverviewAnswer'), { method: 'PUT', body }),
      onSuccess: refresh,
    }),
    create: useMutation({
      mutationFn: (body: CreateConnectionBody) =>
        api(`${BASE}/sso/connections`, answer('connectionAnswer'), { method: 'POST', body }),
      onSuccess: refresh,
    }),
    setEnabled: useMutation({
      mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
        api(`${BASE}/sso/connections/${id}/enabled`, answer('connectionAnswer'), { method: 'PUT', body: { enabled } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api(`${BASE}/sso/connections/${id}`, answer('nullAnswer'), { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    test: useMutation({
      mutationFn: (id: string) => api(`${BASE}/sso/connections/${id}/test`, answer('redirectAnswer'), { method: 'POST' }),
      onSuccess: (answer) => window.location.assign(answer.data.redirectUrl),
    }),
  };
}

export function useScimTokens() {
  return useQuery({ queryKey: ssoKeys.scim, queryFn: () => api(`${BASE}/scim-tokens`, answer('scimTokensAnswer')) });
}

export function useScimMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ssoKeys.scim });
  return {
    create: useMutation({
      mutationFn: (name: string) =>
        api(`${BASE}/scim-tokens`, answer('scimTokenCreatedAnswer'), { method: 'POST', body: { name } }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => api(`${BASE}/scim-tokens/${id}`, answer('nullAnswer'), { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}
