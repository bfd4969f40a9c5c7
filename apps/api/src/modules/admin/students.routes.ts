import { idParams, envelope } from '@app/shared/api';
import {
  STUDENT_MESSAGES,
  createStudentBody,
  studentData,
  studentListData,
  studentListQuery,
  userStatusBody,
  userStatusData,
} from '@app/shared/admin';
import { actorOf, type App } from '../../lib/http.ts';
import { ADMIN_ACCESS } from './common.ts';
import * as students from './students.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

export async function adminStudentRoutes(app: App) {
  app.get(
    '/admin/users',
    {
      config: ADMIN_ACCESS,
      schema: { tags, security, querystring: studentListQuery, response: { 200: envelope(studentListData) } },
    },
    async (request) => ({ success: true as const, data: await students.listStudents(app.ctx.db, request.query) }),
  );

  app.post(
    '/admin/users',
    { config: ADMIN_ACCESS, schema: { tags, security, body: createStudentBody, response: { 201: envelope(studentData) } } },
    async (request, reply) => {
      const student = await students.createStudent(app.ctx.db, app.ctx.config, actorOf(request), request.body);
      app.ctx.jobs.kick();
      return reply
        .status(201)
        .send({ success: true as const, message: STUDENT_MESSAGES.created, data: { student, user: student } });
    },
  );

  app.put(
    '/admin/users/:id/status',
    {
      config: ADMIN_ACCESS,
      schema: { tags, security, params: idParams, body: userStatusBody, response: { 200: envelope(userStatusData) } },
    },
    async (request) => {
      const result = await students.setUserStatus(app.ctx.db, actorOf(request), request.params.id, request.body.isActive);
      const who = result.role === 'student' ? 'Student' : 'Professional';
      return {
        success: true as const,
        message: `${who} ${result.isActive ? 'reactivated' : 'deactivated'} successfully!`,
        data: { _id: result._id, isActive: result.isActive, status: result.status },
      };
    },
  );
}
