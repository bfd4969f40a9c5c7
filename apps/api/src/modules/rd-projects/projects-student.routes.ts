import { z } from 'zod';
import { envelope } from '@app/shared/api';
import {
  bookmarkToggleData,
  bookmarksData,
  publicProjectListData,
  publicProjectListQuery,
  studentProjectData,
  studentProjectListData,
  studentProjectListQuery,
} from '@app/shared/rd-projects';
import { actorOf, type App } from '../../lib/http.ts';
import * as service from './projects-student.service.ts';

const STUDENT = { access: ['student'] as const };
const TAGS = ['rd-projects'];

/** The student R&D browser (spec 002 §2, §7) and the public /projects list. */
export async function rdProjectsStudentRoutes(app: App) {
  app.get(
    '/rd-projects/public',
    { config: { access: 'public', etag: true }, schema: { tags: TAGS, querystring: publicProjectListQuery, response: { 200: envelope(publicProjectListData) } } },
    async (request) => ({ success: true as const, data: await service.publicProjects(app.ctx.db, request.query, app.ctx.cache) }),
  );

  app.get(
    '/rd-projects/user/:userId',
    {
      config: { ...STUDENT, etag: true },
      schema: { tags: TAGS, security: [{ bearer: [] }], params: z.object({ userId: z.string() }), querystring: studentProjectListQuery, response: { 200: envelope(studentProjectListData) } },
    },
    async (request) => ({
      success: true as const,
      data: await service.listForStudent(app.ctx.db, actorOf(request), request.params.userId, request.query, undefined, app.ctx.cache),
    }),
  );

  app.get(
    '/rd-projects/my/bookmarks',
    { config: STUDENT, schema: { tags: TAGS, security: [{ bearer: [] }], response: { 200: envelope(bookmarksData) } } },
    async (request) => ({ success: true as const, data: { projects: await service.bookmarks(app.ctx.db, actorOf(request)) } }),
  );

  app.get(
    '/rd-projects/:id',
    { config: STUDENT, schema: { tags: TAGS, security: [{ bearer: [] }], params: z.object({ id: z.string() }), response: { 200: envelope(studentProjectData) } } },
    async (request) => ({ success: true as const, data: { project: await service.projectForStudent(app.ctx.db, actorOf(request), request.params.id) } }),
  );

  app.post(
    '/rd-projects/:id/bookmark',
    { config: STUDENT, schema: { tags: TAGS, security: [{ bearer: [] }], params: z.object({ id: z.string() }), response: { 200: envelope(bookmarkToggleData) } } },
    async (request) => {
      const isBookmarked = await service.toggleBookmark(app.ctx.db, actorOf(request), request.params.id);
      return { success: true as const, message: isBookmarked ? 'Project bookmarked' : 'Bookmark removed', data: { isBookmarked } };
    },
  );
}
