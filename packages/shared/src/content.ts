import { z } from 'zod';
import { EMAIL_PATTERN, LIMITS, requiredText, text, webUrl } from './text.ts';

/** A picture on the public site: a path on this site (`/team/a.webp`) or an http(s) link. */
const siteImage = z.union([z.literal(''), z.string().trim().max(500).regex(/^\/(?![/\\])[^\s\\]*$/, 'Image must be a path on this site or an http(s) link'), webUrl('Image')]);

const teamMember = z.object({
  name: z.string().max(LIMITS.name),
  role: z.string().max(LIMITS.name),
  image: siteImage.optional(),
  bio: z.string().max(LIMITS.short),
  // Shown as a link on /about: http(s) only (a `javascript:` link would run in the visitor's page).
  link: z.union([z.literal(''), webUrl('Team member link')]),
  specialties: z.array(z.string().max(LIMITS.listEntry)).max(LIMITS.listSize),
});
const stat = z.object({ value: z.string().max(20), label: z.string().max(LIMITS.name) });
const timelineItem = z.object({ year: z.string().max(10), title: z.string().max(LIMITS.title), description: z.string().max(LIMITS.short) });
const valueItem = z.object({ title: z.string().max(LIMITS.name), description: z.string().max(LIMITS.short) });

/** Site content an operator edits (content file, then the admin console): never hard-coded in pages. */
export const siteContent = z.object({
  brand: z.object({ name: z.string().max(LIMITS.name), tagline: z.string().max(LIMITS.title) }),
  hero: z.object({ title: z.string().max(LIMITS.title), subtitle: z.string().max(LIMITS.short) }),
  stats: z.array(stat).max(8),
  aboutStats: z.array(stat).max(8),
  team: z.array(teamMember).max(12),
  story: z.array(z.string().max(LIMITS.long)).max(6),
  vision: z.string().max(LIMITS.short),
  mission: z.string().max(LIMITS.short),
  timeline: z.array(timelineItem).max(12),
  values: z.array(valueItem).max(12),
  contact: z.object({ email: z.string().max(LIMITS.email), phone: z.string().max(40), headquarters: z.string().max(LIMITS.title) }),
});
export type SiteContent = z.infer<typeof siteContent>;

export const contactBody = z.object({
  name: requiredText('Name', LIMITS.name, 'Please enter your name'),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'Please enter your email')
    .max(LIMITS.email)
    .regex(EMAIL_PATTERN, 'Please enter a valid email address'),
  subject: requiredText('Subject', LIMITS.title, 'Please enter a subject'),
  message: requiredText('Message', LIMITS.short, 'Please enter a message'),
  /** Honeypot: real people never fill it. */
  website: text('Website', 200).optional(),
});
export type ContactBody = z.infer<typeof contactBody>;

