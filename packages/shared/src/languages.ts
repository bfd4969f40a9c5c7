import { z } from 'zod';

/** PUT /api/users/me/language: the person's language (a catalogue's tag), or null to follow the browser. */
export const LANGUAGE_MESSAGES = {
  unknown: 'Choose one of the available languages',
} as const;

export const languageBody = z.object({
  language: z
    .string({ error: LANGUAGE_MESSAGES.unknown })
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, LANGUAGE_MESSAGES.unknown)
    .nullable(),
});
export type LanguageBody = z.infer<typeof languageBody>;

export const languageData = z.object({ language: z.string().nullable(), available: z.array(z.string()) });
export type LanguageData = z.infer<typeof languageData>;
