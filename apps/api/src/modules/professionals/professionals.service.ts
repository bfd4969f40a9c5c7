import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { makePagination } from '@app/shared/api';
import { type ProfessionalCardDto, type ProfessionalDetailDto, type ProfessionalListQuery } from '@app/shared/professionals';
import type { Db } from '../../db/client.ts';
import { professionalProfiles, users } from '../../db/schema/users.ts';
import { acceptedConnectionId } from '../mentoring/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { CatalogueCache } from '../../lib/cache.ts';
import type { Actor } from '../../lib/http.ts';
import { isId } from '../../lib/ids.ts';
import { once, param, UNNAMED } from '../../lib/prepared.ts';
import { avatarUrl, personFields } from '../users/index.ts';
import { likePattern } from '../../lib/sql.ts';

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
    ...personFields(user),
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

/** The directory's statements, built once per shape (decision 640): which filters are set; values are bound. */
interface DirectoryShape {
  search: boolean;
  expertise: boolean;
}

function directoryWhere(shape: DirectoryShape): SQL | undefined {
  const conditions: (SQL | undefined)[] = [listed];
  if (shape.search) {
    const p = param('pattern');
    conditions.push(sql`(
      (${users.firstName} || ' ' || ${users.lastName}) ILIKE ${p}
      OR ${professionalProfiles.title} ILIKE ${p}
      OR ${professionalProfiles.company} ILIKE ${p}
      OR ${professionalProfiles.expertise} ILIKE ${p}
      OR ${professionalProfiles.specializations}::text ILIKE ${p}
      OR ${professionalProfiles.skills}::text ILIKE ${p})`);
  }
  if (shape.expertise) conditions.push(sql`lower(${professionalProfiles.expertise}) = lower(${param('expertise')})`);
  return and(...conditions);
}

const directoryKey = (shape: DirectoryShape) => `${shape.search ? 's' : '-'}${shape.expertise ? 'e' : '-'}`;

const directoryCount = (db: Db, shape: DirectoryShape) =>
  once(db, `professionals.count:${directoryKey(shape)}`, () =>
    db
      .select({ n: count() })
      .from(users)
      .innerJoin(professionalProfiles, eq(professionalProfiles.userId, users.id))
      .where(directoryWhere(shape))
      .prepare(UNNAMED),
  );

// The page counts its matches as it goes (count(*) OVER ()): one statement instead of a count and a page
// (issue 13; the listed professionals are a few thousand at most).
const directoryPage = (db: Db, shape: DirectoryShape) =>
  once(db, `professionals.page:${directoryKey(shape)}`, () =>
    db
      .select({ user: users, profile: professionalProfiles, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
      .from(users)
      .innerJoin(professionalProfiles, eq(professionalProfiles.userId, users.id))
      .where(directoryWhere(shape))
      .orderBy(desc(professionalProfiles.ratingCount), asc(users.firstName), asc(users.id))
      .limit(param('limit'))
      .offset(param('offset'))
      .prepare(UNNAMED),
  );

async function readProfessionals(db: Db, query: ProfessionalListQuery) {
  const search = query.search?.trim();
  const expertise = query.expertise?.trim();
  const shape = { search: Boolean(search), expertise: Boolean(expertise && expertise.toLowerCase() !== 'all') };
  const offset = (query.page - 1) * query.limit;
  const values = {
    pattern: search ? likePattern(search) : undefined,
    expertise: shape.expertise ? expertise : undefined,
    limit: query.limit,
    offset,
  };
  const rows = await directoryPage(db, shape).execute(values);
  // An empty page past the end carries no count: count separately then.
  const total = rows[0]?.total ?? (offset > 0 ? ((await directoryCount(db, shape).execute(values))[0]?.n ?? 0) : 0);
  return {
    professionals: rows.map((r) => toCard(r.user, r.profile)),
    pagination: makePagination(query.page, query.limit, total),
  };
}

/**
 * Issue 28 (PRODUCT.md "Contact details"): a professional's e-mail and phone go only to students they
 * have accepted (an accepted connection request), to themselves and to administrators; the fields stay in
 * the shape, empty otherwise. Everyone else reaches them through requests and messages.
 */
export async function maySeeContactDetails(db: Db, actor: Actor | null, professionalId: string): Promise<boolean> {
  if (!actor) return false;
  if (actor.role === 'admin' || actor.id === professionalId) return true;
  if (actor.role !== 'student') return false;
  return (await acceptedConnectionId(db, professionalId, actor.id)) !== undefined;
}

export async function getProfessional(db: Db, actor: Actor | null, id: string): Promise<ProfessionalDetailDto> {
  if (!isId(id)) throw notFound('Professional');
  const [row] = await db
    .select({ user: users, profile: professionalProfiles })
    .from(users)
    .innerJoin(professionalProfiles, eq(professionalProfiles.userId, users.id))
    .where(and(eq(users.id, id), listed));
  if (!row) throw notFound('Professional');
  const contact = await maySeeContactDetails(db, actor, row.user.id);
  return {
    ...toCard(row.user, row.profile),
    about: row.user.bio,
    achievements: row.profile.achievements,
    education: row.profile.education,
    certifications: row.profile.certifications,
    socialLinks: row.profile.socialLinks,
    email: contact ? row.user.email : null,
    phone: contact ? row.user.phone : null,
    memberSince: row.user.createdAt.toISOString(),
  };
}
