import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildProfessional, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { ideaLikes, ideas, notifications } from '../../db/schema/index.ts';
import { IDEA_MESSAGES, type IdeaDto } from '@app/shared/ideas';
import { SEARCH_COUNT_CAP } from './ideas.service.ts';

const t = useTestApp();
const MISSING = 'ffffffffffffffffffffffff';
const valid = { title: '  Solar benches  ', category: 'Social Innovation', description: ' Benches that charge phones. ', isPublic: true, tags: ['energy', ' Energy ', ''] };

async function insertIdea(author: BuiltUser, overrides: Partial<typeof ideas.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(ideas)
    .values({ authorId: author.id, title: 'An idea', description: 'Details', category: 'Computer Science', isPublic: true, status: 'under_review', ...overrides })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

describe('POST /api/ideas', () => {
  it('creates a trimmed, private-by-default idea under review', async () => {
    const s = await buildStudent(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/ideas', headers: s.auth, payload: { ...valid, isPublic: undefined } });
    expect(res.statusCode).toBe(201);
    const json = body<{ message: string; data: { idea: IdeaDto } }>(res);
    expect(json.message).toBe(IDEA_MESSAGES.submitted);
    expect(json.data.idea).toMatchObject({ title: 'Solar benches', description: 'Benches that charge phones.', isPublic: false, status: 'under_review', tags: ['energy'], isOwn: true });
  });

  it('saves a draft with asDraft', async () => {
    const s = await buildStudent(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/ideas', headers: s.auth, payload: { ...valid, asDraft: true } });
    expect(res.statusCode).toBe(201);
    expect(body<{ data: { idea: IdeaDto } }>(res).data.idea.status).toBe('draft');
  });

  it.each([
    [{ title: '   ' }, IDEA_MESSAGES.required],
    [{ category: undefined }, IDEA_MESSAGES.required],
    [{ description: '' }, IDEA_MESSAGES.required],
    [{ category: 'all' }, IDEA_MESSAGES.invalidCategory],
    [{ title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
  ])('400 with the spec message for %o', async (patch, message) => {
    const s = await buildStudent(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/ideas', headers: s.auth, payload: { ...valid, ...patch } });
    expect(res.statusCode).toBe(400);
    expect(body<{ errors: string[] }>(res).errors).toContain(message);
  });

  it('401 without a token, 403 for other roles', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/ideas', payload: valid })).statusCode).toBe(401);
    const pro = await buildProfessional(t);
    expect((await t.app.inject({ method: 'POST', url: '/api/ideas', headers: pro.auth, payload: valid })).statusCode).toBe(403);
  });
});

describe('GET /api/ideas and /api/ideas/:id', () => {
  it('lists only public, non-draft, non-rejected ideas, with search and category', async () => {
    const s = await buildStudent(t);
    const tag = `Q${Date.now()}`;
    await insertIdea(s, { title: `${tag} public`, category: 'Law' });
    await insertIdea(s, { title: `${tag} private`, isPublic: false });
    await insertIdea(s, { title: `${tag} draft`, status: 'draft' });
    await insertIdea(s, { title: `${tag} rejected`, status: 'rejected' });
    await insertIdea(s, { title: `${tag} approved`, status: 'approved', feedback: 'Great work', category: 'Medicine' });
    const res = await t.app.inject({ method: 'GET', url: `/api/ideas?search=${tag}` });
    expect(res.statusCode).toBe(200);
    const list = body<{ data: { ideas: IdeaDto[] } }>(res).data.ideas;
    expect(list.map((i) => i.title).sort()).toEqual([`${tag} approved`, `${tag} public`]);
    // Review feedback is the author's, not the public's.
    expect(list.find((i) => i.status === 'approved')?.feedback).toBeNull();
    const law = body<{ data: { ideas: IdeaDto[] } }>(await t.app.inject({ method: 'GET', url: `/api/ideas?search=${tag}&category=Law` })).data.ideas;
    expect(law).toHaveLength(1);
  });

  it('shows a private idea to its author and admins only (404 otherwise)', async () => {
    const author = await buildStudent(t);
    const other = await buildStudent(t);
    const admin = await buildAdmin(t);
    const idea = await insertIdea(author, { isPublic: false, feedback: 'Needs a budget' });
    const own = await t.app.inject({ method: 'GET', url: `/api/ideas/${idea.id}`, headers: author.auth });
    expect(own.statusCode).toBe(200);
    expect(body<{ data: { idea: IdeaDto } }>(own).data.idea.feedback).toBe('Needs a budget');
    expect((await t.app.inject({ method: 'GET', url: `/api/ideas/${idea.id}`, headers: admin.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/ideas/${idea.id}`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/ideas/${idea.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/ideas/${MISSING}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/ideas/bad-id' })).statusCode).toBe(404);
  });
});

describe('GET /api/ideas/my-ideas', () => {
  it("returns only the caller's ideas, filterable by status", async () => {
    const s = await buildStudent(t);
    const other = await buildStudent(t);
    await insertIdea(s, { status: 'draft' });
    await insertIdea(s, { status: 'approved' });
    await insertIdea(other);
    const all = body<{ data: { ideas: IdeaDto[]; pagination: { total: number } } }>(
      await t.app.inject({ method: 'GET', url: '/api/ideas/my-ideas', headers: s.auth }),
    ).data;
    expect(all.pagination.total).toBe(2);
    const drafts = body<{ data: { ideas: IdeaDto[] } }>(await t.app.inject({ method: 'GET', url: '/api/ideas/my-ideas?status=draft', headers: s.auth })).data.ideas;
    expect(drafts.map((i) => i.status)).toEqual(['draft']);
    expect((await t.app.inject({ method: 'GET', url: '/api/ideas/my-ideas' })).statusCode).toBe(401);
    const admin = await buildAdmin(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/ideas/my-ideas', headers: admin.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/ideas/my-ideas?status=bogus', headers: s.auth })).statusCode).toBe(400);
  });
});

describe('PUT /api/ideas/:id', () => {
  it('edits and then submits a draft; refuses anything but a draft', async () => {
    const s = await buildStudent(t);
    const draft = await insertIdea(s, { status: 'draft' });
    const edit = await t.app.inject({ method: 'PUT', url: `/api/ideas/${draft.id}`, headers: s.auth, payload: { title: ' Better title ' } });
    expect(edit.statusCode).toBe(200);
    expect(body<{ data: { idea: IdeaDto } }>(edit).data.idea).toMatchObject({ title: 'Better title', status: 'draft' });
    const submit = await t.app.inject({ method: 'PUT', url: `/api/ideas/${draft.id}`, headers: s.auth, payload: { submit: true } });
    expect(body<{ message: string; data: { idea: IdeaDto } }>(submit)).toMatchObject({ message: IDEA_MESSAGES.submitted, data: { idea: { status: 'under_review' } } });
    const late = await t.app.inject({ method: 'PUT', url: `/api/ideas/${draft.id}`, headers: s.auth, payload: { title: 'Nope' } });
    expect(late.statusCode).toBe(400);
    expect(body(late).message).toBe(IDEA_MESSAGES.onlyDrafts);
  });

  it("404 for someone else's idea or a malformed id, 401, 403, 400 on blank title", async () => {
    const s = await buildStudent(t);
    const other = await buildStudent(t);
    const draft = await insertIdea(s, { status: 'draft' });
    expect((await t.app.inject({ method: 'PUT', url: `/api/ideas/${draft.id}`, headers: other.auth, payload: { title: 'x' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: '/api/ideas/zzz', headers: s.auth, payload: { title: 'x' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/ideas/${draft.id}`, payload: { title: 'x' } })).statusCode).toBe(401);
    const admin = await buildAdmin(t);
    expect((await t.app.inject({ method: 'PUT', url: `/api/ideas/${draft.id}`, headers: admin.auth, payload: { title: 'x' } })).statusCode).toBe(403);
    const blank = await t.app.inject({ method: 'PUT', url: `/api/ideas/${draft.id}`, headers: s.auth, payload: { title: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(body(blank).message).toBe(IDEA_MESSAGES.required);
  });
});

describe('POST /api/ideas/:id/like', () => {
  it('toggles, returning likesCount and isLiked', async () => {
    const author = await buildStudent(t);
    const fan = await buildStudent(t);
    const idea = await insertIdea(author);
    const like = await t.app.inject({ method: 'POST', url: `/api/ideas/${idea.id}/like`, headers: fan.auth });
    expect(like.statusCode).toBe(200);
    expect(body(like).data).toEqual({ likesCount: 1, isLiked: true });
    const listed = body<{ data: { idea: IdeaDto } }>(await t.app.inject({ method: 'GET', url: `/api/ideas/${idea.id}`, headers: fan.auth })).data.idea;
    expect(listed.isLiked).toBe(true);
    const unlike = await t.app.inject({ method: 'POST', url: `/api/ideas/${idea.id}/like`, headers: fan.auth });
    expect(body(unlike).data).toEqual({ likesCount: 0, isLiked: false });
  });

  it('counts 20 parallel likes by one student once', async () => {
    const author = await buildStudent(t);
    const fan = await buildStudent(t);
    const idea = await insertIdea(author);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.app.inject({ method: 'POST', url: `/api/ideas/${idea.id}/like`, headers: fan.auth, payload: { like: true } })),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const [row] = await t.database.db.select().from(ideas).where(eq(ideas.id, idea.id));
    expect(row?.likesCount).toBe(1);
  });

  it('keeps the count equal to the likes when toggles and many students race', async () => {
    const author = await buildStudent(t);
    const idea = await insertIdea(author);
    const fans = await Promise.all(Array.from({ length: 15 }, () => buildStudent(t)));
    const toggler = fans[0] as BuiltUser;
    await Promise.all([
      ...fans.map((f) => t.app.inject({ method: 'POST', url: `/api/ideas/${idea.id}/like`, headers: f.auth })),
      ...Array.from({ length: 9 }, () => t.app.inject({ method: 'POST', url: `/api/ideas/${idea.id}/like`, headers: toggler.auth })),
    ]);
    const [row] = await t.database.db.select().from(ideas).where(eq(ideas.id, idea.id));
    const likes = await t.database.db.select().from(ideaLikes).where(eq(ideaLikes.ideaId, idea.id));
    expect(row?.likesCount).toBe(likes.length);
    expect(likes.length).toBeGreaterThanOrEqual(14);
  });

  it('401, 403, 404 for private/unknown/malformed, 400 for own non-public', async () => {
    const author = await buildStudent(t);
    const other = await buildStudent(t);
    const priv = await insertIdea(author, { isPublic: false });
    expect((await t.app.inject({ method: 'POST', url: `/api/ideas/${priv.id}/like` })).statusCode).toBe(401);
    const pro = await buildProfessional(t);
    expect((await t.app.inject({ method: 'POST', url: `/api/ideas/${priv.id}/like`, headers: pro.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/ideas/${priv.id}/like`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/ideas/${MISSING}/like`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/ideas/1/like', headers: other.auth })).statusCode).toBe(404);
    const own = await t.app.inject({ method: 'POST', url: `/api/ideas/${priv.id}/like`, headers: author.auth });
    expect(own.statusCode).toBe(400);
    expect(body(own).message).toBe(IDEA_MESSAGES.notPublic);
  });
});

describe('idea comments', () => {
  it('students and admins comment on public ideas; the author is notified; count maintained', async () => {
    const author = await buildStudent(t);
    const other = await buildStudent(t, { firstName: 'Meera', lastName: 'Das' });
    const admin = await buildAdmin(t);
    const idea = await insertIdea(author, { title: 'Commented idea' });
    const res = await t.app.inject({ method: 'POST', url: `/api/ideas/${idea.id}/comments`, headers: other.auth, payload: { body: '  Love it  ' } });
    expect(res.statusCode).toBe(201);
    expect(body(res).data).toMatchObject({ commentsCount: 1, comment: { body: 'Love it', isOwn: true, author: { name: 'Meera Das' } } });
    await t.app.inject({ method: 'POST', url: `/api/ideas/${idea.id}/comments`, headers: admin.auth, payload: { body: 'Noted' } });
    await t.app.inject({ method: 'POST', url: `/api/ideas/${idea.id}/comments`, headers: author.auth, payload: { body: 'Thanks!' } });
    const list = await t.app.inject({ method: 'GET', url: `/api/ideas/${idea.id}/comments`, headers: author.auth });
    expect(list.statusCode).toBe(200);
    expect(body<{ data: { comments: { body: string }[]; commentsCount: number } }>(list).data).toMatchObject({
      commentsCount: 3,
      comments: [{ body: 'Love it' }, { body: 'Noted' }, { body: 'Thanks!' }],
    });
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, author.id));
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatchObject({ type: 'idea', title: 'New comment on your idea' });
  });

  it('401, 403, 404 on private ideas of others and malformed ids, 400 when empty', async () => {
    const author = await buildStudent(t);
    const other = await buildStudent(t);
    const priv = await insertIdea(author, { isPublic: false });
    expect((await t.app.inject({ method: 'GET', url: `/api/ideas/${priv.id}/comments` })).statusCode).toBe(401);
    const pro = await buildProfessional(t);
    expect((await t.app.inject({ method: 'GET', url: `/api/ideas/${priv.id}/comments`, headers: pro.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/ideas/${priv.id}/comments`, headers: other.auth, payload: { body: 'hi' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/ideas/x/comments', headers: other.auth })).statusCode).toBe(404);
    const empty = await t.app.inject({ method: 'POST', url: `/api/ideas/${priv.id}/comments`, headers: author.auth, payload: { body: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(body(empty).message).toBe(IDEA_MESSAGES.commentRequired);
    expect((await t.app.inject({ method: 'POST', url: `/api/ideas/${priv.id}/comments`, headers: author.auth, payload: { body: 'own private is fine' } })).statusCode).toBe(201);
  });
});

describe('public list totals at scale', () => {
  it('counts exactly up to the search cap, then answers an estimate of at least cap + 1, with the right page', async () => {
    const author = await buildStudent(t);
    // 1,100 public ideas matching "aquaponics", inserted in one statement.
    await t.database.query(
      `INSERT INTO ideas (id, author_id, title, description, category, status, is_public, submitted_at)
       SELECT lpad(to_hex(g), 24, '0'), $1, 'Aquaponics idea ' || g, 'Fish and plants', 'Biotechnology', 'under_review', true, now()
       FROM generate_series(1, 1100) g`,
      [author.id],
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/ideas?search=AQUAPONICS&limit=10&page=2' });
    expect(res.statusCode).toBe(200);
    const json = body<{ data: { ideas: IdeaDto[]; pagination: { total: number; page: number } } }>(res);
    expect(json.data.ideas).toHaveLength(10);
    expect(json.data.pagination.total).toBeGreaterThanOrEqual(SEARCH_COUNT_CAP + 1);
    // Below the cap the total is exact: "Aquaponics idea 10" is in ideas 10, 100–109 and 1000–1099.
    const below = await t.app.inject({ method: 'GET', url: '/api/ideas?search=Aquaponics%20idea%2010' });
    expect(SEARCH_COUNT_CAP).toBeGreaterThan(111);
    expect(body<{ data: { pagination: { total: number } } }>(below).data.pagination.total).toBe(111);
    const narrow = await t.app.inject({ method: 'GET', url: '/api/ideas?search=Aquaponics%20idea%201099' });
    expect(body<{ data: { pagination: { total: number } } }>(narrow).data.pagination.total).toBe(1);
  });
});
