import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { RD_APPLICATION_STATUSES, RD_APPLICATION_TRANSITIONS, RD_MESSAGES, type RdApplicationStatus } from '@app/shared/rd-projects';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildProfessional, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { emails, files, notifications } from '../../db/schema/platform.ts';
import { rdApplications, rdProjectRoles } from '../../db/schema/rd-projects.ts';
import { PDF, apply, createProject, dateIn, docx, inDays, png, setDeadline, zip } from './rd-test-helpers.ts';

const t = useTestApp();
const BAD_ID = '0123456789abcdef01234567';

interface AppDto {
  _id: string;
  status: RdApplicationStatus;
  documents: { _id: string; type: string; filename: string; url: string }[];
  timeline: { status: string }[];
  interview: { scheduled: boolean; meetingLink: string | null; location: string | null; startsAt: string | null; timezone: string | null } | null;
  canWithdraw: boolean;
}

async function adminApplications(admin: BuiltUser, projectId: string, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/rd-projects/${projectId}/applications${query}`, headers: admin.auth });
  expect(res.statusCode).toBe(200);
  return body<{ data: { applications: (AppDto & { student: { email: string } })[]; counts: Record<string, number> } }>(res).data;
}

function review(admin: BuiltUser, projectId: string, applicationId: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PUT', url: `/api/admin/rd-projects/${projectId}/applications/${applicationId}`, headers: admin.auth, payload });
}

describe('POST /api/rd-projects/{id}/apply', () => {
  it('401, 403 for admin and professional, 404 for unknown, malformed, draft and private projects', async () => {
    const admin = await buildAdmin(t);
    const pro = await buildProfessional(t);
    const student = await buildStudent(t);
    const project = await createProject(t, admin);
    const roleId = project.roles[0]?._id ?? '';
    expect((await t.app.inject({ method: 'POST', url: `/api/rd-projects/${project._id}/apply` })).statusCode).toBe(401);
    expect((await apply(t, admin, project._id, roleId)).statusCode).toBe(403);
    expect((await apply(t, pro, project._id, roleId)).statusCode).toBe(403);
    expect((await apply(t, student, BAD_ID, roleId)).statusCode).toBe(404);
    expect((await apply(t, student, 'nope', roleId)).statusCode).toBe(404);
    const draft = await createProject(t, admin, {}, 'draft');
    expect((await apply(t, student, draft._id, draft.roles[0]?._id ?? '')).statusCode).toBe(404);
    const hidden = await createProject(t, admin, { visibility: 'private' });
    expect((await apply(t, student, hidden._id, hidden.roles[0]?._id ?? '')).statusCode).toBe(404);
  });

  it('400 with the spec messages for missing role, motivation, long motivation, past start date, required documents', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const project = await createProject(t, admin, { applicationProcess: { applicationDeadline: inDays(10).toISOString(), documentsRequired: ['resume'] } });
    const roleId = project.roles[0]?._id ?? '';
    const resume = [{ field: 'resume', filename: 'cv.pdf', content: PDF }];
    const cases: [Record<string, string>, string, typeof resume][] = [
      [{ roleAppliedFor: '' }, RD_MESSAGES.roleRequired, resume],
      [{ roleAppliedFor: BAD_ID }, RD_MESSAGES.roleRequired, resume],
      [{ motivation: '  ' }, RD_MESSAGES.motivationRequired, resume],
      [{ motivation: 'x'.repeat(501) }, RD_MESSAGES.motivationTooLong, resume],
      [{ availableStartDate: dateIn(-3) }, RD_MESSAGES.startDatePast, resume],
      [{}, 'Please upload your resume', []],
    ];
    for (const [fields, message, files] of cases) {
      const res = await apply(t, student, project._id, roleId, { fields, files });
      expect(res.statusCode, message).toBe(400);
      expect(body(res).message).toBe(message);
    }
    const ok = await apply(t, student, project._id, roleId, { fields: { motivation: 'y'.repeat(500) }, files: resume });
    expect(ok.statusCode).toBe(201);
    expect(body(ok).message).toBe('Application submitted successfully!');
  });

  it('checks types by content: bytes disagreeing with the name are 415; DOCX needs word/document.xml; zip bombs refused', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const project = await createProject(t, admin);
    const roleId = project.roles[0]?._id ?? '';
    const image = await png();
    const refused: [string, string, Buffer][] = [
      ['resume', 'cv.pdf', image], // PNG bytes named .pdf
      ['resume', 'cv.png', image], // PNG is not allowed for a resume
      ['resume', 'cv.docx', PDF], // PDF bytes named .docx
      ['resume', 'cv.docx', zip([{ name: 'hello.txt', data: Buffer.from('hi') }])], // a zip, not a Word document
      ['resume', 'cv.txt', Buffer.from('plain text')],
      ['portfolio', 'site.html', Buffer.from('<script>alert(1)</script>')],
      ['portfolio', 'site.png', Buffer.from('<script>alert(1)</script>')],
      [
        'resume',
        'bomb.docx',
        zip([
          { name: '[Content_Types].xml', data: Buffer.from('<x/>') },
          { name: 'word/document.xml', data: Buffer.from('<x/>'), declared: 0xfffffff0 },
        ]),
      ],
    ];
    for (const [field, filename, content] of refused) {
      const res = await apply(t, student, project._id, roleId, { files: [{ field, filename, content }] });
      expect(res.statusCode, filename).toBe(415);
    }
    const storedBefore = await t.database.db.select().from(files).where(eq(files.ownerId, student.id));
    expect(storedBefore).toHaveLength(0);

    const ok = await apply(t, student, project._id, roleId, {
      files: [
        { field: 'resume', filename: 'cv.docx', content: docx() },
        { field: 'coverLetter', filename: 'Cover letter.pdf', content: PDF },
        { field: 'portfolio', filename: 'shot.JPEG', content: await (await import('sharp')).default(image).jpeg().toBuffer() },
        { field: 'other', filename: 'notes.txt', content: Buffer.from('Some notes, ü.') },
      ],
    });
    expect(ok.statusCode).toBe(201);
    const application = body<{ data: { application: AppDto } }>(ok).data.application;
    expect(application.documents.map((d) => d.type).sort()).toEqual(['cover-letter', 'other', 'portfolio', 'resume']);
    const stored = await t.database.db.select().from(files).where(eq(files.ownerId, student.id));
    expect(stored.map((f) => f.mimeType).sort()).toEqual([
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'image/jpeg',
      'text/plain; charset=utf-8',
    ]);
    for (const f of stored) expect(f.storageKey).toMatch(/^rd-documents\/[A-Za-z0-9_-]{32}\.(pdf|docx|jpg|txt)$/);
  });

  it('413 for a document over 10 MB', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const project = await createProject(t, admin);
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 10, 0x20)]);
    const res = await apply(t, student, project._id, project.roles[0]?._id ?? '', { files: [{ field: 'resume', filename: 'cv.pdf', content: big }] });
    expect(res.statusCode).toBe(413);
    expect(body(res).message).toBe('Resume must be less than 10MB');
    expect(await t.database.db.select().from(rdApplications).where(eq(rdApplications.studentId, student.id))).toHaveLength(0);
  });

  it('one application per project (409), closed projects and full roles refuse (409)', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const project = await createProject(t, admin);
    const roleId = project.roles[0]?._id ?? '';
    expect((await apply(t, student, project._id, roleId)).statusCode).toBe(201);
    const twice = await apply(t, student, project._id, roleId);
    expect(twice.statusCode).toBe(409);
    expect(body(twice).message).toBe(RD_MESSAGES.alreadyApplied);
    // Concurrent double submit: exactly one wins.
    const other = await buildStudent(t);
    const project2 = await createProject(t, admin);
    const results = await Promise.all([1, 2, 3].map(() => apply(t, other, project2._id, project2.roles[0]?._id ?? '')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);

    const expired = await createProject(t, admin);
    await setDeadline(t, expired._id, new Date(Date.now() - 1000));
    const late = await apply(t, student, expired._id, expired.roles[0]?._id ?? '');
    expect(late.statusCode).toBe(409);
    expect(body(late).message).toBe(RD_MESSAGES.deadlinePassed);

    const paused = await createProject(t, admin);
    await t.app.inject({ method: 'PUT', url: `/api/admin/rd-projects/${paused._id}/status`, headers: admin.auth, payload: { status: 'paused' } });
    expect(body(await apply(t, student, paused._id, paused.roles[0]?._id ?? '')).message).toBe(RD_MESSAGES.notAccepting);

    const full = await createProject(t, admin, { roles: [{ title: 'intern', maxPositions: 1 }] });
    await t.database.db.update(rdProjectRoles).set({ currentPositions: 1 }).where(eq(rdProjectRoles.projectId, full._id));
    const fullRes = await apply(t, student, full._id, full.roles[0]?._id ?? '');
    expect(fullRes.statusCode).toBe(409);
    expect(body(fullRes).message).toBe(RD_MESSAGES.roleFull);
  });
});

describe('admin applications management', () => {
  it('lists with counts, search, status and role filters', async () => {
    const admin = await buildAdmin(t);
    const project = await createProject(t, admin, { roles: [{ title: 'intern', maxPositions: 5 }, { title: 'full-time', maxPositions: 5 }] });
    const [intern, fullTime] = project.roles;
    const asha = await buildStudent(t, { firstName: 'Asha', lastName: 'Verma' });
    const ben = await buildStudent(t, { firstName: 'Ben', lastName: 'Okafor' });
    await apply(t, asha, project._id, intern?._id ?? '');
    await apply(t, ben, project._id, fullTime?._id ?? '');
    const all = await adminApplications(admin, project._id);
    expect(all.counts).toMatchObject({ total: 2, pending: 2, underReview: 0, accepted: 0, rejected: 0 });
    const benApp = all.applications.find((a) => a.student.email === ben.email);
    await review(admin, project._id, benApp?._id ?? '', { status: 'under-review', reviewNotes: 'Strong CV' });
    expect((await adminApplications(admin, project._id, '?search=asha%20ver')).applications.map((a) => a.student.email)).toEqual([asha.email]);
    expect((await adminApplications(admin, project._id, `?search=${encodeURIComponent(ben.email)}`)).applications).toHaveLength(1);
    expect((await adminApplications(admin, project._id, '?status=under-review')).applications.map((a) => a.student.email)).toEqual([ben.email]);
    expect((await adminApplications(admin, project._id, `?role=${intern?._id}`)).applications.map((a) => a.student.email)).toEqual([asha.email]);
    expect((await adminApplications(admin, project._id, '?role=full-time')).applications.map((a) => a.student.email)).toEqual([ben.email]);
    const counts = (await adminApplications(admin, project._id, '?status=pending')).counts;
    expect(counts).toMatchObject({ total: 2, pending: 1, underReview: 1 });
  });

  it("the review rules: 'Please select a status', the transition table, 404 for another project's application", async () => {
    const admin = await buildAdmin(t);
    const project = await createProject(t, admin, { roles: [{ title: 'intern', maxPositions: 50 }] });
    const other = await createProject(t, admin);
    const roleId = project.roles[0]?._id ?? '';
    const student = await buildStudent(t);
    const created = body<{ data: { application: AppDto } }>(await apply(t, student, project._id, roleId)).data.application;
    for (const payload of [{}, { status: '' }, { status: null }, { status: 'approved' }]) {
      const res = await review(admin, project._id, created._id, payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(RD_MESSAGES.selectStatus);
    }
    expect((await review(admin, other._id, created._id, { status: 'under-review' })).statusCode).toBe(404);
    expect((await review(admin, project._id, BAD_ID, { status: 'under-review' })).statusCode).toBe(404);
    expect((await review(admin, project._id, 'bad', { status: 'under-review' })).statusCode).toBe(404);

    // Every (from, to) pair against the table.
    for (const from of RD_APPLICATION_STATUSES) {
      for (const to of RD_APPLICATION_STATUSES) {
        const s = await buildStudent(t);
        const app = body<{ data: { application: AppDto } }>(await apply(t, s, project._id, roleId)).data.application;
        await t.database.db.update(rdApplications).set({ status: from }).where(eq(rdApplications.id, app._id));
        if (from === 'accepted') await t.database.db.update(rdProjectRoles).set({ currentPositions: 1 }).where(eq(rdProjectRoles.id, roleId));
        else await t.database.db.update(rdProjectRoles).set({ currentPositions: 0 }).where(eq(rdProjectRoles.id, roleId));
        const payload = to === 'interview-scheduled' ? { status: to, interview: { scheduled: true, date: dateIn(5), time: '10:00', timezone: 'Asia/Kolkata', mode: 'online' } } : { status: to };
        const res = await review(admin, project._id, app._id, payload);
        const allowed = RD_APPLICATION_TRANSITIONS[from].includes(to);
        expect(res.statusCode, `${from} → ${to}`).toBe(allowed ? 200 : 409);
        const [role] = await t.database.db.select().from(rdProjectRoles).where(eq(rdProjectRoles.id, roleId));
        const expected = allowed ? (to === 'accepted' ? 1 : 0) : from === 'accepted' ? 1 : 0;
        expect(role?.currentPositions, `${from} → ${to} seats`).toBe(expected);
      }
    }
  });

  it('interview scheduling: online gets a meeting link, offline needs a location, the student is notified and e-mailed with an .ics', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const project = await createProject(t, admin);
    const app = body<{ data: { application: AppDto } }>(await apply(t, student, project._id, project.roles[0]?._id ?? '')).data.application;
    const noDate = await review(admin, project._id, app._id, { status: 'interview-scheduled', interview: { scheduled: true, mode: 'online' } });
    expect(body(noDate).message).toBe(RD_MESSAGES.interviewDateTime);
    const past = await review(admin, project._id, app._id, { status: 'interview-scheduled', interview: { scheduled: true, date: dateIn(-2), time: '10:00' } });
    expect(body(past).message).toBe(RD_MESSAGES.interviewPast);
    const offline = await review(admin, project._id, app._id, { status: 'interview-scheduled', interview: { scheduled: true, date: dateIn(4), time: '10:00', mode: 'offline' } });
    expect(body(offline).message).toBe(RD_MESSAGES.interviewLocation);
    const badZone = await review(admin, project._id, app._id, { status: 'interview-scheduled', interview: { scheduled: true, date: dateIn(4), time: '10:00', timezone: 'Mars/Base' } });
    expect(body(badZone).message).toBe(RD_MESSAGES.interviewTimezone);

    const ok = await review(admin, project._id, app._id, {
      status: 'interview-scheduled',
      reviewNotes: 'Looks promising',
      interview: { scheduled: true, date: '2031-03-09', time: '09:30', timezone: 'America/New_York', mode: 'online', notes: 'Bring your project' },
    });
    expect(ok.statusCode).toBe(200);
    expect(body(ok).message).toBe('Application interview-scheduled successfully!');
    const interview = body<{ data: { application: AppDto } }>(ok).data.application.interview;
    expect(interview?.meetingLink).toMatch(/^https:\/\/meet\.jit\.si\/MentorBridge-[0-9a-f]{32}$/);
    // 09:30 in New York on 9 March 2031 (after the DST switch on the 9th) is 13:30 UTC.
    expect(interview?.startsAt).toBe('2031-03-09T13:30:00.000Z');

    const mine = await t.app.inject({ method: 'GET', url: '/api/rd-projects/my/applications', headers: student.auth });
    const [row] = body<{ data: { applications: AppDto[] } }>(mine).data.applications;
    expect(row?.timeline.map((e) => e.status)).toEqual(['pending', 'interview-scheduled']);
    const ics = await t.app.inject({ method: 'GET', url: `/api/rd-projects/my/applications/${app._id}/interview.ics`, headers: student.auth });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.body).toContain('DTSTART;TZID=America/New_York:20310309T093000');
    const stranger = await buildStudent(t);
    expect((await t.app.inject({ method: 'GET', url: `/api/rd-projects/my/applications/${app._id}/interview.ics`, headers: stranger.auth })).statusCode).toBe(404);

    const mail = await t.database.db.select().from(emails).where(eq(emails.to, student.email));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.attachments[0]?.contentType).toMatch(/^text\/calendar/);
    expect(mail[0]?.text).toContain('Looks promising');
    const note = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, student.id), eq(notifications.type, 'rd-project')));
    expect(note).toHaveLength(1);

    // Offline reschedule keeps the same application, bumps the invitation sequence.
    const moved = await review(admin, project._id, app._id, { status: 'interview-scheduled', interview: { scheduled: true, date: dateIn(6), time: '15:00', mode: 'offline', location: 'Lab 4, Block C' } });
    expect(moved.statusCode).toBe(200);
    expect(body<{ data: { application: AppDto } }>(moved).data.application.interview).toMatchObject({ location: 'Lab 4, Block C', meetingLink: null });
    const ics2 = await t.app.inject({ method: 'GET', url: `/api/rd-projects/my/applications/${app._id}/interview.ics`, headers: student.auth });
    expect(ics2.body).toContain('SEQUENCE:1');
  });

  it('acceptance race: N parallel accepts on a role with max 2 fill exactly 2 seats', async () => {
    const admin = await buildAdmin(t);
    const project = await createProject(t, admin, { roles: [{ title: 'intern', maxPositions: 2 }] });
    const roleId = project.roles[0]?._id ?? '';
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const s = await buildStudent(t);
      ids.push(body<{ data: { application: AppDto } }>(await apply(t, s, project._id, roleId)).data.application._id);
    }
    // Every application accepted in parallel, and the same application twice.
    const results = await Promise.all([...ids, ids[0] ?? ''].map((id) => review(admin, project._id, id, { status: 'accepted' })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(7);
    const [role] = await t.database.db.select().from(rdProjectRoles).where(eq(rdProjectRoles.id, roleId));
    expect(role?.currentPositions).toBe(2);
    const accepted = await t.database.db.select().from(rdApplications).where(and(eq(rdApplications.projectId, project._id), eq(rdApplications.status, 'accepted')));
    expect(accepted).toHaveLength(2);
    // Leaving accepted frees the seat; another can then be accepted.
    await review(admin, project._id, accepted[0]?.id ?? '', { status: 'rejected' });
    const rest = ids.filter((id) => !accepted.some((a) => a.id === id));
    expect((await review(admin, project._id, rest[0] ?? '', { status: 'accepted' })).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(rdProjectRoles).where(eq(rdProjectRoles.id, roleId));
    expect(after?.currentPositions).toBe(2);
  });
});

describe('documents', () => {
  it('download by admin and owner only, as an attachment with nosniff and a sandbox CSP', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const stranger = await buildStudent(t);
    const project = await createProject(t, admin);
    const other = await createProject(t, admin);
    const app = body<{ data: { application: AppDto } }>(
      await apply(t, student, project._id, project.roles[0]?._id ?? '', { files: [{ field: 'resume', filename: 'Résumé final;v2.pdf', content: PDF }] }),
    ).data.application;
    const doc = app.documents[0];
    if (!doc) throw new Error('no document');
    const own = await t.app.inject({ method: 'GET', url: `/api${doc.url}`, headers: student.auth });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toMatch(/^attachment; filename="R_sum_ final_v2.pdf"; filename\*=UTF-8''R%C3%A9sum%C3%A9%20final%3Bv2.pdf$/);
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['content-security-policy']).toBe("default-src 'none'; sandbox; frame-ancestors 'none'");
    expect(own.rawPayload.equals(PDF)).toBe(true);

    const adminUrl = `/api/admin/rd-projects/${project._id}/applications/${app._id}/documents/${doc._id}`;
    const asAdmin = await t.app.inject({ method: 'GET', url: adminUrl, headers: admin.auth });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers['content-disposition']).toMatch(/^attachment/);
    expect((await t.app.inject({ method: 'GET', url: adminUrl, headers: student.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: adminUrl })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/rd-projects/${other._id}/applications/${app._id}/documents/${doc._id}`, headers: admin.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api${doc.url}`, headers: stranger.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api${doc.url}`, headers: admin.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/rd-projects/my/applications/${app._id}/documents/zzz`, headers: student.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/rd-projects/my/applications/${app._id}/documents/${BAD_ID}`, headers: student.auth })).statusCode).toBe(404);
  });
});

