import type { LoginBody, RegisterBody } from '@app/shared/auth';
import { api, schemasFrom } from '../../lib/api.ts';

// The schemas (and zod) load with the first request, not with the page (decision 950).
const answer = schemasFrom(() => import('./schemas.ts'));

/** 200 with the session, or 202 with a second-step challenge when the account has a second factor (issue 23). */
export function login(body: LoginBody) {
  return api('/auth/login', answer('loginAnswer'), { method: 'POST', body, anonymous: true });
}

export function register(body: RegisterBody) {
  return api('/auth/register', answer('authAnswer'), { method: 'POST', body, anonymous: true });
}

export function forgotPassword(email: string) {
  return api('/auth/forgot-password', answer('nullAnswer'), { method: 'POST', body: { email }, anonymous: true });
}

export function resetPassword(token: string, newPassword: string) {
  return api('/auth/reset-password', answer('nullAnswer'), { method: 'POST', body: { token, newPassword }, anonymous: true });
}

export function passwordStatus() {
  return api('/auth/professional/check-password-status', answer('passwordStatusAnswer'));
}

export function changeProfessionalPassword(currentPassword: string, newPassword: string) {
  return api('/auth/professional/change-password', answer('authAnswer'), {
    method: 'POST',
    body: { currentPassword, newPassword },
  });
}

export function changePassword(currentPassword: string, newPassword: string) {
  return api('/auth/change-password', answer('authAnswer'), { method: 'PUT', body: { currentPassword, newPassword } });
}
