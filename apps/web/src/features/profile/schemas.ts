import { envelope } from '@app/shared/api';
import { authData, imageUploadData, userData } from '@app/shared/auth';

/** The profile dialog's answers, loaded with the first request (decision 950). */
export const authAnswer = envelope(authData);
export const imageUploadAnswer = envelope(imageUploadData);
export const userAnswer = envelope(userData);
