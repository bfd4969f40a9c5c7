import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { envelope } from '@app/shared/api';
import { authData, type AuthData } from '@app/shared/auth';
import {
  authenticationOptionsData,
  endOthersData,
  mfaStatusData,
  passkeyData,
  passkeysData,
  recoveryCodesData,
  registrationOptionsData,
  sessionsData,
  totpSetupData,
} from '@app/shared/security';
import { z } from 'zod';
import { api } from '../../lib/api.ts';

/** The WebAuthn browser helpers load when a passkey is used, not with every sign-in page (initial-JS budget). */
const webauthn = () => import('@simplewebauthn/browser');

const nothing = envelope(z.null());
const keys = { mfa: ['auth', 'mfa'], passkeys: ['auth', 'passkeys'], sessions: ['auth', 'sessions'] } as const;

// ---- the second step and passkey sign-in (anonymous) ----

export function verifySecondStep(body: { challenge: string; code?: string; recoveryCode?: string; passkey?: { challengeId: string; response: unknown } }) {
  return api('/auth/mfa/verify', envelope(authData), { method: 'POST', body, anonymous: true });
}

/** The second step with a passkey: options for the person's own credentials, the browser's ceremony, the check. */
export async function secondStepWithPasskey(challenge: string) {
  const { data } = await api('/auth/mfa/passkey-options', envelope(authenticationOptionsData), { method: 'POST', body: { challenge }, anonymous: true });
  const response = await (await webauthn()).startAuthentication({ optionsJSON: data.options as never });
  return verifySecondStep({ challenge, passkey: { challengeId: data.challengeId, response } });
}

/** A passkey as the only factor: the browser offers the discoverable credentials for this site. */
export async function signInWithPasskey(rememberMe: boolean): Promise<{ message?: string; data: AuthData }> {
  const { data } = await api('/auth/passkey/options', envelope(authenticationOptionsData), { method: 'POST', anonymous: true });
  const response = await (await webauthn()).startAuthentication({ optionsJSON: data.options as never });
  return api('/auth/passkey/login', envelope(authData), { method: 'POST', body: { challengeId: data.challengeId, response, rememberMe }, anonymous: true });
}

// ---- the Security page ----

export function useMfaStatus() {
  return useQuery({ queryKey: keys.mfa, queryFn: ({ signal }) => api('/auth/mfa', envelope(mfaStatusData), { signal }).then((r) => r.data) });
}
export function usePasskeys() {
  return useQuery({ queryKey: keys.passkeys, queryFn: ({ signal }) => api('/auth/passkeys', envelope(passkeysData), { signal }).then((r) => r.data.passkeys) });
}
export function useSessions() {
  return useQuery({ queryKey: keys.sessions, queryFn: ({ signal }) => api('/auth/sessions', envelope(sessionsData), { signal }).then((r) => r.data.sessions) });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: keys.mfa }), client.invalidateQueries({ queryKey: keys.passkeys })]);
}

export function useTotpSetup() {
  return useMutation({ mutationFn: () => api('/auth/mfa/totp/setup', envelope(totpSetupData), { method: 'POST' }).then((r) => r.data) });
}
export function useTotpConfirm() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (code: string) => api('/auth/mfa/totp/confirm', envelope(recoveryCodesData), { method: 'POST', body: { code } }).then((r) => r.data.recoveryCodes),
    onSuccess: () => void invalidate(),
  });
}
export function useRegenerateCodes() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (password: string) => api('/auth/mfa/recovery-codes', envelope(recoveryCodesData), { method: 'POST', body: { password } }).then((r) => r.data.recoveryCodes),
    onSuccess: () => void invalidate(),
  });
}
export function useDisableTotp() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (password: string) => api('/auth/mfa/totp/disable', nothing, { method: 'POST', body: { password } }),
    onSuccess: () => void invalidate(),
  });
}

export function useAddPasskey() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (name: string) => {
      const { data } = await api('/auth/passkeys/registration-options', envelope(registrationOptionsData), { method: 'POST' });
      const response = await (await webauthn()).startRegistration({ optionsJSON: data.options as never });
      return api('/auth/passkeys', envelope(passkeyData), { method: 'POST', body: { challengeId: data.challengeId, name, response } });
    },
    onSuccess: () => void invalidate(),
  });
}
export function useRenamePasskey() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => api(`/auth/passkeys/${id}`, envelope(passkeyData), { method: 'PATCH', body: { name } }),
    onSuccess: () => void invalidate(),
  });
}
export function useRemovePasskey() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api(`/auth/passkeys/${id}`, nothing, { method: 'DELETE' }), onSuccess: () => void invalidate() });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/auth/sessions/${id}`, nothing, { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.sessions }),
  });
}
export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/auth/sessions/end-others', envelope(endOthersData), { method: 'POST' }).then((r) => r.data.ended),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.sessions }),
  });
}

