import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AvailabilityDay, Session } from '@app/shared/mentoring';
import { seedAccounts } from './accounts.ts';
import { seedMentoring } from './mentoring.ts';
import { connectionRequests } from '../db/schema/mentoring.ts';
import { body } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { dayFromNow } from '../modules/mentoring/test-helpers.ts';

const t = useTestApp();

describe('mentoring demo data', () => {
  it('seeds rules, requests in every state, sessions and a conversation that the API serves', async () => {
    const ids = await t.database.db.transaction(async (tx) => {
      const accountIds = await seedAccounts(tx);
      await seedMentoring(tx, accountIds);
      return accountIds;
    });
    const mentor = ids['mentor@example.com'] ?? '';
    const student = ids['student@example.com'] ?? '';
    const token = (id: string, role: 'student' | 'professional') => t.app.ctx.tokens.sign({ sub: id, role, tv: 0 }, false);
    const mentorAuth = { authorization: `Bearer ${await token(mentor, 'professional')}` };
    const studentAuth = { authorization: `Bearer ${await token(student, 'student')}` };

    const statuses = (
      await t.database.db.select().from(connectionRequests).where(eq(connectionRequests.professionalId, mentor))
    ).map((r) => r.status);
    expect(new Set(statuses)).toEqual(new Set(['accepted', 'pending', 'rejected']));
    const sessions = body<{ data: { sessions: Session[] } }>(
      await t.app.inject({ method: 'GET', url: '/api/sessions/my', headers: mentorAuth }),
    ).data.sessions;
    expect(new Set(sessions.map((s) => s.status))).toEqual(new Set(['scheduled', 'completed', 'cancelled']));
    const stats = body<{ data: { stats: { averageRating: number; pendingRequests: number } } }>(
      await t.app.inject({ method: 'GET', url: '/api/professionals/dashboard-stats', headers: mentorAuth }),
    ).data.stats;
    expect(stats.averageRating).toBe(4.5);
    expect(stats.pendingRequests).toBeGreaterThanOrEqual(2);
    const thread = await t.app.inject({ method: 'GET', url: `/api/conversations/${mentor}/messages`, headers: studentAuth });
    expect(body<{ data: { messages: unknown[] } }>(thread).data.messages).toHaveLength(4);
    const availability = await t.app.inject({
      method: 'GET',
      url: `/api/professionals/${mentor}/availability?from=${dayFromNow(0, 'Asia/Kolkata')}&to=${dayFromNow(41, 'Asia/Kolkata')}`,
      headers: studentAuth,
    });
    expect(body<{ data: { availability: AvailabilityDay[] } }>(availability).data.availability.length).toBeGreaterThan(10);
  });
});
