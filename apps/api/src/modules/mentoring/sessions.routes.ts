import { envelope, idParams } from '@app/shared/api';
import {
  MENTORING_MESSAGES,
  cancelBody,
  createSessionBody,
  rateBody,
  rescheduleBody,
  sessionAttendanceBody,
  sessionData,
  sessionsData,
} from '@app/shared/mentoring';
import { actorOf, type App } from '../../lib/http.ts';
import * as sessions from './sessions.service.ts';

const secured = { tags: ['mentoring'], security: [{ bearer: [] }] };
const participants = { access: ['student', 'professional'] as const };

export async function sessionRoutes(app: App) {
  const deps = () => ({ db: app.ctx.db, config: app.ctx.config });

  app.post(
    '/sessions/:id/attendance',
    {
      config: { access: ['professional'] },
      schema: { ...secured, params: idParams, body: sessionAttendanceBody, response: { 200: envelope(sessionData) } },
    },
    async (request) => ({
      success: true as const,
      message: MENTORING_MESSAGES.attendanceMarked,
      data: { session: await sessions.markSessionAttendance(app.ctx.db, actorOf(request), request.params.id, request.body.attendance, app.ctx.clock.now()) },
    }),
  );

  app.get(
    '/sessions/my',
    { config: { ...participants, allowPendingExpert: true }, schema: { ...secured, response: { 200: envelope(sessionsData) } } },
    async (request) => ({
      success: true as const,
      data: { sessions: await sessions.mySessions(app.ctx.db, actorOf(request)) },
    }),
  );

  app.post(
    '/sessions',
    {
      config: { access: ['professional'] },
      schema: { ...secured, body: createSessionBody, response: { 201: envelope(sessionData) } },
    },
    async (request, reply) => {
      const session = await sessions.createSession(deps(), actorOf(request), request.body);
      app.ctx.jobs.kick();
      return reply.status(201).send({ success: true as const, message: MENTORING_MESSAGES.sessionScheduled, data: { session } });
    },
  );

  // Either participant (decision 700): a student within the professional's notice policy.
  app.put(
    '/sessions/:id/reschedule',
    {
      config: participants,
      schema: { ...secured, params: idParams, body: rescheduleBody, response: { 200: envelope(sessionData) } },
    },
    async (request) => {
      const actor = actorOf(request);
      const session = await sessions.rescheduleSession(deps(), actor, request.params.id, request.body, app.ctx.clock.now());
      app.ctx.jobs.kick();
      const message = actor.role === 'student' ? MENTORING_MESSAGES.rescheduledByStudent : MENTORING_MESSAGES.sessionRescheduled;
      return { success: true as const, message, data: { session } };
    },
  );

  app.put(
    '/sessions/:id/cancel',
    {
      config: participants,
      schema: { ...secured, params: idParams, body: cancelBody.optional(), response: { 200: envelope(sessionData) } },
    },
    async (request) => {
      const actor = actorOf(request);
      const session = await sessions.cancelSession(deps(), actor, request.params.id, request.body?.reason, app.ctx.clock.now());
      app.ctx.jobs.kick();
      const message = actor.role === 'student' ? MENTORING_MESSAGES.cancelledByStudent : MENTORING_MESSAGES.sessionCancelled;
      return { success: true as const, message, data: { session } };
    },
  );

  app.post(
    '/sessions/:id/rate',
    {
      config: { access: ['student'] },
      schema: { ...secured, params: idParams, body: rateBody, response: { 200: envelope(sessionData) } },
    },
    async (request) => ({
      success: true as const,
      message: MENTORING_MESSAGES.rated,
      data: { session: await sessions.rateSession(app.ctx.db, actorOf(request), request.params.id, request.body.rating) },
    }),
  );

  app.get(
    '/sessions/:id/calendar.ics',
    { config: participants, schema: { ...secured, params: idParams } },
    async (request, reply) => {
      const ics = await sessions.sessionCalendar(deps(), actorOf(request), request.params.id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="mentoring-session-${request.params.id}.ics"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(ics);
    },
  );
}
