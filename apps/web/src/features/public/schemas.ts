import { z } from 'zod';
import { envelope } from '@app/shared/api';
import { contactBody, siteContent } from '@app/shared/content';

/** The public pages' schemas, loaded with their first request (features/public/api.ts, decision 950). */
export const siteAnswer = envelope(siteContent);
export const contactAnswer = envelope(z.null());
export { contactBody };
