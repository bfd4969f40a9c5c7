import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthData } from '@app/shared/auth';
import { api, schemasFrom } from '../../lib/api.ts';

// The schemas (and zod) load with the first request, not with the page (decision 950).
const answer = schemasFrom(() => import('./schemas.ts'));

/** The WebAuthn browser helpers load when a passkey is used, not with every sign-in page (initial-JS budget). */
const webauthn = () => import('@simplewebauthn/browser');

const keys = { mfa: ['auth', 'mfa'], passkeys: ['auth', 'passkeys'], sessions: ['auth', 'sessions'] } as const;

// ---- the second step and passkey sign-in (anonymous) ----

export function verifySecondStep(body: {
  challenge: string;
  code?: string;
  recoveryCode?: string;
  passkey?: { challengeId: string; response: unknown };
}) {
  return api('/auth/mfa/verify', answer('authAnswer'), { method: 'POST', body, anonymous: true });
}

/** The second step with a passkey: options for the person's own credentials, the browser's ceremony, the check. */
export async function secondStepWithPasskey(challenge: string) {
  const { data } = await api('/auth/mfa/passkey-options', answer('authenticationOptionsAnswer'), {
    method: 'POST',
    body: { challenge },
    anonymous: true,
  });
  const response = await (await webauthn()).startAuthentication({ optionsJSON: data.options as never });
  return verifySecondStep({ challenge, passkey: { challengeId: data.challengeId, response } });
}

/** A passkey as the only factor: the browser offers the discoverable credentials for this site. */
export async function signInWithPasskey(rememberMe: boolean): Promise<{ message?: string; data: AuthData }> {
  const { data } = await api('/auth/passkey/options', answer('authenticationOptionsAnswer'), { method: 'POST', anonymous: true });
  const response = await (await webauthn()).startAuthentication({ optionsJSON: data.options as never });
  return api('/auth/passkey/login', answer('authAnswer'), {
    method: 'POST',
    body: { challengeId: data.challengeId, response, rememberMe },
    anonymous: true,
  });
}

// ---- the Security page ----

export function useMfaStatus() {
  return useQuery({
    queryKey: keys.mfa,
    queryFn: ({ signal }) => api('/auth/mfa', answer('mfaStatusAnswer'), { signal }).then((r) => r.data),
  });
}
export function usePasskeys() {
  return useQuery({
    queryKey: keys.passkeys,
    queryFn: ({ signal }) => api('/auth/passkeys', answer('passkeysAnswer'), { signal }).then((r) => r.data.passkeys),
  });
}
export function useSessions() {
  return useQuery({
    queryKey: keys.sessions,
    queryFn: ({ signal }) => api('/auth/sessions', answer('sessionsAnswer'), { signal }).then((r) => r.data.sessions),
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: keys.mfa }), client.invalidateQueries({ queryKey: keys.passkeys })]);
}

export function useTotpSetup() {
  return useMutation({
    mutationFn: () => api('/auth/mfa/totp/setup', answer('totpSetupAnswer'), { method: 'POST' }).then((r) => r.data),
  });
}
export function useTotpConfirm() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (code: string) =>
      api('/auth/mfa/totp/confirm', answer('recoveryCodesAnswer'), { method: 'POST', body: { code } }).then(
        (r) => r.data.recoveryCodes,
      ),
    onSuccess: () => void invalidate(),
  });
}
export function useRegenerateCodes() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (password: string) =>
      api('/auth/mfa/recovery-codes', answer('recoveryCodesAnswer'), { method: 'POST', body: { password } }).then(
        (r) => r.data.recoveryCodes,
      ),
    onSuccess: () => void invalidate(),
  });
}
export function useDisableTotp() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (password: string) => api('/auth/mfa/totp/disable', answer('nullAnswer'), { method: 'POST', body: { password } }),
    onSuccess: () => void invalidate(),
  });
}

export function useAddPasskey() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (name: string) => {
      const { data } = await api('/auth/passkeys/registration-options', answer('registrationOptionsAnswer'), { method: 'POST' });
      const response = await (await webauthn()).startRegistration({ optionsJSON: data.options as never });
      return api('/auth/passkeys', answer('passkeyAnswer'), {
        method: 'POST',
        body: { challengeId: data.challengeId, name, response },
      });
    },
    onSuccess: () => void invalidate(),
  });
}
export function useRenamePasskey() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api(`/auth/passkeys/${id}`, answer('passkeyAnswer'), { method: 'PATCH', body: { name } }),
    onSuccess: () => void invalidate(),
  });
}
export function useRemovePasskey() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api(`/auth/passkeys/${id}`, answer('nullAnswer'), { method: 'DELETE' }),
    onSuccess: () => void invalidate(),
  });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/auth/sessions/${id}`, answer('nullAnswer'), { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.sessions }),
  });
}
export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/auth/sessions/end-others', answer('endOthersAnswer'), { method: 'POST' }).then((r) => r.data.ended),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.sessions }),
  });
}
