import { envelope, idParams } from '@app/shared/api';
import {
  IDEA_MESSAGES,
  commentBody,
  commentData,
  commentsData,
  createIdeaBody,
  ideaData,
  ideaListData,
  ideaListQuery,
  likeBody,
  likeData,
  myIdeasQuery,
  updateIdeaBody,
} from '@app/shared/ideas';
import { actorOf, type App } from '../../lib/http.ts';
import * as service from './ideas.service.ts';

export async function ideasRoutes(app: App) {
  const secured = { security: [{ bearer: [] }] };

  app.get(
    '/ideas',
    {
      config: { access: 'public', etag: true },
      schema: { tags: ['ideas'], querystring: ideaListQuery, response: { 200: envelope(ideaListData) } },
    },
    async (request) => ({
      success: true as const,
      data: await service.listPublicIdeas(app.ctx.db, request.actor, request.query, app.ctx.cache),
    }),
  );

  app.get(
    '/ideas/my-ideas',
    {
      config: { access: ['student'] },
      schema: { tags: ['ideas'], ...secured, querystring: myIdeasQuery, response: { 200: envelope(ideaListData) } },
    },
    async (request) => ({ success: true as const, data: await service.listMyIdeas(app.ctx.db, actorOf(request), request.query) }),
  );

  app.get(
    '/ideas/:id',
    {
      config: { access: 'public' },
      schema: { tags: ['ideas'], params: idParams, response: { 200: envelope(ideaData) } },
    },
    async (request) => ({ success: true as const, data: { idea: await service.getIdea(app.ctx.db, request.actor, request.params.id) } }),
  );

  app.post(
    '/ideas',
    {
      config: { access: ['student'] },
      schema: { tags: ['ideas'], ...secured, body: createIdeaBody, response: { 201: envelope(ideaData) } },
    },
    async (request, reply) => {
      const idea = await service.createIdea(app.ctx.db, actorOf(request), request.body);
      const message = idea.status === 'draft' ? IDEA_MESSAGES.draftSaved : IDEA_MESSAGES.submitted;
      return reply.status(201).send({ success: true as const, message, data: { idea } });
    },
  );

  app.put(
    '/ideas/:id',
    {
      config: { access: ['student'] },
      schema: { tags: ['ideas'], ...secured, params: idParams, body: updateIdeaBody, response: { 200: envelope(ideaData) } },
    },
    async (request) => {
      const idea = await service.updateIdea(app.ctx.db, actorOf(request), request.params.id, request.body);
      const message = idea.status === 'draft' ? IDEA_MESSAGES.draftSaved : IDEA_MESSAGES.submitted;
      return { success: true as const, message, data: { idea } };
    },
  );

  app.post(
    '/ideas/:id/like',
    {
      config: { access: ['student'] },
      schema: { tags: ['ideas'], ...secured, params: idParams, body: likeBody, response: { 200: envelope(likeData) } },
    },
    async (request) => ({
      success: true as const,
      data: await service.setLike(app.ctx.db, actorOf(request), request.params.id, request.body?.like),
    }),
  );

  app.get(
    '/ideas/:id/comments',
    {
      config: { access: ['student', 'admin'] },
      schema: { tags: ['ideas'], ...secured, params: idParams, response: { 200: envelope(commentsData) } },
    },
    async (request) => ({ success: true as const, data: await service.listComments(app.ctx.db, actorOf(request), request.params.id) }),
  );

  app.post(
    '/ideas/:id/comments',
    {
      config: { access: ['student', 'admin'] },
      schema: { tags: ['ideas'], ...secured, params: idParams, body: commentBody, response: { 201: envelope(commentData) } },
    },
    async (request, reply) => {
      const data = await service.addComment(app.ctx.db, actorOf(request), request.params.id, request.body.body);
      return reply.status(201).send({ success: true as const, message: IDEA_MESSAGES.commentAdded, data });
    },
  );
}
