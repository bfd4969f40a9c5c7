import { describe, expect, it } from 'vitest';
import type { ProgrammePairsHealth, RelationshipSummary } from '@app/shared/relationships';
import { seedDemo } from './index.ts';
import { body } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { queryRows } from '../lib/sql.ts';
import { sql } from 'drizzle-orm';

const t = useTestApp();

describe('relationships demo data', () => {
  it('a running programme whose pairs are healthy, need attention, are at risk and ended by a rematch; the booked pair of the demo student', async () => {
    await seedDemo(t.database.db);
    const [admin] = await queryRows<{ id: string }>(t.database.db, sql`SELECT id FROM users WHERE email = 'admin@example.com'`);
    const [student] = await queryRows<{ id: string }>(t.database.db, sql`SELECT id FROM users WHERE email = 'student@example.com'`);
    const [programme] = await queryRows<{ id: string }>(t.database.db, sql`SELECT id FROM programmes WHERE name = 'Research Pathways cohort'`);
    const auth = async (id: string, role: 'admin' | 'student') => ({ authorization: `Bearer ${await t.app.ctx.tokens.sign({ sub: id, role, tv: 0 }, false)}` });
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/programmes/${programme?.id}/relationships`, headers: await auth(admin?.id ?? '', 'admin') });
    expect(res.statusCode, res.body).toBe(200);
    const states = body<{ data: ProgrammePairsHealth }>(res).data.pairs.map((p) => p.health.state);
    expect(states).toEqual(['at-risk', 'attention', 'healthy', 'healthy', 'ended']);
    const mine = await t.app.inject({ method: 'GET', url: '/api/relationships', headers: await auth(student?.id ?? '', 'student') });
    expect(body<{ data: { relationships: RelationshipSummary[] } }>(mine).data.relationships.map((r) => r.kind)).toEqual(['booked']);
  });
});
