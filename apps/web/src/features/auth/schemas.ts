import { z } from 'zod';
import { envelope } from '@app/shared/api';
import { authData, passwordStatusData } from '@app/shared/auth';
import {
  authenticationOptionsData,
  endOthersData,
  loginAnswerData,
  mfaStatusData,
  passkeyData,
  passkeysData,
  recoveryCodesData,
  registrationOptionsData,
  sessionsData,
  totpSetupData,
} from '@app/shared/security';

/** The sign-in, registration and security requests' answers, loaded with the first request (decision 950). */
export const authAnswer = envelope(authData);
export const authenticationOptionsAnswer = envelope(authenticationOptionsData);
export const endOthersAnswer = envelope(endOthersData);
export const loginAnswer = envelope(loginAnswerData);
export const mfaStatusAnswer = envelope(mfaStatusData);
export const nullAnswer = envelope(z.null());
export const passkeyAnswer = envelope(passkeyData);
export const passkeysAnswer = envelope(passkeysData);
export const passwordStatusAnswer = envelope(passwordStatusData);
export const recoveryCodesAnswer = envelope(recoveryCodesData);
export const registrationOptionsAnswer = envelope(registrationOptionsData);
export const sessionsAnswer = envelope(sessionsData);
export const totpSetupAnswer = envelope(totpSetupData);
