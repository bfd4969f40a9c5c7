import { DateTime } from 'luxon';
import { body, type BuiltUser } from '../../../test/factories.ts';
import type { TestContext } from '../../../test/harness.ts';

/** A calendar date `days` from today in a zone. */
export const dayFromNow = (days: number, zone = 'UTC') => DateTime.now().setZone(zone).plus({ days }).toISODate() ?? '';

/** A session's time `days` from today in `timezone` (10:00–11:00 unless given). */
export const schedule = (days: number, startTime = '10:00', endTime = '11:00', timezone = 'UTC') => ({
  date: dayFromNow(days, timezone),
  startTime,
  endTime,
  timezone,
});

/** The professional schedules a session (POST /api/sessions); the answer, whatever its status. */
export function createSession(t: TestContext, pro: BuiltUser, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/sessions', headers: pro.auth, payload });
}

export async function addRule(t: TestContext, pro: BuiltUser, rule: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/professionals/availability',
    headers: pro.auth,
    payload: { isRecurring: false, startTime: '09:00', endTime: '17:00', timezone: 'UTC', enabled: true, ...rule },
  });
  if (res.statusCode !== 201) throw new Error(`rule not created: ${res.body}`);
  return body<{ data: { rule: { _id: string } } }>(res).data.rule;
}

export async function connect(t: TestContext, student: BuiltUser, pro: BuiltUser, payload: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'POST', url: `/api/professionals/${pro.id}/connect`, headers: student.auth, payload });
}

export async function requestId(t: TestContext, student: BuiltUser, pro: BuiltUser, payload: Record<string, unknown> = {}) {
  const res = await connect(t, student, pro, payload);
  if (res.statusCode !== 201) throw new Error(`connect failed: ${res.body}`);
  return body<{ data: { request: { _id: string } } }>(res).data.request._id;
}

export async function respond(t: TestContext, pro: BuiltUser, id: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/professionals/connection-requests/${id}/respond`,
    headers: pro.auth,
    payload,
  });
}

/** Connect and accept (optionally with a schedule); returns the request id and the session id if any. */
export async function connected(
  t: TestContext,
  student: BuiltUser,
  pro: BuiltUser,
  schedule?: { date: string; startTime: string; endTime: string; timezone?: string },
) {
  const id = await requestId(t, student, pro);
  const res = await respond(t, pro, id, { status: 'accepted', message: 'Welcome', ...(schedule ?? {}) });
  if (res.statusCode !== 200) throw new Error(`accept failed: ${res.body}`);
  return { requestId: id, sessionId: body<{ data: { session: { _id: string } | null } }>(res).data.session?._id ?? null };
}

export const MISSING_ID = 'ffffffffffffffffffffffff';
