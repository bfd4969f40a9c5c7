import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { OutcomeReport, ProgrammeCertificateDto } from '@app/shared/outcomes';
import { seedDemo } from './index.ts';
import { body } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { queryRows } from '../lib/sql.ts';

const t = useTestApp();

describe('outcomes demo data', () => {
  it(
    'a closed programme with its report and two certificates (Priya and Kenji), and a running one to close',
    { timeout: 180_000 },
    async () => {
      await seedDemo(t.database.db);
      const id = async (email: string) =>
        (await queryRows<{ id: string }>(t.database.db, sql`SELECT id FROM users WHERE email = ${email}`))[0]?.id ?? '';
      const auth = async (email: string, role: 'admin' | 'student') => ({
        authorization: `Bearer ${await t.app.ctx.tokens.sign({ sub: await id(email), role, tv: 0 }, false)}`,
      });
      // A demo programme's outcome report, as the administrator reads it.
      const report = async (name: string) => {
        const [programme] = await queryRows<{ id: string }>(t.database.db, sql`SELECT id FROM programmes WHERE name = ${name}`);
        return t.app.inject({
          method: 'GET',
          url: `/api/admin/programmes/${programme?.id}/report`,
          headers: await auth('admin@example.com', 'admin'),
        });
      };
      const res = await report('Autumn Pioneers cohort');
      expect(res.statusCode, res.body).toBe(200);
      const r = body<{ data: OutcomeReport }>(res).data;
      expect(r.programme.status).toBe('closed');
      expect(r.closure).toMatchObject({ pairsEnded: 2, certificates: 2 });
      expect(r.meetings.held).toBe(5);
      const mine = await t.app.inject({
        method: 'GET',
        url: '/api/me/programme-certificates',
        headers: await auth('priya@example.com', 'student'),
      });
      expect(body<{ data: { certificates: ProgrammeCertificateDto[] } }>(mine).data.certificates).toMatchObject([
        { programmeName: 'Autumn Pioneers cohort', kind: 'participation', meetings: 4 },
      ]);
      const running = await report('Spring Writing circle');
      expect(body<{ data: OutcomeReport }>(running).data).toMatchObject({
        closure: null,
        pairs: { total: 2, active: 2 },
        meetings: { held: 2 },
      });
      // Health over time (decision 1090): four weeks of daily counts of the running demo programme, the
      // latest one as the pair list counts now (Priya and Emma with Lucía healthy, Rohan needs attention,
      // Sara at risk, Emma with Kenji ended); the closed programme has none.
      const [pathways] = await queryRows<{ id: string }>(
        t.database.db,
        sql`SELECT id FROM programmes WHERE name = 'Research Pathways cohort'`,
      );
      const series = body<{ data: OutcomeReport }>(
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/programmes/${pathways?.id}/report`,
          headers: await auth('admin@example.com', 'admin'),
        }),
      ).data.healthOverTime.days;
      expect(series).toHaveLength(28);
      expect(series.at(-1)).toMatchObject({ healthy: 2, attention: 1, atRisk: 1, ended: 1 });
      expect(r.healthOverTime.days).toEqual([]);
    },
  );
});