describe('student applications', () => {
  it('my applications (own only), withdraw pending or under-review only, 404 for another student', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const stranger = await buildStudent(t);
    const project = await createProject(t, admin);
    const project2 = await createProject(t, admin);
    expect((await t.app.inject({ method: 'GET', url: '/api/rd-projects/my/applications' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/rd-projects/my/applications', headers: admin.auth })).statusCode).toBe(403);
    const a1 = body<{ data: { application: AppDto } }>(await apply(t, student, project._id, project.roles[0]?._id ?? '')).data.application;
    const a2 = body<{ data: { application: AppDto } }>(await apply(t, student, project2._id, project2.roles[0]?._id ?? '')).data.application;
    expect(a1.canWithdraw).toBe(true);
    const list = body<{ data: { applications: (AppDto & { project: { title: string } })[] } }>(
      await t.app.inject({ method: 'GET', url: '/api/rd-projects/my/applications', headers: student.auth }),
    ).data.applications;
    expect(list.map((a) => a._id).sort()).toEqual([a1._id, a2._id].sort());
    expect(list[0]?.project.title).toBe('Quantum Sensing Lab');
    expect(body<{ data: { applications: AppDto[] } }>(await t.app.inject({ method: 'GET', url: '/api/rd-projects/my/applications', headers: stranger.auth })).data.applications).toEqual([]);

    const url = (id: string) => `/api/rd-projects/my/applications/${id}/withdraw`;
    expect((await t.app.inject({ method: 'POST', url: url(a1._id) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: url(a1._id), headers: admin.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: url(a1._id), headers: stranger.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: url('bad'), headers: student.auth })).statusCode).toBe(404);
    const done = await t.app.inject({ method: 'POST', url: url(a1._id), headers: student.auth });
    expect(done.statusCode).toBe(200);
    expect(body<{ data: { application: AppDto } }>(done).data.application).toMatchObject({ status: 'withdrawn', canWithdraw: false });
    expect(body<{ data: { application: AppDto } }>(done).data.application.timeline.map((e) => e.status)).toEqual(['pending', 'withdrawn']);
    expect((await t.app.inject({ method: 'POST', url: url(a1._id), headers: student.auth })).statusCode).toBe(409);
    // The admin cannot review a withdrawn application.
    const closed = await review(admin, project._id, a1._id, { status: 'under-review' });
    expect(closed.statusCode).toBe(409);
    expect(body(closed).message).toBe(RD_MESSAGES.applicationWithdrawnByStudent);

    await review(admin, project2._id, a2._id, { status: 'accepted' });
    const refused = await t.app.inject({ method: 'POST', url: url(a2._id), headers: student.auth });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toBe(RD_MESSAGES.cannotWithdraw);
  });
});
