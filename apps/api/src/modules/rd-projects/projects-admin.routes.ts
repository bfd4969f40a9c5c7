import { z } from 'zod';
import { envelope } from '@app/shared/api';
import {
  adminProjectData,
  adminProjectListData,
  adminProjectListQuery,
  projectBody,
  projectStatusBody,
} from '@app/shared/rd-projects';
import { actorOf, type App } from '../../lib/http.ts';
import * as service from './projects-admin.service.ts';

const ADMIN = { access: ['admin'] as const };
const TAGS = ['rd-projects (admin)'];
const params = z.object({ id: z.string() });

/** Admin R&D project catalogue (spec 001 §2 "R&D Projects", §5 project form, §4 status machine). */
export async function rdProjectsAdminRoutes(app: App) {
  app.get(
    '/admin/rd-projects',
    { config: ADMIN, schema: { tags: TAGS, security: [{ bearer: [] }], querystring: adminProjectListQuery, response: { 200: envelope(adminProjectListData) } } },
    async (request) => ({ success: true as const, data: await service.listProjects(app.ctx.db, request.query) }),
  );

  app.post(
    '/admin/rd-projects',
    { config: ADMIN, schema: { tags: TAGS, security: [{ bearer: [] }], body: projectBody, response: { 201: envelope(adminProjectData) } } },
    async (request, reply) => {
      const project = await service.createProject(app.ctx.db, actorOf(request), request.body);
      app.ctx.jobs.kick();
      return reply.status(201).send({ success: true as const, message: 'R&D Project created successfully!', data: { project } });
    },
  );

  app.get(
    '/admin/rd-projects/:id',
    { config: ADMIN, schema: { tags: TAGS, security: [{ bearer: [] }], params, response: { 200: envelope(adminProjectData) } } },
    async (request) => ({ success: true as const, data: { project: await service.getProject(app.ctx.db, request.params.id) } }),
  );

  app.put(
    '/admin/rd-projects/:id',
    { config: ADMIN, schema: { tags: TAGS, security: [{ bearer: [] }], params, body: projectBody, response: { 200: envelope(adminProjectData) } } },
    async (request) => {
      const project = await service.updateProject(app.ctx.db, actorOf(request), request.params.id, request.body);
      app.ctx.jobs.kick();
      return { success: true as const, message: 'R&D Project updated successfully!', data: { project } };
    },
  );

  app.delete(
    '/admin/rd-projects/:id',
    { config: ADMIN, schema: { tags: TAGS, security: [{ bearer: [] }], params, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await service.deleteProject(app.ctx.db, app.ctx.storage, actorOf(request), request.params.id);
      return { success: true as const, message: 'R&D Project deleted successfully!', data: null };
    },
  );

  app.put(
    '/admin/rd-projects/:id/status',
    { config: ADMIN, schema: { tags: TAGS, security: [{ bearer: [] }], params, body: projectStatusBody, response: { 200: envelope(adminProjectData) } } },
    async (request) => {
      const project = await service.changeStatus(app.ctx.db, actorOf(request), request.params.id, request.body.status);
      app.ctx.jobs.kick();
      return { success: true as const, message: `Project ${project.status} successfully!`, data: { project } };
    },
  );
}
