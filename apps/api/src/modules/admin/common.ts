import { sql, type SQL } from 'drizzle-orm';

/** 'Asha Rani Verma' → first 'Asha', last 'Rani Verma'. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

export const countOf = (query: SQL) => sql<number>`(${query})::int`;

/** Change in percent of `current` against `previous` (null when there is no previous value). */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 100);
}

export const ADMIN_ACCESS = { access: ['admin'] as const };
