import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { WorkshopRegistrationRow } from '@app/shared/workshop-admin';
import type { WorkshopDto } from '@app/shared/workshops';
import { body, buildAdmin, buildProfessional, buildStudent, workshopForm, type BuiltUser } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { studentAffiliations } from '../../db/schema/organisations.ts';
import { notifications } from '../../db/schema/platform.ts';
import { workshops } from '../../db/schema/workshops.ts';
import { buildOrganisationMember, type BuiltMember } from './test-helpers.ts';

// University-only workshops (decisions 488, 630): submitted by a university admin, published by an
// administrator, seen only by that university's affiliated students while the university is approved.

const t = useTestApp();

const form = workshopForm({
  title: 'Campus-only: Research Methods',
  description: 'For our own students: planning a thesis project.',
  date: '2030-03-10',
  startTime: '10:00',
  endTime: '12:00',
  timezone: 'Asia/Kolkata',
  maxParticipants: 20,
  tags: ['thesis'],
  manualInstructor: { name: 'Dr. Meera Rao', email: 'meera@example.edu', title: 'Professor' },
});

type Auth = { auth: { authorization: string } } | null;
const headers = (u: Auth) => (u ? u.auth : {});
const get = (u: Auth, url: string) => t.app.inject({ method: 'GET', url, headers: headers(u) });

async function affiliate(student: BuiltUser, uni: BuiltMember) {
  await t.database.db
    .insert(studentAffiliations)
    .values({ studentId: student.id, organisationId: uni.organisationId, email: `s-${student.id}@${uni.domain}`, confirmedAt: new Date() });
}

