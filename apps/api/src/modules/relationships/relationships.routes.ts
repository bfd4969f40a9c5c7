import { envelope, idParams } from '@app/shared/api';
import {
  RELATIONSHIP_MESSAGES as M,
  actionItemParams,
  agendaBody,
  agreementBody,
  checkInBody,
  commentBody,
  confirmBody,
  goalBody,
  goalParams,
  goalPatch,
  meetingParams,
  milestoneBody,
  milestoneParams,
  milestonePatch,
  notesBody,
  nudgeData,
  outcomeSettingsBody,
  pairParams,
  privateNoteBody,
  programmePairsHealthData,
  promoteBody,
  relationshipDetail,
  relationshipsData,
  rematchBody,
  rematchData,
  rematchProposalsData,
} from '@app/shared/relationships';
import type { FastifyRequest } from 'fastify';
import { actorOf, organisationOf, type App, type RouteAccess } from '../../lib/http.ts';
import * as svc from './relationships.service.ts';
import * as coord from './coordinator.service.ts';

const secured = { tags: ['relationships'], security: [{ bearer: [] }] };
const pair: RouteAccess = { access: ['student', 'professional'] };
export const AUTO_NUDGE_TASK = 'relationships.auto-nudge';
export const AUTO_NUDGE_EVERY_MS = 6 * 3_600_000;

/** The coordinator routes, under both organiser prefixes of the programmes module (decision 622). */
const ORGANISERS: Array<{ prefix: string; config: RouteAccess; scope: (r: FastifyRequest) => coord.CoordinatorScope }> = [
  { prefix: '/admin/programmes', config: { access: ['admin'] }, scope: (r) => ({ actorId: actorOf(r).id }) },
  {
    prefix: '/organisations/me/programmes',
    config: { access: ['university_admin'], member: 'university' },
    scope: (r) => ({ actorId: actorOf(r).id, organisationId: organisationOf(r).id }),
  },
];

