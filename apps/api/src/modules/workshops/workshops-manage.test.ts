import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildProfessional, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { auditLog, emails, notifications, workshopRegistrations, workshops } from '../../db/schema/index.ts';
import { WORKSHOP_ADMIN_MESSAGES, WORKSHOP_FORM_MESSAGES } from '@app/shared/workshop-admin';
import type { WorkshopDto } from '@app/shared/workshops';
import { multipart } from '../admin/test-helpers.ts';

const t = useTestApp();
let admin: BuiltUser;
let pro: BuiltUser;

const base = {
  title: 'Intro to Rust',
  description: 'Ownership and borrowing.',
  category: 'Technology',
  difficulty: 'Beginner',
  deliveryMode: 'online',
  date: '2030-01-15',
  startTime: '10:00',
  endTime: '12:00',
  timezone: 'Asia/Kolkata',
  maxParticipants: 2,
  tags: [' rust ', 'Rust', 'systems', ''],
  prerequisites: ['Basic programming'],
  learningOutcomes: ['Borrow checker'],
};
const data = (res: { body: string }) => body<{ message: string; data: { workshop: WorkshopDto } }>(res);

async function register(workshopId: string, student: BuiltUser) {
  const [reg] = await t.database.db.insert(workshopRegistrations).values({ workshopId, studentId: student.id }).returning();
  await t.database.db.update(workshops).set({ registeredCount: 1 }).where(eq(workshops.id, workshopId));
  return reg?.id ?? '';
}

