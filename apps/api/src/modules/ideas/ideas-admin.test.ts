import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { auditLog, ideas, notifications } from '../../db/schema/index.ts';
import type { AdminIdeaDto } from '@app/shared/admin';

const t = useTestApp();
let admin: BuiltUser;
let author: BuiltUser;

async function idea(values: Partial<typeof ideas.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(ideas)
    .values({
      authorId: author.id,
      title: 'Solar benches',
      description: 'Benches that charge phones.',
      category: 'Technology',
      status: 'under_review',
      tags: ['solar'],
      ...values,
    })
    .returning();
  return row?.id ?? '';
}
const review = (id: string, payload: Record<string, unknown>, user = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/ideas/admin/${id}/review`, headers: user.auth, payload });

describe('GET /api/ideas/admin/all', () => {
  it('lists submitted ideas (never drafts) with submitter e-mail, filters and pagination', async () => {
    admin = await buildAdmin(t);
    author = await buildStudent(t, { firstName: 'Ishaan', university: 'IIT Kanpur' });
    await idea();
    await idea({ title: 'Water ATM', category: 'Environmental', status: 'approved' });
    await idea({ title: 'Secret draft', status: 'draft' });
    const all = body<{ data: { ideas: AdminIdeaDto[]; pagination: { total: number } } }>(
      await t.app.inject({ method: 'GET', url: '/api/ideas/admin/all', headers: admin.auth }),
    );
    expect(all.data.pagination.total).toBe(2);
    expect(all.data.ideas.map((i) => i.title)).not.toContain('Secret draft');
    expect(all.data.ideas[0]?.submittedBy).toMatchObject({ email: author.email, university: 'IIT Kanpur' });
    const filtered = body<{ data: { ideas: AdminIdeaDto[] } }>(
      await t.app.inject({ method: 'GET', url: '/api/ideas/admin/all?status=approved&search=water', headers: admin.auth }),
    );
    expect(filtered.data.ideas.map((i) => i.title)).toEqual(['Water ATM']);
    const cat = body<{ data: { ideas: AdminIdeaDto[] } }>(
      await t.app.inject({ method: 'GET', url: '/api/ideas/admin/all?category=technology', headers: admin.auth }),
    );
    expect(cat.data.ideas.map((i) => i.title)).toEqual(['Solar benches']);
  });
});

describe('PUT /api/ideas/admin/:id/review', () => {
  it('requires a status with the spec message and valid scores', async () => {
    const id = await idea();
    expect(body(await review(id, {})).message).toBe('Please select a status for the review');
    expect(body(await review(id, { status: 'implemented' })).message).toBe('Please select a status for the review');
    const bad = await review(id, { status: 'approved', implementationDetails: { feasibilityScore: 11 } });
    expect([bad.statusCode, body(bad).message]).toEqual([400, 'Scores must be whole numbers from 1 to 10']);
    expect((await review('000000000000000000000000', { status: 'approved' })).statusCode).toBe(404);
    expect((await review('bad', { status: 'approved' })).statusCode).toBe(404);
  });

  it('approves with scores: total is the mean, lists trimmed, student notified, audit written', async () => {
    const id = await idea();
    const res = await review(id, {
      status: 'approved',
      feedback: '  Great work  ',
      reviewNotes: 'internal only',
      implementationDetails: {
        feasibilityScore: 7,
        impactScore: 8,
        innovationScore: 10,
        resourcesRequired: [' Panels ', 'panels', ''],
        potentialPartners: [],
      },
    });
    expect(res.statusCode).toBe(200);
    const json = body<{ message: string; data: { idea: AdminIdeaDto } }>(res);
    expect(json.message).toBe('Idea approved successfully!');
    expect(json.data.idea).toMatchObject({
      status: 'approved',
      feedback: 'Great work',
      reviewNotes: 'internal only',
      totalScore: 8.33,
    });
    expect(json.data.idea.implementationDetails?.resourcesRequired).toEqual(['Panels']);
    const [note] = await t.database.db.select().from(notifications).where(eq(notifications.userId, author.id));
    expect(note).toMatchObject({ type: 'idea', subType: 'approved' });
    expect(note?.message).not.toContain('internal only');
    // The author sees the feedback, never the internal review notes.
    const seen = await t.app.inject({ method: 'GET', url: `/api/ideas/${id}`, headers: author.auth });
    expect(seen.statusCode).toBe(200);
    expect(body<{ data: { idea: { feedback: string; reviewNotes: string | null } } }>(seen).data.idea).toMatchObject({ feedback: 'Great work', reviewNotes: null });
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entries.map((e) => e.action)).toEqual(['review']);
    // Once decided, it cannot be reviewed again (and the student is not notified twice).
    expect((await review(id, { status: 'rejected' })).statusCode).toBe(409);
  });

  it('a partial score set has no total; rejection drops scores and notifies with subType rejected', async () => {
    const id = await idea();
    const partial = body<{ data: { idea: AdminIdeaDto } }>(
      await review(id, { status: 'shortlisted', implementationDetails: { feasibilityScore: 5 } }),
    );
    expect(partial.data.idea.totalScore).toBeNull();
    const rejected = body<{ message: string; data: { idea: AdminIdeaDto } }>(
      await review(id, {
        status: 'rejected',
        feedback: 'Idea does not meet current requirements.',
        implementationDetails: { feasibilityScore: 9, impactScore: 9, innovationScore: 9 },
      }),
    );
    expect(rejected.message).toBe('Idea rejected successfully!');
    expect(rejected.data.idea.totalScore).toBeNull();
    expect(rejected.data.idea.implementationDetails).toBeNull();
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, author.id));
    expect(notes.some((n) => n.subType === 'rejected')).toBe(true);
  });

  it('two admins racing: exactly one review wins', async () => {
    const id = await idea();
    const other = await buildAdmin(t);
    const results = await Promise.all([review(id, { status: 'approved' }), review(id, { status: 'rejected' }, other)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