async function listedIds(u: Auth, query = '') {
  const res = await get(u, `/api/workshops?limit=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: { workshops: WorkshopDto[] } }>(res).data.workshops.map((w) => w._id);
}

async function recommendedIds(u: BuiltUser) {
  const res = await get(u, '/api/matching/recommendations?kind=workshop&limit=20');
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: { items: { id: string }[] } }>(res).data.items.map((i) => i.id);
}

describe('university-only workshops', () => {
  let uni: BuiltMember;
  let otherUni: BuiltMember;
  let admin: BuiltUser;
  let ours: BuiltUser;
  let theirs: BuiltUser;
  let unaffiliated: BuiltUser;
  let id = '';
  let publicId = '';

  it('only an approved university admin submits one: 401, 403 for others, 400 changes nothing; it starts awaiting approval', async () => {
    admin = await buildAdmin(t);
    uni = await buildOrganisationMember(t);
    otherUni = await buildOrganisationMember(t);
    const pendingUni = await buildOrganisationMember(t, { status: 'pending' });
    const company = await buildOrganisationMember(t, { type: 'company' });
    const student = await buildStudent(t);
    const pro = await buildProfessional(t);
    const url = '/api/organisations/me/workshops';

    expect((await t.app.inject({ method: 'POST', url, payload: form })).statusCode).toBe(401);
    for (const u of [student, pro, admin, company, pendingUni]) {
      expect((await t.app.inject({ method: 'POST', url, headers: u.auth, payload: form })).statusCode).toBe(403);
      expect((await get(u, url)).statusCode).toBe(403);
    }
    const before = await t.database.db.select({ id: workshops.id }).from(workshops);
    const bad = await t.app.inject({ method: 'POST', url, headers: uni.auth, payload: { ...form, title: '', manualInstructor: null } });
    expect(bad.statusCode).toBe(400);
    expect(body<{ message: string }>(bad).message).toMatch(/title|instructor/i);
    expect(await t.database.db.select({ id: workshops.id }).from(workshops)).toHaveLength(before.length);

    // Asking to publish directly is not honoured: the administrator decides.
    const res = await t.app.inject({ method: 'POST', url, headers: uni.auth, payload: { ...form, status: 'published' } });
    expect(res.statusCode, res.body).toBe(201);
    const created = body<{ data: { workshop: WorkshopDto } }>(res).data.workshop;
    expect(created).toMatchObject({ status: 'draft', organisationId: uni.organisationId });
    id = created._id;

    const mine = body<{ data: { workshops: WorkshopDto[] } }>(await get(uni, url)).data.workshops;
    expect(mine.map((w) => w._id)).toEqual([id]);
    expect(body<{ data: { workshops: WorkshopDto[] } }>(await get(otherUni, url)).data.workshops).toEqual([]);
  });

  it('is invisible to its own students until an administrator publishes it; the admin queue names the university', async () => {
    ours = await buildStudent(t);
    theirs = await buildStudent(t);
    unaffiliated = await buildStudent(t);
    await affiliate(ours, uni);
    await affiliate(theirs, otherUni);
    expect(await listedIds(ours)).not.toContain(id);
    expect((await get(ours, `/api/workshops/${id}`)).statusCode).toBe(404);

    const queue = body<{ data: { workshops: WorkshopDto[] } }>(await get(admin, '/api/admin/workshops?status=draft&limit=100')).data.workshops;
    const queued = queue.find((w) => w._id === id);
    expect(queued?.organisationName).toMatch(/^Test university/);
    const publish = await t.app.inject({ method: 'PUT', url: `/api/admin/workshops/${id}`, headers: admin.auth, payload: { status: 'published' } });
    expect(publish.statusCode, publish.body).toBe(200);
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, uni.id));
    expect(told.map((n) => n.title)).toContain('Workshop approved');
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, otherUni.id))).toEqual([]);
    // A public workshop beside it, so an empty list cannot pass for a filtered one.
    const pub = await t.app.inject({ method: 'POST', url: '/api/admin/workshops', headers: admin.auth, payload: { ...form, title: 'Open to all', status: 'published' } });
    publicId = body<{ data: { workshop: WorkshopDto } }>(pub).data.workshop._id;
  });

  it('once published: the affiliated student sees, finds, is recommended and registers; nobody else can', async () => {
    for (const [u, sees] of [
      [ours, true],
      [theirs, false],
      [unaffiliated, false],
      [null, false],
    ] as const) {
      const all = await listedIds(u);
      expect(all).toContain(publicId);
      expect(all.includes(id), `list for ${u?.email ?? 'anonymous'}`).toBe(sees);
      expect((await listedIds(u, '&search=Research%20Methods')).includes(id)).toBe(sees);
      expect((await get(u, `/api/workshops/${id}`)).statusCode).toBe(sees ? 200 : 404);
      if (u) {
        expect((await recommendedIds(u)).includes(id)).toBe(sees);
        expect((await recommendedIds(u)).includes(publicId)).toBe(true);
      }
    }
    const listed = body<{ data: { workshops: WorkshopDto[] } }>(await get(ours, '/api/workshops?limit=100')).data.workshops;
    expect(listed.find((w) => w._id === id)?.organisationName).toMatch(/^Test university/);
    const detail = body<{ data: { workshop: WorkshopDto } }>(await get(ours, `/api/workshops/${id}`)).data.workshop;
    expect(detail.organisationName).toMatch(/^Test university/);

    for (const u of [theirs, unaffiliated]) {
      expect((await t.app.inject({ method: 'POST', url: `/api/workshops/${id}/register`, headers: u.auth })).statusCode).toBe(404);
      // "Not interested" on a workshop the student cannot see is a 404 too: it must not confirm it exists.
      const dismiss = { method: 'POST' as const, url: '/api/matching/dismissals', headers: u.auth, payload: { kind: 'workshop', itemId: id } };
      expect((await t.app.inject(dismiss)).statusCode).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/matching/dismissals', headers: ours.auth, payload: { kind: 'workshop', itemId: id } })).statusCode,
    ).toBe(201);
    await t.app.inject({ method: 'DELETE', url: '/api/matching/dismissals', headers: ours.auth, payload: { kind: 'workshop', itemId: id } });
    expect((await t.app.inject({ method: 'POST', url: `/api/workshops/${id}/register` })).statusCode).toBe(401);
    const reg = await t.app.inject({ method: 'POST', url: `/api/workshops/${id}/register`, headers: ours.auth });
    expect(reg.statusCode, reg.body).toBe(201);
    const [row] = await t.database.db.select({ n: workshops.registeredCount }).from(workshops).where(eq(workshops.id, id));
    expect(row?.n).toBe(1);
  });

  it('the university admin sees its own workshop registrations; another university gets 404', async () => {
    const url = `/api/organisations/me/workshops/${id}/registrations`;
    const res = await get(uni, url);
    expect(res.statusCode, res.body).toBe(200);
    const regs = body<{ data: { registrations: WorkshopRegistrationRow[] } }>(res).data.registrations;
    expect(regs.map((r) => r.student._id)).toEqual([ours.id]);
    expect((await get(otherUni, url)).statusCode).toBe(404);
    expect((await get(uni, `/api/organisations/me/workshops/${publicId}/registrations`)).statusCode).toBe(404);
    expect((await get(uni, '/api/organisations/me/workshops/not-an-id/registrations')).statusCode).toBe(404);
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await get(ours, url)).statusCode).toBe(403);
  });

  it('suspending the university hides it from its students (list, detail, registrations, registering)', async () => {
    const summary = async () => body<{ data: { registeredWorkshops: number } }>(await get(ours, '/api/students/me/summary')).data.registeredWorkshops;
    expect(await summary()).toBe(1);
    const decision = await t.app.inject({
      method: 'POST',
      url: `/api/admin/organisations/${uni.organisationId}/decision`,
      headers: admin.auth,
      payload: { action: 'suspend', reason: 'Review' },
    });
    expect(decision.statusCode, decision.body).toBe(200);
    expect(await listedIds(ours)).not.toContain(id);
    expect((await get(ours, `/api/workshops/${id}`)).statusCode).toBe(404);
    const registered = body<{ data: unknown }>(await get(ours, '/api/workshops/registered')).data;
    expect(JSON.stringify(registered)).not.toContain(id);
    expect((await recommendedIds(ours)).includes(id)).toBe(false);
    expect(await summary()).toBe(0);
    // The administrator still sees it (nothing deleted).
    expect((await get(admin, `/api/admin/workshops/${id}`)).statusCode).toBe(200);
  });
});

// Decision 632: the university edits or withdraws its submission while it awaits approval; an administrator
// may reject it with a reason the university is told.
describe('a university submission before approval', () => {
  let uni: BuiltMember;
  let otherUni: BuiltMember;
  let admin: BuiltUser;
  let student: BuiltUser;
  const submit = async (title: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/organisations/me/workshops', headers: uni.auth, payload: { ...form, title } });
    expect(res.statusCode, res.body).toBe(201);
    return body<{ data: { workshop: WorkshopDto } }>(res).data.workshop._id;
  };
  const stored = async (id: string) => (await t.database.db.select().from(workshops).where(eq(workshops.id, id)))[0];

  it('the university edits its own draft (it stays awaiting approval); nobody else can; bad input changes nothing', async () => {
    admin = await buildAdmin(t);
    uni = await buildOrganisationMember(t);
    otherUni = await buildOrganisationMember(t);
    student = await buildStudent(t);
    const id = await submit('Draft to edit');
    const url = `/api/organisations/me/workshops/${id}`;
    const change = { title: 'Edited: Thesis Clinic', maxParticipants: 35, status: 'published' };

    expect((await t.app.inject({ method: 'PUT', url, payload: change })).statusCode).toBe(401);
    for (const u of [student, admin]) expect((await t.app.inject({ method: 'PUT', url, headers: u.auth, payload: change })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url, headers: otherUni.auth, payload: change })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'PUT', url, headers: uni.auth, payload: { title: '', endTime: '09:00' } });
    expect(bad.statusCode).toBe(400);
    expect((await stored(id))?.title).toBe('Draft to edit');

    const res = await t.app.inject({ method: 'PUT', url, headers: uni.auth, payload: change });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ message: string }>(res).message).toBe('Submission updated. It is still awaiting approval.');
    expect(await stored(id)).toMatchObject({ title: 'Edited: Thesis Clinic', maxParticipants: 35, status: 'draft', organisationId: uni.organisationId });
  });

  it('the university withdraws its own draft; another university gets 404; once approved it can neither edit nor withdraw', async () => {
    const id = await submit('Draft to withdraw');
    const url = `/api/organisations/me/workshops/${id}`;
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url, headers: student.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url, headers: otherUni.auth })).statusCode).toBe(404);
    expect(await stored(id)).toBeDefined();
    const res = await t.app.inject({ method: 'DELETE', url, headers: uni.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(id)).toBeUndefined();

    const approved = await submit('Approved one');
    const publish = await t.app.inject({ method: 'PUT', url: `/api/admin/workshops/${approved}`, headers: admin.auth, payload: { status: 'published' } });
    expect(publish.statusCode, publish.body).toBe(200);
    const edit = await t.app.inject({ method: 'PUT', url: `/api/organisations/me/workshops/${approved}`, headers: uni.auth, payload: { title: 'Sneaky change' } });
    expect(edit.statusCode).toBe(409);
    expect(body<{ message: string }>(edit).message).toBe('This workshop has already been approved. Ask an administrator to change or cancel it.');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/organisations/me/workshops/${approved}`, headers: uni.auth })).statusCode).toBe(409);
    expect(await stored(approved)).toMatchObject({ title: 'Approved one', status: 'published' });
  });

  it('an administrator rejects a submission with a reason the university is told; only drafts of a university can be rejected', async () => {
    const id = await submit('Draft to reject');
    const url = `/api/admin/workshops/${id}/reject`;
    const reason = 'Please name a confirmed instructor and a room.';
    expect((await t.app.inject({ method: 'POST', url, payload: { reason } })).statusCode).toBe(401);
    for (const u of [student, uni]) expect((await t.app.inject({ method: 'POST', url, headers: u.auth, payload: { reason } })).statusCode).toBe(403);
    const short = await t.app.inject({ method: 'POST', url, headers: admin.auth, payload: { reason: 'no' } });
    expect(short.statusCode).toBe(400);
    expect(body<{ message: string }>(short).message).toBe('Please tell the university why (at least 10 characters).');
    expect((await t.app.inject({ method: 'POST', url, headers: admin.auth, payload: { reason, status: 'x' } })).statusCode).toBe(400);
    expect(await stored(id)).toBeDefined();
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/workshops/000000000000000000000000/reject', headers: admin.auth, payload: { reason } })).statusCode).toBe(404);

    // An administrator's own draft is not a submission: delete it instead.
    const own = await t.app.inject({ method: 'POST', url: '/api/admin/workshops', headers: admin.auth, payload: { ...form, title: 'Admin draft', status: 'draft' } });
    const ownId = body<{ data: { workshop: WorkshopDto } }>(own).data.workshop._id;
    const notSubmission = await t.app.inject({ method: 'POST', url: `/api/admin/workshops/${ownId}/reject`, headers: admin.auth, payload: { reason } });
    expect(notSubmission.statusCode).toBe(400);
    expect(await stored(ownId)).toBeDefined();

    const res = await t.app.inject({ method: 'POST', url, headers: admin.auth, payload: { reason } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(id)).toBeUndefined();
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, uni.id));
    const rejection = told.find((n) => n.title === 'Workshop not approved');
    expect(rejection?.message).toBe(`"Draft to reject" was not approved: ${reason}`);
    expect((await t.database.db.select().from(notifications).where(eq(notifications.userId, otherUni.id))).map((n) => n.title)).not.toContain(
      'Workshop not approved',
    );
    // Rejecting twice: it is gone.
    expect((await t.app.inject({ method: 'POST', url, headers: admin.auth, payload: { reason } })).statusCode).toBe(404);
  });
});