describe('admin workshops', () => {
  let id = '';
  it('creates with a professional instructor: UTC instants from the zone, a meeting link, lists trimmed/deduped', async () => {
    admin = await buildAdmin(t);
    pro = await buildProfessional(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/workshops',
      headers: admin.auth,
      payload: { ...base, professionalId: pro.id },
    });
    expect(res.statusCode).toBe(201);
    const w = data(res);
    expect(w.message).toBe('Workshop created successfully!');
    expect(w.data.workshop.schedule).toMatchObject({
      startsAt: '2030-01-15T04:30:00.000Z',
      endsAt: '2030-01-15T06:30:00.000Z',
      timezone: 'Asia/Kolkata',
    });
    expect(w.data.workshop.tags).toEqual(['rust', 'systems']);
    expect(w.data.workshop.status).toBe('draft');
    expect(w.data.workshop.meetingDetails?.link).toMatch(/^https:\/\/meet\.jit\.si\/MentorBridge-[0-9a-f]{32}$/);
    expect(w.data.workshop.instructor?._id).toBe(pro.id);
    id = w.data.workshop._id;
  });

  it('creates with a manual instructor; validates the form with the spec messages', async () => {
    const manual = { name: 'Guest Speaker', email: 'guest@example.com', title: 'CTO' };
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/admin/workshops',
      headers: admin.auth,
      payload: { ...base, deliveryMode: 'offline', manualInstructor: manual },
    });
    expect(ok.statusCode).toBe(201);
    expect(data(ok).data.workshop.manualInstructor).toMatchObject(manual);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'Title is required'],
      [{ description: ' ' }, 'Description is required'],
      [{ category: 'Cooking' }, 'Please select a category'],
      [{ maxParticipants: 0 }, 'Max participants must be between 1 and 1000'],
      [{ maxParticipants: 1001 }, 'Max participants must be between 1 and 1000'],
      [{ endTime: '09:00' }, 'End time must be after start time'],
      [{ timezone: 'Mars/Base' }, 'Please select a valid timezone'],
      [{ date: 'tomorrow' }, 'Date is required'],
      [{ date: '2030-02-30' }, 'Date is required'],
      [{ professionalId: null, manualInstructor: null }, 'Please select an instructor or enter a manual instructor'],
      [
        { professionalId: null, manualInstructor: { name: 'X', email: 'bad', title: 'T' } },
        'Please enter a valid instructor email',
      ],
      [
        { professionalId: null, manualInstructor: { name: 'X', email: 'x@example.com', title: '' } },
        'Instructor title is required',
      ],
      [{ meetingLink: 'http://insecure.example.com' }, 'Meeting link must be an https:// link'],
    ];
    for (const [patch, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/workshops',
        headers: admin.auth,
        payload: { ...base, professionalId: pro.id, ...patch },
      });
      expect([patch, res.statusCode, body<{ errors: string[] }>(res).errors]).toEqual([
        patch,
        400,
        expect.arrayContaining([message]),
      ]);
    }
    const student = await buildStudent(t);
    const notPro = await t.app.inject({
      method: 'POST',
      url: '/api/admin/workshops',
      headers: admin.auth,
      payload: { ...base, professionalId: student.id },
    });
    expect(body(notPro).message).toBe('Please select a valid instructor');
  });

  it('PUT with only status publishes and unpublishes; lists filter by search and category', async () => {
    const pub = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/workshops/${id}`,
      headers: admin.auth,
      payload: { status: 'published' },
    });
    expect(pub.statusCode).toBe(200);
    expect(data(pub).message).toBe('Workshop published successfully!');
    const unpub = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/workshops/${id}`,
      headers: admin.auth,
      payload: { status: 'draft' },
    });
    expect(data(unpub).message).toBe('Workshop unpublished successfully!');
    const list = body<{ data: { workshops: WorkshopDto[]; pagination: { total: number } } }>(
      await t.app.inject({ method: 'GET', url: '/api/admin/workshops?search=rust&category=Technology', headers: admin.auth }),
    );
    expect(list.data.pagination.total).toBe(2);
    const none = body<{ data: { workshops: WorkshopDto[] } }>(
      await t.app.inject({ method: 'GET', url: '/api/admin/workshops?category=Design', headers: admin.auth }),
    );
    expect(none.data.workshops).toHaveLength(0);
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['create', 'publish', 'unpublish']));
  });

  it('capacity can never drop below registrations; registrations list and attendance marking', async () => {
    const empty = await t.app.inject({ method: 'GET', url: `/api/admin/workshops/${id}/registrations`, headers: admin.auth });
    expect(body<{ message: string; data: { registrations: unknown[] } }>(empty)).toMatchObject({
      message: 'No registrations yet',
      data: { registrations: [] },
    });
    const student = await buildStudent(t, { university: 'IIT Madras' });
    const regId = await register(id, student);
    await t.database.db.update(workshopRegistrations).set({ status: 'registered' }).where(eq(workshopRegistrations.id, regId));
    await t.database.db.update(workshops).set({ registeredCount: 2 }).where(eq(workshops.id, id));
    const shrink = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/workshops/${id}`,
      headers: admin.auth,
      payload: { maxParticipants: 1 },
    });
    expect(shrink.statusCode).toBe(400);
    expect(body(shrink).message).toBe('Max participants cannot be lower than the current number of registrations');
    const regs = body<{ data: { registrations: { _id: string; student: { fullName: string; university: string } }[] } }>(
      await t.app.inject({ method: 'GET', url: `/api/admin/workshops/${id}/registrations`, headers: admin.auth }),
    );
    expect(regs.data.registrations[0]?.student.university).toBe('IIT Madras');
    const early = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/workshops/${id}/registrations/${regId}`,
      headers: admin.auth,
      payload: { status: 'attended' },
    });
    expect(body(early).message).toBe('Attendance can be marked once the workshop has started');
    await t.database.db
      .update(workshops)
      .set({ startsAt: new Date(Date.now() - 3600_000), endsAt: new Date(Date.now() - 60_000) })
      .where(eq(workshops.id, id));
    const mark = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/workshops/${id}/registrations/${regId}`,
      headers: admin.auth,
      payload: { status: 'attended' },
    });
    expect(mark.statusCode).toBe(200);
    expect(body<{ data: { registration: { status: string } } }>(mark).data.registration.status).toBe('attended');
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/workshops/${id}/registrations/${regId}`,
      headers: admin.auth,
      payload: { status: 'cancelled' },
    });
    expect(bad.statusCode).toBe(400);
    const other = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/workshops/${id}/registrations/000000000000000000000000`,
      headers: admin.auth,
      payload: { status: 'absent' },
    });
    expect(other.statusCode).toBe(404);
  });

  it('banner: images only, ≤ 5 MB, stored under banners and served publicly', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const upload = (file: { filename: string; content: Buffer }) => {
      const mp = multipart({ field: 'banner', ...file });
      return t.app.inject({
        method: 'POST',
        url: `/api/admin/workshops/${id}/banner`,
        headers: { ...admin.auth, ...mp.headers },
        payload: mp.payload,
      });
    };
    const ok = await upload({ filename: 'b.png', content: png });
    expect(ok.statusCode).toBe(200);
    const url = data(ok).data.workshop.banner.imageUrl ?? '';
    expect(url).toMatch(/^\/api\/uploads\/banners\/.+\.webp$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const fake = await upload({ filename: 'b.png', content: Buffer.from('<svg onload=alert(1)>') });
    expect([fake.statusCode, body(fake).message]).toEqual([415, 'Please select a valid image file']);
    const big = await upload({ filename: 'b.png', content: Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]) });
    expect([big.statusCode, body(big).message]).toEqual([413, 'Image size should be less than 5MB']);
  });

  it('delete with registrations cancels instead (registrants told in the app and by e-mail); without, it erases', async () => {
    const created = data(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/workshops',
        headers: admin.auth,
        payload: { ...base, professionalId: pro.id },
      }),
    ).data.workshop;
    const student = await buildStudent(t);
    await register(created._id, student);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/workshops/${created._id}`, headers: admin.auth });
    expect(del.statusCode).toBe(200);
    expect(body(del).message).toBe(WORKSHOP_ADMIN_MESSAGES.cancelledInsteadOfDeleted);
    await t.runJobs(); // the cancellation reaches registrants through the change fan-out job
    const [cancelled] = await t.database.db.select().from(workshops).where(eq(workshops.id, created._id));
    expect(cancelled?.status).toBe('cancelled');
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, student.id));
    expect(notes.filter((n) => n.subType === 'cancelled')).toHaveLength(1);
    const mails = await t.database.db.select().from(emails).where(eq(emails.to, student.email));
    expect(mails.filter((m) => m.subject.startsWith('Cancelled:'))).toHaveLength(1);
    // Deleting it again: kept as history.
    const again = await t.app.inject({ method: 'DELETE', url: `/api/admin/workshops/${created._id}`, headers: admin.auth });
    expect([again.statusCode, body(again).message]).toEqual([400, WORKSHOP_FORM_MESSAGES.keepHistory]);
    const empty = data(
      await t.app.inject({ method: 'POST', url: '/api/admin/workshops', headers: admin.auth, payload: { ...base, professionalId: pro.id } }),
    ).data.workshop;
    const erased = await t.app.inject({ method: 'DELETE', url: `/api/admin/workshops/${empty._id}`, headers: admin.auth });
    expect([erased.statusCode, body(erased).message]).toEqual([200, 'Workshop deleted successfully!']);
    expect(await t.database.db.select().from(workshops).where(eq(workshops.id, empty._id))).toHaveLength(0);
    const kept = await t.app.inject({ method: 'DELETE', url: `/api/admin/workshops/${id}`, headers: admin.auth });
    expect(kept.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(workshops).where(eq(workshops.id, id));
    expect(row?.status).toBe('cancelled');
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/workshops/nope', headers: admin.auth })).statusCode).toBe(
      404,
    );
  });
});

