import { z } from 'zod';
import { pagination, paginationQuery } from './api.ts';
import { LIMITS, text } from './text.ts';

/** Expertise choices (spec 001 §5, professional form). */
export const EXPERTISE_OPTIONS = [
  'Software Development',
  'Data Science',
  'Machine Learning',
  'Cybersecurity',
  'Product Management',
  'Digital Marketing',
  'Graphic Design',
  'Finance',
  'Consulting',
  'Engineering',
  'Healthcare',
  'Education',
  'Legal',
  'Sales',
  'Operations',
] as const;

export const PROFESSIONAL_MESSAGES = {
  loading: 'Loading professionals...',
  noneForSearch: 'No professionals found matching your search',
  noneInCategory: 'No professionals in this category yet',
  noneAvailable: 'No professionals available right now',
  connectSent: 'Connection request sent!',
  connectFailed: 'Failed to send connection request. Please try again.',
  contactForPricing: 'Contact for pricing',
} as const;

export const professionalListQuery = paginationQuery.extend({
  search: text('Search', LIMITS.title).optional(),
  expertise: text('Expertise', LIMITS.name).optional(),
});
export type ProfessionalListQuery = z.infer<typeof professionalListQuery>;

export const professionalCardDto = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string(),
  company: z.string(),
  expertise: z.string(),
  experience: z.number().int(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  specializations: z.array(z.string()),
  skills: z.array(z.string()),
  isVerified: z.boolean(),
  acceptingRequests: z.boolean(),
  /** `average` is null until someone has rated: the product never invents a rating. */
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
  pricing: z.object({ hourlyRate: z.number().nullable(), currency: z.string() }),
  profileImage: z.object({ url: z.string() }).nullable(),
  displayImage: z.string().nullable(),
});
export type ProfessionalCardDto = z.infer<typeof professionalCardDto>;

export const professionalDetailDto = professionalCardDto.extend({
  about: z.string().nullable(),
  achievements: z.array(z.string()),
  education: z.array(z.string()),
  certifications: z.array(z.string()),
  socialLinks: z.object({ linkedin: z.string().optional(), twitter: z.string().optional(), website: z.string().optional() }),
  /** Only for signed-in callers. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  memberSince: z.string(),
});
export type ProfessionalDetailDto = z.infer<typeof professionalDetailDto>;

export const professionalListData = z.object({ professionals: z.array(professionalCardDto), pagination });
export const professionalData = z.object({ professional: professionalDetailDto });
