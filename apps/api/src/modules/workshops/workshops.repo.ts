import { and, asc, count, desc, eq, ilike, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { RegistrationStatus } from '@app/shared/workshops';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { workshops } from '../../db/schema/workshops.ts';
import { once, param, UNNAMED } from '../../lib/prepared.ts';
import { selectWorkshops } from './workshops.presenter.ts';

/**
 * The student workshop list's statements, built once per shape (decision 640). A shape is which filters
 * a request sets; the values (`WorkshopListValues`) are bound when the statement runs.
 */
export interface WorkshopListShape {
  /** A search term (`pattern`: likePattern of it). */
  search: boolean;
  /** A category (`category`, compared case-insensitively). */
  category: boolean;
  /** The viewer's university (`university`): its own workshops are listed too (decision 630). */
  university: boolean;
  /** The student whose registration status each row carries (`student`); without it the status is NULL. */
  student: boolean;
}

export interface WorkshopListValues {
  pattern?: string;
  category?: string;
  university?: string;
  student?: string;
  limit: number;
  offset: number;
}

const shapeKey = (s: WorkshopListShape) => `${s.search ? 's' : '-'}${s.category ? 'c' : '-'}${s.university ? 'u' : '-'}${s.student ? 'p' : '-'}`;

/** Students see published workshops that have not ended yet, and completed ones (PRODUCT.md "Students"). */
const listedCondition = sql`((${workshops.status} = 'published' AND ${workshops.endsAt} > now()) OR ${workshops.status} = 'completed')`;

function listWhere(shape: WorkshopListShape): SQL | undefined {
  const conditions: SQL[] = [
    listedCondition,
    shape.university
      ? sql`(${workshops.organisationId} IS NULL OR ${workshops.organisationId} = ${param('university')})`
      : sql`${workshops.organisationId} IS NULL`,
  ];
  if (shape.search) {
    const p = param('pattern');
    const searchCondition = or(...workshopTextMatch(p), ilike(workshops.category, p));
    if (searchCondition) conditions.push(searchCondition);
  }
  if (shape.category) conditions.push(sql`lower(${workshops.category}) = lower(${param('category')})`);
  return and(...conditions);
}

/**
 * A search term against a workshop's title, description, tags, instructor (account or manual): the public
 * list adds the category, the management list does not. The instructor needs the `users` join.
 */
export const workshopTextMatch = (p: string | SQLWrapper): SQL[] => [
  ilike(workshops.title, p),
  ilike(workshops.description, p),
  sql`${workshops.tags}::text ILIKE ${p}`,
  sql`(${users.firstName} || ' ' || ${users.lastName}) ILIKE ${p}`,
  sql`${workshops.manualInstructor}->>'name' ILIKE ${p}`,
];

/** Upcoming first (soonest first), then completed (most recent first). */
const listOrder = () => [
  sql`CASE WHEN ${workshops.status} = 'published' THEN 0 ELSE 1 END`,
  sql`CASE WHEN ${workshops.status} = 'published' THEN ${workshops.startsAt} END ASC`,
  desc(workshops.startsAt),
  asc(workshops.id),
];

/** The student's registration status per listed workshop (a scalar subquery), or NULL for the shared page. */
const myStatus = (shape: WorkshopListShape) => ({
  myStatus: shape.student
    ? sql<RegistrationStatus | null>`(SELECT r.status FROM workshop_registrations r WHERE r.workshop_id = ${workshops.id} AND r.student_id = ${param('student')})`
    : sql<RegistrationStatus | null>`NULL`,
});

/** How many workshops the list has (with the instructor join the search needs). */
export const workshopListCount = (db: Db, shape: WorkshopListShape) =>
  once(db, `workshops.count:${shapeKey(shape)}`, () =>
    db
      .select({ n: count() })
      .from(workshops)
      .leftJoin(users, eq(users.id, workshops.professionalId))
      .where(listWhere(shape))
      .prepare(UNNAMED),
  );

/** One page of the list, walking workshops_listing_order_idx (no search). */
export const workshopListPage = (db: Db, shape: WorkshopListShape) =>
  once(db, `workshops.page:${shapeKey(shape)}`, () =>
    selectWorkshops(db, myStatus(shape))
      .where(listWhere(shape))
      .orderBy(...listOrder())
      .limit(param('limit'))
      .offset(param('offset'))
      .prepare(UNNAMED),
  );

/**
 * One page of a search, counting the matches as it goes (count(*) OVER ()): a search tests every listed
 * workshop before it can sort them, so the count costs nothing more.
 */
export const workshopSearchPage = (db: Db, shape: WorkshopListShape) =>
  once(db, `workshops.search:${shapeKey(shape)}`, () =>
    selectWorkshops(db, { total: sql<number>`count(*) OVER ()`.mapWith(Number), ...myStatus(shape) })
      .where(listWhere(shape))
      .orderBy(...listOrder())
      .limit(param('limit'))
      .offset(param('offset'))
      .prepare(UNNAMED),
  );
