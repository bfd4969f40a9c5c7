// Issue 28, calendar (decision 820): the API reads an ambiguous local time as its first occurrence and
// refuses a time the clocks skip with a message that says so.
import { describe, expect, it } from 'vitest';
import { nonexistentTimeMessage } from '@app/shared/time-zones';
import { body, buildAdmin, buildProfessional, buildStudent, workshopForm } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { connected, createSession } from '../mentoring/test-helpers.ts';

const t = useTestApp();
const workshop = workshopForm({ title: 'Night owls', maxParticipants: 5, timezone: 'Europe/London', status: 'published' });

describe('calendar: ambiguous and non-existent local times through the API', () => {
  it('a workshop at 01:30 on the fall-back night starts at the first 01:30 (BST); one at 01:30 on the spring-forward night is refused by name', async () => {
    const admin = await buildAdmin(t);
    const pro = await buildProfessional(t);
    const ambiguous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/workshops',
      headers: admin.auth,
      payload: { ...workshop, professionalId: pro.id, date: '2030-10-27', startTime: '01:30', endTime: '03:00' },
    });
    expect(ambiguous.statusCode, ambiguous.body).toBe(201);
    const schedule = body<{ data: { workshop: { schedule: { startsAt: string; endsAt: string } } } }>(ambiguous).data.workshop.schedule;
    expect(schedule.startsAt).toBe('2030-10-27T00:30:00.000Z');
    expect(schedule.endsAt).toBe('2030-10-27T03:00:00.000Z');

    const gap = await t.app.inject({
      method: 'POST',
      url: '/api/admin/workshops',
      headers: admin.auth,
      payload: { ...workshop, professionalId: pro.id, date: '2030-03-31', startTime: '01:30', endTime: '03:00' },
    });
    expect(gap.statusCode).toBe(400);
    expect(body(gap).message).toBe(nonexistentTimeMessage('2030-03-31', '01:30', 'Europe/London'));
    expect(body(gap).message).not.toBe('End time must be after start time');
  });

  it('a session in the spring-forward gap is refused with the same message; nothing is created', async () => {
    const student = await buildStudent(t);
    const pro = await buildProfessional(t);
    await connected(t, student, pro);
    const res = await createSession(t, pro, { studentId: student.id, date: '2030-03-10', startTime: '02:30', endTime: '03:30', timezone: 'America/New_York', topic: 'Gap' });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(nonexistentTimeMessage('2030-03-10', '02:30', 'America/New_York'));
    const mine = await t.app.inject({ method: 'GET', url: '/api/sessions/my', headers: pro.auth });
    expect(JSON.stringify(body(mine))).not.toContain('"Gap"');
  });
});
