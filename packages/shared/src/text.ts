import { z } from 'zod';
import { CLEAN_MESSAGE, EMAIL_PATTERN, LIMITS, isCleanText, isWebUrl, uniqueTrimmed } from './text-constants.ts';

export * from './text-constants.ts';

/** A trimmed string with a maximum length and no control or bidi-override characters. */
export function text(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isCleanText, `${label} ${CLEAN_MESSAGE}`);
}

/** An e-mail address as typed: trimmed, lower-cased, required and well-formed, with the form's own messages. */
export function emailAddress(requiredMessage: string, invalidMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .toLowerCase()
    .min(1, requiredMessage)
    .max(LIMITS.email, `Email must be at most ${LIMITS.email} characters`)
    .regex(EMAIL_PATTERN, invalidMessage);
}

/** Like `text` but required (non-empty after trimming), with the given message when empty. */
export function requiredText(label: string, max: number, requiredMessage = `${label} is required`) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isCleanText, `${label} ${CLEAN_MESSAGE}`);
}

/** A list of short trimmed entries: blanks dropped, duplicates removed (case-insensitive). */
export function textList(label: string, maxItems: number = LIMITS.listSize, maxLen: number = LIMITS.listEntry) {
  return z
    .array(text(label, maxLen))
    .max(maxItems * 5, `${label}: at most ${maxItems} entries`)
    .transform((items) => uniqueTrimmed(items))
    .refine((items) => items.length <= maxItems, `${label}: at most ${maxItems} entries`);
}

export const httpsUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(2000, `${label} must be at most 2000 characters`)
    .refine((v) => isWebUrl(v, ['https:']), `${label} must be an https:// link`);

/** An optional https link where an empty string means "none". */
export const optionalHttpsUrl = (label: string) =>
  z.union([z.literal('').transform(() => undefined), httpsUrl(label)]).optional();

/** A stored link shown to others: http:// or https:// only. */
export const webUrl = (label: string) =>
  z
    .string({ error: `${label} must be a link` })
    .trim()
    .max(2000, `${label} must be at most 2000 characters`)
    .refine((v) => isWebUrl(v), `${label} must be an http:// or https:// link`);
