import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/platform.ts';
import { MENTORING_MESSAGES, type ConversationMessage } from '@app/shared/mentoring';
import { body, buildAdmin, buildProfessional, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { MISSING_ID, requestId } from './test-helpers.ts';

const t = useTestApp();
const url = (otherId: string) => `/api/conversations/${otherId}/messages`;
/** `from` writes `text` to `to` in their conversation. */
const send = (from: BuiltUser, to: BuiltUser, text: string) => t.app.inject({ method: 'POST', url: url(to.id), headers: from.auth, payload: { body: text } });

describe('conversations', () => {
  it('answers 401, 403 for admins, 404 without a connection request, for a malformed id or oneself', async () => {
    const student = await buildStudent(t);
    const pro = await buildProfessional(t);
    const otherStudent = await buildStudent(t);
    expect((await t.app.inject({ method: 'GET', url: url(pro.id) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: url(pro.id), headers: (await buildAdmin(t)).auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url(pro.id), headers: student.auth })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: url(pro.id), headers: student.auth, payload: { body: 'hi' } })).statusCode,
    ).toBe(404);
    await requestId(t, student, pro);
    for (const [who, other] of [
      [student, 'bad'],
      [student, MISSING_ID],
      [student, student.id],
      [student, otherStudent.id],
      [otherStudent, pro.id],
    ] as const) {
      expect((await t.app.inject({ method: 'GET', url: url(other), headers: who.auth })).statusCode).toBe(404);
    }
  });

  it('lets both sides write and read the thread; the other side is notified; 400 for empty or long messages', async () => {
    const student = await buildStudent(t, { firstName: 'Nia' });
    const pro = await buildProfessional(t);
    await requestId(t, student, pro, { message: 'Hello' });
    const first = await send(student, pro, 'Can we talk about internships?');
    expect(first.statusCode).toBe(201);
    const reply = await send(pro, student, 'Sure, on Friday.');
    expect(reply.statusCode).toBe(201);
    const empty = await t.app.inject({ method: 'POST', url: url(student.id), headers: pro.auth, payload: { body: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(body(empty)).toMatchObject({ message: MENTORING_MESSAGES.messageRequired });
    expect(
      (await t.app.inject({ method: 'POST', url: url(student.id), headers: pro.auth, payload: { body: 'x'.repeat(2001) } }))
        .statusCode,
    ).toBe(400);

    const thread = body<{ data: { other: { name: string; role: string }; messages: ConversationMessage[] } }>(
      await t.app.inject({ method: 'GET', url: url(student.id), headers: pro.auth }),
    ).data;
    expect(thread.other).toMatchObject({ name: 'Nia Student', role: 'student' });
    expect(thread.messages.map((m) => [m.body, m.mine])).toEqual([
      ['Can we talk about internships?', false],
      ['Sure, on Friday.', true],
    ]);
    // The professional read the student's message.
    const studentView = body<{ data: { messages: ConversationMessage[] } }>(
      await t.app.inject({ method: 'GET', url: url(pro.id), headers: student.auth }),
    ).data;
    expect(studentView.messages[0]?.readAt).not.toBeNull();
    expect(studentView.messages[0]?.mine).toBe(true);
    const bell = await t.database.db.select().from(notifications).where(eq(notifications.userId, student.id));
    expect(bell.map((n) => n.subType)).toEqual(['message']);
    expect(bell[0]?.title).toBe('New message from Test Mentor');
  });
});
