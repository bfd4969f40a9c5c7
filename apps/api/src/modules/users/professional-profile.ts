import type { UpdateProfessionalBody } from '@app/shared/admin';
import type { professionalProfiles, SocialLinks } from '../../db/schema/users.ts';

/** The links a professional gave, without empty ones. */
export function cleanLinks(links: Partial<Record<keyof SocialLinks, string | undefined>> | undefined): SocialLinks {
  const out: SocialLinks = {};
  if (links?.linkedin) out.linkedin = links.linkedin;
  if (links?.twitter) out.twitter = links.twitter;
  if (links?.website) out.website = links.website;
  return out;
}

/** The professional_profiles columns a profile edit changes (the admin's edit and the professional's own, decision 631). */
export function professionalProfileChanges(
  input: Pick<UpdateProfessionalBody, 'title' | 'company' | 'expertise' | 'experience' | 'specializations' | 'skills' | 'pricing' | 'socialLinks'>,
): Partial<typeof professionalProfiles.$inferInsert> {
  const changes: Partial<typeof professionalProfiles.$inferInsert> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.company !== undefined) changes.company = input.company;
  if (input.expertise !== undefined) changes.expertise = input.expertise;
  if (input.experience !== undefined) changes.experienceYears = input.experience;
  if (input.specializations !== undefined) changes.specializations = input.specializations;
  if (input.skills !== undefined) changes.skills = input.skills;
  if (input.pricing?.hourlyRate !== undefined) changes.hourlyRate = input.pricing.hourlyRate;
  if (input.pricing?.currency !== undefined) changes.currency = input.pricing.currency;
  if (input.socialLinks !== undefined) changes.socialLinks = cleanLinks(input.socialLinks);
  return changes;
}

/** The professional_profiles columns a new professional's form fills alike (Add Professional, expert application). */
export function professionalFields(input: {
  title: string;
  company: string;
  expertise: string;
  experience: number;
  specializations: string[];
  skills: string[];
}): Pick<typeof professionalProfiles.$inferInsert, 'title' | 'company' | 'expertise' | 'experienceYears' | 'specializations' | 'skills'> {
  const { title, company, expertise, specializations, skills } = input;
  return { title, company, expertise, experienceYears: input.experience, specializations, skills };
}
