import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../lib/sql.ts';
import { useTestApp } from '../../../test/harness.ts';
import { REGISTRY, registryByTable } from './registry.ts';

const t = useTestApp();

/** Column types that can hold personal data: any text, JSON, binary, array or full-text column. */
const PERSONAL_TYPES = new Set(['text', 'character varying', 'jsonb', 'json', 'bytea', 'ARRAY', 'tsvector', 'USER-DEFINED', 'xml']);

interface Column {
  table_name: string;
  column_name: string;
  data_type: string;
}

async function schema() {
  const columns = await queryRows<Column>(
    t.database.db,
    sql`SELECT c.table_name, c.column_name, c.data_type
        FROM information_schema.columns c
        JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
        WHERE c.table_schema = 'public' AND tb.table_type = 'BASE TABLE'`,
  );
  // Columns holding a reference to a user: every foreign key to users(id).
  const userRefs = await queryRows<{ table_name: string; column_name: string }>(
    t.database.db,
    sql`SELECT kcu.table_name, kcu.column_name
        FROM information_schema.referential_constraints rc
        JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = rc.constraint_name AND kcu.constraint_schema = rc.constraint_schema
        JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = rc.constraint_name AND ccu.constraint_schema = rc.constraint_schema
        WHERE kcu.table_schema = 'public' AND ccu.table_schema = 'public' AND ccu.table_name = 'users' AND ccu.column_name = 'id'`,
  );
  return { columns, userRefs: new Set(userRefs.map((r) => `${r.table_name}.${r.column_name}`)) };
}

describe('privacy registry', () => {
  it('declares every table and column of the schema that can hold personal data', async () => {
    const { columns, userRefs } = await schema();
    const missing: string[] = [];
    const byTable = new Map<string, Column[]>();
    for (const c of columns) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c]);
    for (const [table, cols] of byTable) {
      const candidates = cols.filter((c) => PERSONAL_TYPES.has(c.data_type) || userRefs.has(`${table}.${c.column_name}`));
      if (candidates.length === 0) continue;
      const entry = registryByTable.get(table);
      if (!entry) {
        missing.push(`table ${table} (columns ${candidates.map((c) => c.column_name).join(', ')}): add an entry to REGISTRY in modules/privacy/registry.ts`);
        continue;
      }
      const declared = new Set([...entry.subject, ...(entry.actors ?? []), ...entry.personal, ...entry.other, ...(entry.secret ?? [])]);
      for (const c of candidates) {
        if (userRefs.has(`${table}.${c.column_name}`) && !entry.subject.includes(c.column_name) && !(entry.actors ?? []).includes(c.column_name)) {
          missing.push(`${table}.${c.column_name} references users: list it in \`subject\` or \`actors\``);
        } else if (!declared.has(c.column_name)) {
          missing.push(`${table}.${c.column_name} (${c.data_type}): list it in \`personal\` or \`other\``);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('names only tables and columns that exist (no stale entries)', async () => {
    const { columns } = await schema();
    const existing = new Set(columns.map((c) => `${c.table_name}.${c.column_name}`));
    const tables = new Set(columns.map((c) => c.table_name));
    const stale: string[] = [];
    for (const e of REGISTRY) {
      if (!tables.has(e.table)) {
        stale.push(e.table);
        continue;
      }
      const named = [...e.subject, ...(e.actors ?? []), ...e.personal, ...e.other, ...(e.secret ?? []), ...Object.keys(e.anonymise ?? {})];
      for (const c of named) if (!existing.has(`${e.table}.${c}`)) stale.push(`${e.table}.${c}`);
      if (e.erasure === 'anonymise' && !e.anonymise && e.table !== 'users') stale.push(`${e.table}: anonymise without columns`);
    }
    expect(stale).toEqual([]);
  });

  it('gives every entry a purpose, a legal basis, a retention and who sees it', () => {
    for (const e of REGISTRY) {
      expect(e.purpose.length, e.table).toBeGreaterThan(3);
      expect(e.retention.length, e.table).toBeGreaterThan(3);
      expect(e.visibleTo.length, e.table).toBeGreaterThan(3);
      expect(['contract', 'consent', 'legitimate-interest', 'legal-obligation']).toContain(e.basis);
    }
    expect(new Set(REGISTRY.map((e) => e.table)).size).toBe(REGISTRY.length);
  });
});
