import { describe, expect, it } from 'vitest';
import { MENTORING_MESSAGES, type AvailabilityDay } from '@app/shared/mentoring';
import { body, buildProfessional, buildStudent } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { MISSING_ID, addRule, dayFromNow } from './test-helpers.ts';

const t = useTestApp();
const url = '/api/professionals/availability';

describe('availability rules', () => {
  it('answers 401 without a token and 403 for a student', async () => {
    const student = await buildStudent(t);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: student.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url, headers: student.auth, payload: {} })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: `${url}/${MISSING_ID}`, headers: student.auth, payload: {} })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${MISSING_ID}` })).statusCode).toBe(401);
  });

  it('creates, lists, updates and deletes own rules with the spec messages', async () => {
    const pro = await buildProfessional(t);
    const created = await t.app.inject({
      method: 'POST',
      url,
      headers: pro.auth,
      payload: {
        isRecurring: true,
        dayOfWeek: 1,
        startTime: '09:00',
        endTime: '17:00',
        timezone: 'America/New_York',
        notes: 'Office hours',
        enabled: true,
      },
    });
    expect(created.statusCode).toBe(201);
    const c = body<{
      message: string;
      data: { rule: { _id: string; dayOfWeek: number; date: string | null; timezone: string } };
    }>(created);
    expect(c.message).toBe(MENTORING_MESSAGES.ruleCreated);
    expect(c.data.rule).toMatchObject({ dayOfWeek: 1, date: null, timezone: 'America/New_York' });

    const list = body<{ data: { rules: { _id: string }[] } }>(await t.app.inject({ method: 'GET', url, headers: pro.auth }));
    expect(list.data.rules.map((r) => r._id)).toEqual([c.data.rule._id]);

    const date = dayFromNow(10, 'Asia/Kolkata');
    const updated = await t.app.inject({
      method: 'PUT',
      url: `${url}/${c.data.rule._id}`,
      headers: pro.auth,
      payload: {
        isRecurring: false,
        date,
        dayOfWeek: 3,
        startTime: '10:30',
        endTime: '12:00',
        timezone: 'Asia/Kolkata',
        enabled: false,
      },
    });
    expect(updated.statusCode).toBe(200);
    const u = body<{ message: string; data: { rule: Record<string, unknown> } }>(updated);
    expect(u.message).toBe(MENTORING_MESSAGES.ruleUpdated);
    // A one-time rule keeps no weekday.
    expect(u.data.rule).toMatchObject({ isRecurring: false, date, dayOfWeek: null, startTime: '10:30', enabled: false });

    const deleted = await t.app.inject({ method: 'DELETE', url: `${url}/${c.data.rule._id}`, headers: pro.auth });
    expect(body(deleted)).toMatchObject({ success: true, message: MENTORING_MESSAGES.ruleDeleted });
    expect(
      body<{ data: { rules: unknown[] } }>(await t.app.inject({ method: 'GET', url, headers: pro.auth })).data.rules,
    ).toEqual([]);
  });

  it("answers 404 for someone else's rule and a malformed id", async () => {
    const owner = await buildProfessional(t);
    const other = await buildProfessional(t);
    const rule = await addRule(t, owner, { isRecurring: true, dayOfWeek: 2 });
    const payload = { isRecurring: true, dayOfWeek: 2, startTime: '09:00', endTime: '10:00', timezone: 'UTC' };
    expect((await t.app.inject({ method: 'PUT', url: `${url}/${rule._id}`, headers: other.auth, payload })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${rule._id}`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `${url}/not-an-id`, headers: other.auth, payload })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/123`, headers: other.auth })).statusCode).toBe(404);
    expect(
      body<{ data: { rules: unknown[] } }>(await t.app.inject({ method: 'GET', url, headers: other.auth })).data.rules,
    ).toEqual([]);
  });

  it('validates the rule form with clear messages', async () => {
    const pro = await buildProfessional(t);
    const post = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: pro.auth, payload });
    const base = { isRecurring: true, dayOfWeek: 1, startTime: '09:00', endTime: '17:00', timezone: 'Asia/Kolkata' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, dayOfWeek: undefined }, MENTORING_MESSAGES.ruleDayRequired],
      [{ ...base, isRecurring: false, dayOfWeek: undefined }, MENTORING_MESSAGES.ruleDateRequired],
      [{ ...base, isRecurring: false, date: dayFromNow(-1, 'Asia/Kolkata') }, MENTORING_MESSAGES.ruleDatePast],
      [{ ...base, startTime: '09:15' }, MENTORING_MESSAGES.timeStep],
      [{ ...base, endTime: '24:00' }, MENTORING_MESSAGES.timeStep],
      [{ ...base, startTime: '17:00', endTime: '09:00' }, MENTORING_MESSAGES.endAfterStart],
      [{ ...base, endTime: '09:00' }, MENTORING_MESSAGES.endAfterStart],
      [{ ...base, timezone: 'Mars/Olympus' }, MENTORING_MESSAGES.timezone],
      [{ ...base, notes: 'x'.repeat(2001) }, 'Notes must be at most 2000 characters'],
    ];
    for (const [payload, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body<{ errors: string[] }>(res).errors).toContain(message);
    }
    // Today is allowed for a one-time rule; the default timezone is Asia/Kolkata.
    const today = await post({ isRecurring: false, date: dayFromNow(0, 'Asia/Kolkata'), startTime: '22:00', endTime: '23:30' });
    expect(today.statusCode).toBe(201);
    expect(body<{ data: { rule: { timezone: string; enabled: boolean } } }>(today).data.rule).toMatchObject({
      timezone: 'Asia/Kolkata',
      enabled: true,
    });
  });
});

describe('GET /professionals/{id}/availability', () => {
  it('answers 401 without a token, 404 for an unknown, malformed or unverified professional, 400 for a bad range', async () => {
    const student = await buildStudent(t);
    const pro = await buildProfessional(t);
    const unverified = await buildProfessional(t, { isVerified: false });
    expect((await t.app.inject({ method: 'GET', url: `/api/professionals/${pro.id}/availability` })).statusCode).toBe(401);
    for (const id of [MISSING_ID, 'nope', unverified.id, student.id]) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/professionals/${id}/availability`, headers: student.auth })).statusCode,
      ).toBe(404);
    }
    const tooLong = await t.app.inject({
      method: 'GET',
      url: `/api/professionals/${pro.id}/availability?from=2030-01-01&to=2030-03-31`,
      headers: student.auth,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(body<{ message: string }>(tooLong).message).toBe('The range can cover at most 62 days');
    const backwards = await t.app.inject({
      method: 'GET',
      url: `/api/professionals/${pro.id}/availability?from=2030-01-10&to=2030-01-01`,
      headers: student.auth,
    });
    expect(backwards.statusCode).toBe(400);
    const zone = await t.app.inject({
      method: 'GET',
      url: `/api/professionals/${pro.id}/availability?timezone=Nowhere/City`,
      headers: student.auth,
    });
    expect(zone.statusCode).toBe(400);
  });

  it('expands enabled rules into dated slots in the requested timezone, minus holds and sessions', async () => {
    const student = await buildStudent(t);
    const pro = await buildProfessional(t);
    const date = dayFromNow(5);
    await addRule(t, pro, { date, startTime: '09:00', endTime: '12:00', timezone: 'UTC', notes: 'Morning' });
    await addRule(t, pro, { date, startTime: '14:00', endTime: '15:00', timezone: 'UTC', enabled: false });
    const q = `from=${dayFromNow(0, 'Asia/Kolkata')}&to=${dayFromNow(20, 'Asia/Kolkata')}&timezone=Asia/Kolkata`;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/professionals/${pro.id}/availability?${q}`,
      headers: student.auth,
    });
    expect(res.statusCode).toBe(200);
    const days = body<{ data: { availability: AvailabilityDay[]; timezone: string } }>(res).data;
    expect(days.timezone).toBe('Asia/Kolkata');
    expect(days.availability).toHaveLength(1);
    expect(days.availability[0]?.date).toBe(date);
    expect(days.availability[0]?.slots.map((s) => [s.startTime, s.endTime, s.notes])).toEqual([
      ['14:30', '15:30', 'Morning'],
      ['15:30', '16:30', 'Morning'],
      ['16:30', '17:30', 'Morning'],
    ]);

    // A pending slot request holds its hour for everyone.
    const slot = days.availability[0]?.slots[1];
    const held = await t.app.inject({
      method: 'POST',
      url: `/api/professionals/${pro.id}/connect`,
      headers: student.auth,
      payload: { slot: { start: slot?.start, end: slot?.end } },
    });
    expect(held.statusCode).toBe(201);
    const after = body<{ data: { availability: AvailabilityDay[] } }>(
      await t.app.inject({ method: 'GET', url: `/api/professionals/${pro.id}/availability?${q}`, headers: pro.auth }),
    ).data;
    expect(after.availability[0]?.slots.map((s) => s.startTime)).toEqual(['14:30', '16:30']);
  });

  it('flags the other enabled rules a saved rule overlaps (same weekday, same date, a date on a weekly day)', async () => {
    const pro = await buildProfessional(t);
    const other = await buildProfessional(t);
    type Saved = { data: { rule: { _id: string }; overlaps: { _id: string }[] } };
    const save = async (payload: Record<string, unknown>, id?: string) => {
      const res = await t.app.inject({
        method: id ? 'PUT' : 'POST',
        url: id ? `${url}/${id}` : url,
        headers: pro.auth,
        payload: { timezone: 'UTC', enabled: true, ...payload },
      });
      expect(res.statusCode, res.body).toBe(id ? 200 : 201);
      return body<Saved>(res).data;
    };
    // Someone else's identical hours never count.
    await addRule(t, other, { isRecurring: true, dayOfWeek: 1, startTime: '09:00', endTime: '12:00' });
    const monday = await save({ isRecurring: true, dayOfWeek: 1, startTime: '09:00', endTime: '12:00' });
    expect(monday.overlaps).toEqual([]);
    // Touching ends are not an overlap; another weekday is not either.
    expect((await save({ isRecurring: true, dayOfWeek: 1, startTime: '12:00', endTime: '13:00' })).overlaps).toEqual([]);
    expect((await save({ isRecurring: true, dayOfWeek: 2, startTime: '09:00', endTime: '12:00' })).overlaps).toEqual([]);
    // The same weekday with intersecting hours is flagged, naming the rule it overlaps.
    const clash = await save({ isRecurring: true, dayOfWeek: 1, startTime: '11:00', endTime: '14:00' });
    expect(clash.overlaps.map((r) => r._id).sort()).toHaveLength(2);
    expect(clash.overlaps.map((r) => r._id)).toContain(monday.rule._id);
    // A one-time date that falls on a Monday overlaps the weekly Monday hours.
    let date = dayFromNow(7, 'UTC');
    for (let i = 7; new Date(`${date}T00:00:00Z`).getUTCDay() !== 1; i += 1) date = dayFromNow(i, 'UTC');
    const once = await save({ isRecurring: false, date, startTime: '08:00', endTime: '09:30' });
    expect(once.overlaps.map((r) => r._id)).toEqual([monday.rule._id]);
    // A different timezone, or a disabled rule, is not compared.
    expect((await save({ isRecurring: true, dayOfWeek: 1, startTime: '09:00', endTime: '12:00', timezone: 'Asia/Kolkata' })).overlaps).toEqual([]);
    expect((await save({ isRecurring: true, dayOfWeek: 1, startTime: '09:00', endTime: '12:00', enabled: false })).overlaps).toEqual([]);
    // Editing a rule onto free hours clears the flag; the rule never overlaps itself.
    const moved = await save({ isRecurring: true, dayOfWeek: 5, startTime: '11:00', endTime: '14:00' }, clash.rule._id);
    expect(moved.overlaps).toEqual([]);
  });
});