export async function relationshipsRoutes(app: App) {
  const db = () => app.ctx.db;
  const now = () => app.ctx.clock.now();
  const ok = <T>(data: T, message?: string) => ({ success: true as const, ...(message ? { message } : {}), data });
  const detailOut = { 200: envelope(relationshipDetail) };

  app.ctx.scheduler.every(AUTO_NUDGE_TASK, AUTO_NUDGE_EVERY_MS, (at) => coord.autoNudgeQuietPairs(app.ctx.db, at));

  app.get('/relationships', { config: pair, schema: { ...secured, response: { 200: envelope(relationshipsData) } } }, async (request) =>
    ok(await svc.listMine(db(), actorOf(request))),
  );
  app.get('/relationships/:id', { config: pair, schema: { ...secured, params: idParams, response: detailOut } }, async (request) =>
    ok(await svc.detail(db(), actorOf(request), request.params.id, now())),
  );
  app.put('/relationships/:id/agreement', { config: pair, schema: { ...secured, params: idParams, body: agreementBody, response: detailOut } }, async (request) =>
    ok(await svc.saveAgreement(db(), actorOf(request), request.params.id, request.body, now()), M.agreementSaved),
  );
  app.post('/relationships/:id/agreement/confirm', { config: pair, schema: { ...secured, params: idParams, body: confirmBody, response: detailOut } }, async (request) =>
    ok(await svc.confirmAgreement(db(), actorOf(request), request.params.id, request.body.version, now()), M.agreementConfirmed),
  );
  app.post('/relationships/:id/goals', { config: pair, schema: { ...secured, params: idParams, body: goalBody, response: detailOut } }, async (request) =>
    ok(await svc.addGoal(db(), actorOf(request), request.params.id, request.body, now()), M.goalSaved),
  );
  app.patch('/relationships/:id/goals/:goalId', { config: pair, schema: { ...secured, params: goalParams, body: goalPatch, response: detailOut } }, async (request) =>
    ok(await svc.updateGoal(db(), actorOf(request), request.params.id, request.params.goalId, request.body, now()), M.goalSaved),
  );
  app.post(
    '/relationships/:id/goals/:goalId/milestones',
    { config: pair, schema: { ...secured, params: goalParams, body: milestoneBody, response: detailOut } },
    async (request) => ok(await svc.addMilestone(db(), actorOf(request), request.params.id, request.params.goalId, request.body, now()), M.milestoneSaved),
  );
  app.patch(
    '/relationships/:id/goals/:goalId/milestones/:milestoneId',
    { config: pair, schema: { ...secured, params: milestoneParams, body: milestonePatch, response: detailOut } },
    async (request) =>
      ok(await svc.setMilestone(db(), actorOf(request), request.params.id, request.params.goalId, request.params.milestoneId, request.body.done, now()), M.milestoneSaved),
  );
  app.post(
    '/relationships/:id/goals/:goalId/comments',
    { config: pair, schema: { ...secured, params: goalParams, body: commentBody, response: detailOut } },
    async (request) => ok(await svc.addComment(db(), actorOf(request), request.params.id, request.params.goalId, request.body.body, now()), M.commentSaved),
  );
  app.put(
    '/relationships/:id/meetings/:sessionId/agenda',
    { config: pair, schema: { ...secured, params: meetingParams, body: agendaBody, response: detailOut } },
    async (request) => ok(await svc.saveAgenda(db(), actorOf(request), request.params.id, request.params.sessionId, request.body.agenda, now()), M.agendaSaved),
  );
  app.put(
    '/relationships/:id/meetings/:sessionId/notes',
    { config: pair, schema: { ...secured, params: meetingParams, body: notesBody, response: detailOut } },
    async (request) => ok(await svc.saveNotes(db(), actorOf(request), request.params.id, request.params.sessionId, request.body, now()), M.notesSaved),
  );
  app.post(
    '/relationships/:id/meetings/:sessionId/action-items/:itemId/milestone',
    { config: pair, schema: { ...secured, params: actionItemParams, body: promoteBody, response: detailOut } },
    async (request) =>
      ok(
        await svc.promoteActionItem(db(), actorOf(request), request.params.id, request.params.sessionId, request.params.itemId, request.body.goalId, now()),
        M.actionItemPromoted,
      ),
  );
  app.put(
    '/relationships/:id/meetings/:sessionId/private-note',
    { config: pair, schema: { ...secured, params: meetingParams, body: privateNoteBody, response: detailOut } },
    async (request) => ok(await svc.savePrivateNote(db(), actorOf(request), request.params.id, request.params.sessionId, request.body.body, now()), M.privateSaved),
  );
  app.put(
    '/relationships/:id/meetings/:sessionId/check-in',
    { config: pair, schema: { ...secured, params: meetingParams, body: checkInBody, response: detailOut } },
    async (request) => ok(await svc.checkIn(db(), actorOf(request), request.params.id, request.params.sessionId, request.body, now()), M.checkInSaved),
  );

  for (const { prefix, config, scope } of ORGANISERS) {
    app.get(`${prefix}/:id/relationships`, { config, schema: { ...secured, params: idParams, response: { 200: envelope(programmePairsHealthData) } } }, async (request) =>
      ok(await coord.pairsHealth(db(), request.params.id, scope(request), now())),
    );
    app.put(
      `${prefix}/:id/outcome-settings`,
      { config, schema: { ...secured, params: idParams, body: outcomeSettingsBody, response: { 200: envelope(programmePairsHealthData) } } },
      async (request) => ok(await coord.saveSettings(db(), request.params.id, request.body, scope(request)), M.settingsSaved),
    );
    app.post(
      `${prefix}/:id/relationships/:relationshipId/nudge`,
      { config, schema: { ...secured, params: pairParams, response: { 200: envelope(nudgeData) } } },
      async (request) => ok(await coord.nudge(db(), request.params.id, request.params.relationshipId, scope(request), now()), M.nudged),
    );
    app.get(
      `${prefix}/:id/relationships/:relationshipId/rematch`,
      { config, schema: { ...secured, params: pairParams, response: { 200: envelope(rematchProposalsData) } } },
      async (request) => ok(await coord.rematchProposals(db(), request.params.id, request.params.relationshipId, scope(request))),
    );
    app.post(
      `${prefix}/:id/relationships/:relationshipId/rematch`,
      { config, schema: { ...secured, params: pairParams, body: rematchBody, response: { 200: envelope(rematchData) } } },
      async (request) => ok(await coord.rematch(db(), request.params.id, request.params.relationshipId, request.body, scope(request), now()), M.rematched),
    );
  }
}
