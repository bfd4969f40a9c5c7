import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { envelope } from '@app/shared/api';
import {
  connectionData,
  discoverData,
  exchangeData,
  linkData,
  logoutData,
  orgSignInData,
  redirectData,
  ssoOverviewData,
  type CreateConnectionBody,
  type SsoSettingsBody,
} from '@app/shared/sso';
import { scimTokenCreated, scimTokensData } from '@app/shared/sso';
import { z } from 'zod';
import { api } from '../../lib/api.ts';

export function discover(email: string) {
  return api('/sso/discover', envelope(discoverData), { method: 'POST', body: { email }, anonymous: true });
}

export function orgSignIn(slug: string) {
  return api(`/sso/orgs/${encodeURIComponent(slug)}`, envelope(orgSignInData), { anonymous: true });
}

/** Ask the API for the IdP's address and go there (the browser leaves the app). */
export async function startSignIn(connectionId: string, next?: string | null) {
  const answer = await api('/sso/start', envelope(redirectData), {
    method: 'POST',
    body: { connectionId, ...(next ? { next } : {}) },
    anonymous: true,
  });
  window.location.assign(answer.data.redirectUrl);
}

export function exchange(code: string) {
  return api('/sso/exchange', envelope(exchangeData), { method: 'POST', body: { code } });
}

export function linkAccount(ticket: string, password: string) {
  return api('/sso/link', envelope(linkData), { method: 'POST', body: { ticket, password }, anonymous: true });
}

export function ssoLogout() {
  return api('/sso/logout', envelope(logoutData), { method: 'POST' });
}

// Console (the university admin's own organisation)
const BASE = '/organisations/me';
export const ssoKeys = { overview: ['sso', 'overview'] as const, scim: ['sso', 'scim-tokens'] as const };

export function useSsoOverview() {
  return useQuery({ queryKey: ssoKeys.overview, queryFn: () => api(`${BASE}/sso`, envelope(ssoOverviewData)) });
}

export function useSsoMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['sso'] });
  return {
    saveSettings: useMutation({
      mutationFn: (body: SsoSettingsBody) => api(`${BASE}/sso/settings`, envelope(ssoOverviewData), { method: 'PUT', body }),
      onSuccess: refresh,
    }),
    create: useMutation({
      mutationFn: (body: CreateConnectionBody) => api(`${BASE}/sso/connections`, envelope(connectionData), { method: 'POST', body }),
      onSuccess: refresh,
    }),
    setEnabled: useMutation({
      mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
        api(`${BASE}/sso/connections/${id}/enabled`, envelope(connectionData), { method: 'PUT', body: { enabled } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api(`${BASE}/sso/connections/${id}`, envelope(z.null()), { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    test: useMutation({
      mutationFn: (id: string) => api(`${BASE}/sso/connections/${id}/test`, envelope(redirectData), { method: 'POST' }),
      onSuccess: (answer) => window.location.assign(answer.data.redirectUrl),
    }),
  };
}

export function useScimTokens() {
  return useQuery({ queryKey: ssoKeys.scim, queryFn: () => api(`${BASE}/scim-tokens`, envelope(scimTokensData)) });
}

export function useScimMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ssoKeys.scim });
  return {
    create: useMutation({
      mutationFn: (name: string) => api(`${BASE}/scim-tokens`, envelope(scimTokenCreated), { method: 'POST', body: { name } }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => api(`${BASE}/scim-tokens/${id}`, envelope(z.null()), { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}
