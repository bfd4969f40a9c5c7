import { envelope } from '@app/shared/api';
import { authData, passwordStatusData, type LoginBody, type RegisterBody } from '@app/shared/auth';
import { z } from 'zod';
import { loginAnswerData } from '@app/shared/security';
import { api } from '../../lib/api.ts';

const authAnswer = envelope(authData);

/** 200 with the session, or 202 with a second-step challenge when the account has a second factor (issue 23). */
export function login(body: LoginBody) {
  return api('/auth/login', envelope(loginAnswerData), { method: 'POST', body, anonymous: true });
}

export function register(body: RegisterBody) {
  return api('/auth/register', authAnswer, { method: 'POST', body, anonymous: true });
}

export function forgotPassword(email: string) {
  return api('/auth/forgot-password', envelope(z.null()), { method: 'POST', body: { email }, anonymous: true });
}

export function resetPassword(token: string, newPassword: string) {
  return api('/auth/reset-password', envelope(z.null()), { method: 'POST', body: { token, newPassword }, anonymous: true });
}

export function passwordStatus() {
  return api('/auth/professional/check-password-status', envelope(passwordStatusData));
}

export function changeProfessionalPassword(currentPassword: string, newPassword: string) {
  return api('/auth/professional/change-password', authAnswer, { method: 'POST', body: { currentPassword, newPassword } });
}

export function changePassword(currentPassword: string, newPassword: string) {
  return api('/auth/change-password', authAnswer, { method: 'PUT', body: { currentPassword, newPassword } });
}
