import { envelope, idParams } from '@app/shared/api';
import { SURVEY_MESSAGES as M, answersBody, mySurveysData, programmeSurveysData, surveyBody, surveyForm, surveyParams, surveyResultsData } from '@app/shared/surveys';
import type { FastifyRequest } from 'fastify';
import { actorOf, organisationOf, type App, type RouteAccess } from '../../lib/http.ts';
import { dispatchSurveys, SURVEY_EVERY_MS, SURVEY_TASK } from './dispatch.ts';
import * as svc from './surveys.service.ts';

const secured = { tags: ['surveys'], security: [{ bearer: [] }] };
const participant: RouteAccess = { access: ['student', 'professional'] };

/** The coordinator routes, under both organiser prefixes of the programmes module (decision 622). */
const ORGANISERS: Array<{ prefix: string; config: RouteAccess; scope: (r: FastifyRequest) => svc.CoordinatorScope }> = [
  { prefix: '/admin/programmes', config: { access: ['admin'] }, scope: (r) => ({ actorId: actorOf(r).id }) },
  {
    prefix: '/organisations/me/programmes',
    config: { access: ['university_admin'], member: 'university' },
    scope: (r) => ({ actorId: actorOf(r).id, organisationId: organisationOf(r).id }),
  },
];

export async function surveysRoutes(app: App) {
  const db = () => app.ctx.db;
  const now = () => app.ctx.clock.now();
  const ok = <T>(data: T, message?: string) => ({ success: true as const, ...(message ? { message } : {}), data });
  const listOut = { 200: envelope(programmeSurveysData) };

  app.ctx.scheduler.every(SURVEY_TASK, SURVEY_EVERY_MS, (at) => dispatchSurveys(app.ctx.db, at, app.ctx.config.publicUrl));

  for (const { prefix, config, scope } of ORGANISERS) {
    app.get(`${prefix}/:id/surveys`, { config, schema: { ...secured, params: idParams, response: listOut } }, async (request) =>
      ok(await svc.listSurveys(db(), request.params.id, scope(request))),
    );
    app.post(`${prefix}/:id/surveys`, { config, schema: { ...secured, params: idParams, body: surveyBody, response: listOut } }, async (request) => {
      await svc.createSurvey(db(), request.params.id, request.body, scope(request), now());
      // Already due (e.g. "at the start" of a running programme): it goes out now rather than at the next
      // slot; the dispatch is exactly-once per person however many runs overlap.
      const { invited } = await dispatchSurveys(db(), now(), app.ctx.config.publicUrl);
      if (invited > 0) app.ctx.jobs.kick();
      return ok(await svc.listSurveys(db(), request.params.id, scope(request)), M.created);
    });
    app.delete(`${prefix}/:id/surveys/:surveyId`, { config, schema: { ...secured, params: surveyParams, response: listOut } }, async (request) =>
      ok(await svc.cancelSurvey(db(), request.params.id, request.params.surveyId, scope(request)), M.cancelled),
    );
    app.get(`${prefix}/:id/surveys/:surveyId/results`, { config, schema: { ...secured, params: surveyParams, response: { 200: envelope(surveyResultsData) } } }, async (request) =>
      ok(await svc.results(db(), request.params.id, request.params.surveyId, scope(request))),
    );
  }

  app.get('/surveys', { config: participant, schema: { ...secured, response: { 200: envelope(mySurveysData) } } }, async (request) => ok(await svc.mySurveys(db(), actorOf(request).id)));
  app.get('/surveys/:id', { config: participant, schema: { ...secured, params: idParams, response: { 200: envelope(surveyForm) } } }, async (request) =>
    ok(await svc.surveyFor(db(), actorOf(request).id, request.params.id)),
  );
  app.post('/surveys/:id/responses', { config: participant, schema: { ...secured, params: idParams, body: answersBody, response: { 200: envelope(surveyForm) } } }, async (request) =>
    ok(await svc.answer(db(), actorOf(request).id, request.params.id, request.body, now()), M.answered),
  );
}
