import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RecommendationItem } from '@app/shared/matching';
import type { ProgrammeDetail } from '@app/shared/programmes';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildProfessional, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { availabilityRules } from '../../db/schema/mentoring.ts';
import { programmePairs, programmes } from '../../db/schema/matching.ts';
import { rdProjectRoles } from '../../db/schema/rd-projects.ts';
import { professionalProfiles, studentProfiles, users } from '../../db/schema/users.ts';
import { insertWorkshop } from '../workshops/workshops.fixtures.ts';
import { createProject, setDeadline, DAY } from '../rd-projects/rd-test-helpers.ts';

/**
 * The reasons the matching features give reach their reader in the reader's language (decision 1280): the
 * profile's choice, else Accept-Language; plurals in the language's own categories (Arabic two, few,
 * many), lists joined by the language's list format, topic names kept as written and isolated (FSI…PDI)
 * inside a right-to-left sentence.
 */
const t = useTestApp();
const db = () => t.database.db;
const iso = (s: string) => `\u2068${s}\u2069`;

async function student(interests: string[], profile: { language?: string; timezone?: string } = {}) {
  const s = await buildStudent(t);
  await db().update(studentProfiles).set({ interests, course: 'Nothing in common' }).where(eq(studentProfiles.userId, s.id));
  if (profile.language || profile.timezone) await db().update(users).set(profile).where(eq(users.id, s.id));
  return s;
}

async function recs(u: BuiltUser, kind: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: `/api/matching/recommendations?kind=${kind}&limit=20`, headers: { ...u.auth, ...headers } });
  expect(res.statusCode, res.body).toBe(200);
  expect(String(res.headers.vary)).toContain('accept-language');
  return body<{ data: { items: RecommendationItem[] } }>(res).data.items;
}

