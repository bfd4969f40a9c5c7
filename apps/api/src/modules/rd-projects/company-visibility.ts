import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rdProjects } from '../../db/schema/rd-projects.ts';
import { queryRows } from '../../lib/sql.ts';

/**
 * Students see a project a company posted only once an administrator approved it and while the company
 * is approved (decision 487). Projects no company posted are unaffected.
 */
export function companyProjectVisible(projectId: SQL.Aliased | SQL | typeof rdProjects.id = rdProjects.id): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM organisation_projects op JOIN organisations o ON o.id = op.organisation_id
    WHERE op.project_id = ${projectId} AND (op.moderation <> 'approved' OR o.status <> 'approved'))`;
}

export async function companyProjectHidden(db: Db, projectId: string): Promise<boolean> {
  const [row] = await queryRows<{ hidden: boolean }>(db, sql`SELECT NOT (${companyProjectVisible(sql`${projectId}`)}) AS hidden`);
  return Boolean(row?.hidden);
}