describe('professional my-workshops', () => {
  it('a professional manages only the workshops they instruct', async () => {
    const me = await buildProfessional(t);
    const other = await buildProfessional(t);
    const student = await buildStudent(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/workshops/my-workshops' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/workshops/my-workshops', headers: student.auth })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/workshops/my-workshops', headers: admin.auth })).statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/workshops/my-workshops',
      headers: me.auth,
      payload: { ...base, professionalId: other.id },
    });
    expect(res.statusCode).toBe(201);
    const mine = data(res).data.workshop;
    expect(mine.professionalId).toBe(me.id);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/workshops/my-workshops',
      headers: me.auth,
      payload: { ...base, title: '' },
    });
    expect(body(bad).message).toBe('Title is required');
    const theirs = data(
      await t.app.inject({ method: 'POST', url: '/api/workshops/my-workshops', headers: other.auth, payload: base }),
    ).data.workshop;
    const list = body<{ data: { workshops: WorkshopDto[] } }>(
      await t.app.inject({ method: 'GET', url: '/api/workshops/my-workshops', headers: me.auth }),
    );
    expect(list.data.workshops.map((w) => w._id)).toEqual([mine._id]);
    for (const [method, url, payload] of [
      ['PUT', `/api/workshops/my-workshops/${theirs._id}`, { status: 'published' }],
      ['DELETE', `/api/workshops/my-workshops/${theirs._id}`, undefined],
      ['GET', `/api/workshops/my-workshops/${theirs._id}/registrations`, undefined],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: me.auth, payload })).statusCode).toBe(404);
    }
    const pub = await t.app.inject({
      method: 'PUT',
      url: `/api/workshops/my-workshops/${mine._id}`,
      headers: me.auth,
      payload: { status: 'published' },
    });
    expect(data(pub).message).toBe('Workshop published successfully!');
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/workshops/my-workshops/${mine._id}`,
      headers: me.auth,
      payload: { title: 'Rust II', professionalId: other.id },
    });
    expect(data(edit).data.workshop).toMatchObject({ title: 'Rust II', professionalId: me.id });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/workshops/my-workshops/${mine._id}`, headers: me.auth });
    expect(del.statusCode).toBe(200);
  });
});

