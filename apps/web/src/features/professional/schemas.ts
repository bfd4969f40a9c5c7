import { envelope } from '@app/shared/api';
import { userData } from '@app/shared/auth';

/** The professional requests' answers, loaded with the first request (api.ts, decision 950). */
export const userAnswer = envelope(userData);