describe('workshop reasons in the reader’s language', () => {
  const topics = ['Robotics', 'Welding', 'Optics', 'Lasers', 'Drones'];
  // Starts in a day and a half (2 days), 3 seats left, at 20:00 UTC: the next day in Asia/Kolkata.
  const start = new Date(Math.floor(Date.now() / DAY) * DAY + 2 * DAY + 20 * 3_600_000);
  const workshop = () =>
    insertWorkshop(db(), { title: 'Shop floor', category: 'Robotics', tags: topics.slice(1), startsAt: start, endsAt: new Date(start.getTime() + 3_600_000), maxParticipants: 10, registeredCount: 7 });

  it('Arabic from the profile: the list, "2 more", two days and a few seats in their forms; the date in the reader’s zone', async () => {
    const w = await workshop();
    const s = await student(topics, { language: 'ar', timezone: 'Asia/Kolkata' });
    // The header is not what counts when the profile chose a language.
    const item = (await recs(s, 'workshop', { 'accept-language': 'en' })).find((i) => i.id === w.id);
    const days = Math.ceil((start.getTime() - Date.now()) / DAY);
    expect(item?.reasons).toEqual(
      expect.arrayContaining([
        `اهتمامات مشتركة: ${iso('Robotics')} و${iso('Welding')} و${iso('Optics')} واثنان آخران`,
        days === 2 ? 'تبدأ بعد يومين' : `تبدأ بعد ${days} أيام`,
        'بقيت 3 مقاعد فقط',
      ]),
    );
    const kolkata = new Intl.DateTimeFormat('ar', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }).format(start);
    expect(kolkata).not.toBe(new Intl.DateTimeFormat('ar', { dateStyle: 'medium', timeZone: 'UTC' }).format(start));
    expect(item?.subtitle).toBe(`${iso('Robotics')} · ${kolkata}`);
  });

  it('Hindi from Accept-Language: the Hindi list and plurals; English stays English', async () => {
    const w = await workshop();
    const s = await student(topics);
    const hindi = (await recs(s, 'workshop', { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.5' })).find((i) => i.id === w.id);
    expect(hindi?.reasons).toEqual(expect.arrayContaining(['साझा विषय: Robotics, Welding, Optics, और 2 अन्य', 'केवल 3 सीटें बची हैं']));
    expect(hindi?.reasons.some((r) => /^\d+ दिनों में शुरू$/.test(r))).toBe(true);
    const english = (await recs(s, 'workshop')).find((i) => i.id === w.id);
    expect(english?.reasons).toEqual(expect.arrayContaining(['Shares Robotics, Welding, Optics and 2 more', 'Only 3 seats left']));
    expect(english?.subtitle).toBe(`Robotics · ${new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(start)}`);
  });
});

describe('mentor and project reasons in Arabic', () => {
  it('a rating by a few students, two places left, and free slots', async () => {
    const p = await buildProfessional(t, { isVerified: true, expertise: 'Glaciology', lastName: 'Ice' });
    await db().update(professionalProfiles).set({ specializations: ['Glaciology'], skills: [], ratingSum: 14, ratingCount: 3, title: 'Researcher', company: 'Polar Lab' }).where(eq(professionalProfiles.userId, p.id));
    await db()
      .insert(availabilityRules)
      .values([0, 1, 2, 3, 4, 5, 6].map((d) => ({ professionalId: p.id, isRecurring: true, dayOfWeek: d, startTime: '09:00', endTime: '17:00', timezone: 'UTC' })));
    const cap = await t.app.inject({ method: 'PUT', url: '/api/matching/capacity', headers: p.auth, payload: { maxMentees: 2 } });
    expect(cap.statusCode).toBe(200);
    const s = await student(['Glaciology'], { language: 'ar' });
    const item = (await recs(s, 'professional')).find((i) => i.id === p.id);
    expect(item?.reasons).toEqual(
      expect.arrayContaining([`اهتمامات مشتركة: ${iso('Glaciology')}`, 'تقييمه 4.7 من 3 طلاب', 'بقي مكانان للإرشاد', 'مواعيد متاحة هذا الأسبوع']),
    );
    expect(item?.subtitle).toBe(`${iso('Researcher')} في ${iso('Polar Lab')}`);
    const english = (await recs(await student(['Glaciology']), 'professional')).find((i) => i.id === p.id);
    expect(english?.reasons).toEqual(expect.arrayContaining(['Shares Glaciology', 'Rated 4.7 by 3 students', '2 mentoring places left']));
    expect(english?.subtitle).toBe('Researcher at Polar Lab');
  });

  it('two open positions and a deadline in eleven days (the "many" form)', async () => {
    const admin = await buildAdmin(t);
    const project = await createProject(t, admin, { title: 'Ice cores', tags: ['Paleoclimate'] });
    await setDeadline(t, project._id, new Date(Date.now() + 10.5 * DAY));
    await db().update(rdProjectRoles).set({ currentPositions: 0 }).where(eq(rdProjectRoles.projectId, project._id));
    const s = await student(['Paleoclimate'], { language: 'ar' });
    const item = (await recs(s, 'rd-project')).find((i) => i.id === project._id);
    expect(item?.reasons).toEqual(expect.arrayContaining([`اهتمامات مشتركة: ${iso('Paleoclimate')}`, 'وظيفتان شاغرتان', 'يغلق التقديم بعد 11 يومًا']));
  });
});

describe('students a professional might help, in the professional’s language', () => {
  it('Hindi from the profile', async () => {
    const p = await buildProfessional(t, { isVerified: true, expertise: 'Mycology' });
    await db().update(users).set({ language: 'hi' }).where(eq(users.id, p.id));
    const s = await student(['Mycology']);
    const res = await t.app.inject({ method: 'GET', url: '/api/matching/mentee-suggestions', headers: p.auth });
    expect(res.statusCode, res.body).toBe(200);
    const item = body<{ data: { students: { id: string; reasons: string[] }[] } }>(res).data.students.find((x) => x.id === s.id);
    expect(item?.reasons).toEqual(['Mycology में रुचि', 'अभी तक किसी मेंटर से संपर्क नहीं किया']);
  });
});

describe('programme pairs: reasons stored as data, worded for the coordinator who reads them', () => {
  it('Arabic for an Arabic admin, English for an English one, also why someone has no pair; one stored as an English sentence reads as stored', async () => {
    const a = await buildAdmin(t);
    const s = await buildStudent(t);
    const alone = await buildStudent(t);
    const m = await buildProfessional(t, { firstName: 'Ada', lastName: 'Mentor' });
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/programmes', headers: a.auth, payload: { name: 'Cohort', startsOn: '2030-03-01', endsOn: '2030-06-30', mentorCapacityDefault: 2 } });
    const id = body<{ data: { programme: { id: string } } }>(created).data.programme.id;
    await t.app.inject({ method: 'POST', url: `/api/admin/programmes/${id}/invitations`, headers: a.auth, payload: { role: 'mentee', userIds: [s.id, alone.id] } });
    await t.app.inject({ method: 'POST', url: `/api/admin/programmes/${id}/invitations`, headers: a.auth, payload: { role: 'mentor', userIds: [m.id] } });
    const join = (u: BuiltUser, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/programmes/${id}/participation`, headers: u.auth, payload: { status: 'joined', ...payload } });
    expect((await join(m, { topics: ['Lasers', 'Optics'] })).statusCode).toBe(200);
    expect((await join(s, { topics: ['Lasers', 'Optics'], preferences: [m.id] })).statusCode).toBe(200);
    expect((await join(alone, { topics: ['Botany', 'Zoology'] })).statusCode).toBe(200);
    const run = await t.app.inject({ method: 'POST', url: `/api/admin/programmes/${id}/match`, headers: { ...a.auth, 'accept-language': 'ar' } });
    expect(run.statusCode, run.body).toBe(200);
    const arabic = body<{ data: ProgrammeDetail }>(run).data;
    expect(arabic.pairs[0]?.reasons).toEqual([`وضع المتدرب ${iso('Ada Mentor')} في المرتبة 1`, `اهتمامات مشتركة: ${iso('Lasers')} و${iso('Optics')}`]);
    expect(arabic.unmatched).toEqual([expect.objectContaining({ userId: alone.id, detail: `لا يغطي أي مرشد ${iso('Botany')} و${iso('Zoology')}` })]);
    // Stored as data, not as words.
    const [row] = await db().select().from(programmePairs).where(eq(programmePairs.programmeId, id));
    expect(row?.reasons).toEqual([
      { code: 'menteeRanked', mentor: 'Ada Mentor', rank: 1 },
      { code: 'shares', topics: ['Lasers', 'Optics'] },
    ]);
    const english = body<{ data: ProgrammeDetail }>(await t.app.inject({ method: 'GET', url: `/api/admin/programmes/${id}`, headers: a.auth })).data;
    expect(english.pairs[0]?.reasons).toEqual(['The mentee ranked Ada Mentor #1', 'Shares Lasers and Optics']);
    expect(english.unmatched[0]?.detail).toBe('No mentor covers Botany and Zoology');
    // Rows written before reasons were data.
    await db().update(programmePairs).set({ reasons: ['Shares Lasers', { code: 'mentorRanked', rank: 2 }] }).where(eq(programmePairs.programmeId, id));
    await db().update(programmes).set({ unmatched: [{ userId: alone.id, role: 'mentee', reason: 'no-topic-mentor', detail: 'No mentor covers Botany' }] }).where(eq(programmes.id, id));
    await db().update(users).set({ language: 'ar' }).where(eq(users.id, a.id));
    const legacy = body<{ data: ProgrammeDetail }>(await t.app.inject({ method: 'GET', url: `/api/admin/programmes/${id}`, headers: a.auth })).data;
    expect(legacy.pairs[0]?.reasons).toEqual(['Shares Lasers', 'وضع المرشد هذا المتدرب في المرتبة 2']);
    expect(legacy.unmatched[0]?.detail).toBe('No mentor covers Botany');
  });
});