describe('API consumers write back what they read (spec 001 §3 read shape)', () => {
  const strip = (w: WorkshopDto) => {
    const { updatedAt: _u, ...rest } = w;
    return rest;
  };

  it('GET a workshop, PUT it back unchanged → 200 and nothing changes (admin and professional, professional and manual instructors)', async () => {
    const owner = await buildProfessional(t);
    const boss = await buildAdmin(t);
    const created = [
      await t.app.inject({ method: 'POST', url: '/api/admin/workshops', headers: boss.auth, payload: { ...base, professionalId: owner.id, venue: 'Hall 1', deliveryMode: 'hybrid' } }),
      await t.app.inject({ method: 'POST', url: '/api/admin/workshops', headers: boss.auth, payload: { ...base, manualInstructor: { name: 'Guest', email: 'guest@example.com', title: 'Speaker' } } }),
      await t.app.inject({ method: 'POST', url: '/api/workshops/my-workshops', headers: owner.auth, payload: { ...base, status: 'published' } }),
    ];
    for (const [i, res] of created.entries()) {
      expect(res.statusCode, `create ${i}`).toBe(201);
      const id = data(res).data.workshop._id;
      const [url, who] = i === 2 ? [`/api/workshops/my-workshops/${id}`, owner] : [`/api/admin/workshops/${id}`, boss];
      const before = data(await t.app.inject({ method: 'GET', url, headers: who.auth })).data.workshop;
      const [rowBefore] = await t.database.db.select().from(workshops).where(eq(workshops.id, id));
      const put = await t.app.inject({ method: 'PUT', url, headers: who.auth, payload: before });
      expect(put.statusCode, `${url}: ${put.body.slice(0, 200)}`).toBe(200);
      expect(strip(data(put).data.workshop)).toEqual(strip(before));
      const [rowAfter] = await t.database.db.select().from(workshops).where(eq(workshops.id, id));
      const { updatedAt: _a, ...restBefore } = rowBefore!;
      const { updatedAt: _b, ...restAfter } = rowAfter!;
      expect(restAfter).toEqual(restBefore);
      // What was read, edited where it was read, is what is written (before: silently ignored, 200).
      const edited = { ...before, schedule: { ...before.schedule, startTime: '09:15' }, capacity: { ...before.capacity, maxParticipants: 40 } };
      const put2 = await t.app.inject({ method: 'PUT', url, headers: who.auth, payload: edited });
      expect(put2.statusCode).toBe(200);
      expect(data(put2).data.workshop.schedule.startTime).toBe('09:15');
      expect(data(put2).data.workshop.capacity.maxParticipants).toBe(40);
    }
  });

  it('creates from the read shape alone: schedule, capacity, professional', async () => {
    const owner = await buildProfessional(t);
    const boss = await buildAdmin(t);
    const { date, startTime, endTime, timezone, maxParticipants, ...rest } = base;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/workshops',
      headers: boss.auth,
      payload: { ...rest, schedule: { date, startTime, endTime, timezone }, capacity: { maxParticipants }, professional: { _id: owner.id } },
    });
    expect(res.statusCode).toBe(201);
    const w = data(res).data.workshop;
    expect(w.schedule).toMatchObject({ date, startTime, endTime, timezone, startsAt: '2030-01-15T04:30:00.000Z' });
    expect(w.capacity.maxParticipants).toBe(maxParticipants);
    expect(w.professionalId).toBe(owner.id);
    // The nested form edits too; a flat field given beside it wins.
    const edit = await t.app.inject({ method: 'PUT', url: `/api/admin/workshops/${w._id}`, headers: boss.auth, payload: { schedule: { startTime: '11:00' }, capacity: { maxParticipants: 9 }, maxParticipants: 7, professional: owner.id } });
    expect(edit.statusCode).toBe(200);
    expect(data(edit).data.workshop.schedule.startTime).toBe('11:00');
    expect(data(edit).data.workshop.capacity.maxParticipants).toBe(7);
  });

  it('a nested part that is not an object is a 400 that changes nothing', async () => {
    const boss = await buildAdmin(t);
    const owner = await buildProfessional(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/workshops', headers: boss.auth, payload: { ...base, professionalId: owner.id } });
    const id = data(res).data.workshop._id;
    for (const payload of [{ schedule: 'tomorrow' }, { capacity: [5] }, { professional: 5 }]) {
      const bad = await t.app.inject({ method: 'PUT', url: `/api/admin/workshops/${id}`, headers: boss.auth, payload });
      expect(bad.statusCode).toBe(400);
      expect(body<{ message: string }>(bad).message).toMatch(/must be an/);
    }
  });
});
