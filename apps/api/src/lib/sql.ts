import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Run raw SQL and return its rows. Both drivers (pg and PGlite) answer `{ rows }`; the shared
 * PgDatabase type cannot say so, hence this one checked narrowing instead of casts at call sites.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows as T[];
  }
  throw new Error('Unexpected raw query result');
}
