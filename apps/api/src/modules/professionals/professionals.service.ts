import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { makePagination } from '@app/shared/api';
import { type ProfessionalCardDto, type ProfessionalDetailDto, type ProfessionalListQuery } from '@app/shared/professionals';
import type { Db } from '../../db/client.ts';
import { professionalProfiles, users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/errors.ts';
import type { CatalogueCache } from '../../lib/cache.ts';
import type { Actor } from '../../lib/http.ts';
import { isId } from '../../lib/ids.ts';
import { avatarUrl, fullName } from '../users/users.presenter.ts';
import { likePattern } from '../workshops/workshops.service.ts';

type UserRow = typeof users.$inferSelect;
type ProfileRow = typeof professionalProfiles.$inferSelect;

/** Students see active, verified professionals only (PRODUCT.md "Students"). */
const listed = and(eq(users.role, 'professional'), eq(users.isActive, true), eq(users.isVerified, true));

export function ratingOf(profile: Pick<ProfileRow, 'ratingSum' | 'ratingCount'>) {
  // No ratings, no average: the card says "New" (issue 16: never an invented 4.5).
  if (profile.ratingCount <= 0) return { average: null, count: 0 };
  return { average: Math.round((profile.ratingSum / profile.ratingCount) * 10) / 10, count: profile.ratingCount };
}

function toCard(user: UserRow, p: ProfileRow): ProfessionalCardDto {
  const url = avatarUrl(user.profileImageKey);
  return {
    _id: user.id,
    id: user.id,
    name: fullName(user),
    firstName: user.firstName,
    lastName: user.lastName,
    title: p.title,
    company: p.company,
    expertise: p.expertise,
    experience: p.experienceYears,
    bio: user.bio,
    location: p.location,
    specializations: p.specializations,
    skills: p.skills,
    isVerified: user.isVerified,
    acceptingRequests: p.acceptingRequests,
    rating: ratingOf(p),
    pricing: { hourlyRate: p.hourlyRate, currency: p.currency },
    profileImage: url ? { url } : null,
    displayImage: url,
  };
}

/**
 * The public directory; nothing in it depends on who asks, so the whole answer is shared through the
 * catalogue cache (decision 441) when one is given.
 */
export async function listProfessionals(db: Db, query: ProfessionalListQuery, cache?: CatalogueCache) {
  if (!cache) return readProfessionals(db, query);
  return cache.get('professionals.list', ['users', 'professional_profiles'], query, () => readProfessionals(db, query));
}

async function readProfessionals(db: Db, query: ProfessionalListQuery) {
  const conditions: (SQL | undefined)[] = [listed];
  const search = query.search?.trim();
  if (search) {
    const p = likePattern(search);
    conditions.push(sql`(
      (${users.firstName} || ' ' || ${users.lastName}) ILIKE ${p}
      OR ${professionalProfiles.title} ILIKE ${p}
      OR ${professionalProfiles.company} ILIKE ${p}
      OR ${professionalProfiles.expertise} ILIKE ${p}
      OR ${professionalProfiles.specializations}::text ILIKE ${p}
      OR ${professionalProfiles.skills}::text ILIKE ${p})`);
  }
  const expertise = query.expertise?.trim();
  if (expertise && expertise.toLowerCase() !== 'all') conditions.push(sql`lower(${professionalProfiles.expertise}) = lower(${expertise})`);
  const where = and(...conditions);
  const countAll = async () => {
    const [row] = await db
      .select({ n: count() })
      .from(users)
      .innerJoin(professionalProfiles, eq(professionalProfiles.userId, users.id))
      .where(where);
    return row?.n ?? 0;
  };
  // The page counts its matches as it goes (count(*) OVER ()): one statement instead of a count and a page
  // (issue 13; the listed professionals are a few thousand at most). An empty page past the end carries no
  // count: count separately then.
  const offset = (query.page - 1) * query.limit;
  const rows = await db
    .select({ user: users, profile: professionalProfiles, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(users)
    .innerJoin(professionalProfiles, eq(professionalProfiles.userId, users.id))
    .where(where)
    .orderBy(desc(professionalProfiles.ratingCount), asc(users.firstName), asc(users.id))
    .limit(query.limit)
    .offset(offset);
  const total = rows[0]?.total ?? (offset > 0 ? await countAll() : 0);
  return {
    professionals: rows.map((r) => toCard(r.user, r.profile)),
    pagination: makePagination(query.page, query.limit, total),
  };
}

export async function getProfessional(db: Db, actor: Actor | null, id: string): Promise<ProfessionalDetailDto> {
  if (!isId(id)) throw notFound('Professional');
  const [row] = await db
    .select({ user: users, profile: professionalProfiles })
    .from(users)
    .innerJoin(professionalProfiles, eq(professionalProfiles.userId, users.id))
    .where(and(eq(users.id, id), listed));
  if (!row) throw notFound('Professional');
  const signedIn = Boolean(actor);
  return {
    ...toCard(row.user, row.profile),
    about: row.user.bio,
    achievements: row.profile.achievements,
    education: row.profile.education,
    certifications: row.profile.certifications,
    socialLinks: row.profile.socialLinks,
    email: signedIn ? row.user.email : null,
    phone: signedIn ? row.user.phone : null,
    memberSince: row.user.createdAt.toISOString(),
  };
}