describe('issue 28: a university can name any verified professional as instructor without their consent', () => {
  it('the instructor must accept before approval; a declined one is no longer named; after approval neither instructor nor university rewrites it', async () => {
    const admin = await buildAdmin(t);
    const uni = await buildOrganisationMember(t);
    const pro = await buildProfessional(t);
    const other = await buildProfessional(t);
    const { manualInstructor: _m, ...rest } = form;
    const created = await t.app.inject({ method: 'POST', url: '/api/organisations/me/workshops', headers: uni.auth, payload: { ...rest, title: 'Named instructor', professionalId: pro.id } });
    expect(created.statusCode, created.body).toBe(201);
    const w = body<{ data: { workshop: WorkshopDto } }>(created).data.workshop;
    expect(w.awaitingInstructor).toBe(true);
    const asked = await t.database.db.select().from(notifications).where(eq(notifications.userId, pro.id));
    expect(asked.map((n) => n.subType)).toContain('instructor-request');

    // Not publishable before the instructor accepts.
    const early = await t.app.inject({ method: 'PUT', url: `/api/admin/workshops/${w._id}`, headers: admin.auth, payload: { status: 'published' } });
    expect(early.statusCode).toBe(409);
    expect(early.body).toContain('The instructor has not accepted this workshop yet.');

    const answer = (u: BuiltUser, decision: unknown) => t.app.inject({ method: 'POST', url: `/api/workshops/my-workshops/${w._id}/assignment`, headers: u.auth, payload: { decision } });
    expect((await answer(other, 'accept')).statusCode).toBe(404); // not theirs
    expect((await answer(pro, 'maybe')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/workshops/my-workshops/${w._id}/assignment`, payload: { decision: 'accept' } })).statusCode).toBe(401);
    const ok = await answer(pro, 'accept');
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await answer(pro, 'accept')).statusCode).toBe(409);
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, uni.id));
    expect(told.map((n) => n.title)).toContain('Instructor accepted');
    const publish = await t.app.inject({ method: 'PUT', url: `/api/admin/workshops/${w._id}`, headers: admin.auth, payload: { status: 'published' } });
    expect(publish.statusCode, publish.body).toBe(200);

    // One rule: after approval the instructor cannot rewrite it either (nor delete it).
    const rewrite = await t.app.inject({ method: 'PUT', url: `/api/workshops/my-workshops/${w._id}`, headers: pro.auth, payload: { title: 'Rewritten by the instructor' } });
    expect(rewrite.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/workshops/my-workshops/${w._id}`, headers: pro.auth })).statusCode).toBe(409);
    expect((await t.database.db.select().from(workshops).where(eq(workshops.id, w._id)))[0]?.title).toBe('Named instructor');

    // Declining: they are no longer its instructor.
    const second = await t.app.inject({ method: 'POST', url: '/api/organisations/me/workshops', headers: uni.auth, payload: { ...rest, title: 'To decline', professionalId: other.id } });
    const sid = body<{ data: { workshop: WorkshopDto } }>(second).data.workshop._id;
    const no = await t.app.inject({ method: 'POST', url: `/api/workshops/my-workshops/${sid}/assignment`, headers: other.auth, payload: { decision: 'decline' } });
    expect(no.statusCode, no.body).toBe(200);
    expect((await t.database.db.select().from(workshops).where(eq(workshops.id, sid)))[0]?.professionalId).toBeNull();
  });
});
