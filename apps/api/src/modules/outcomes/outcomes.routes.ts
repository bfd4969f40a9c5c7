import { envelope, idParams } from '@app/shared/api';
import {
  OUTCOME_MESSAGES as M,
  certificateVerifyData,
  closeBody,
  closeData,
  myCertificatesData,
  outcomeReport,
  reportExportQuery,
  reportFilters,
  verificationParams,
} from '@app/shared/outcomes';
import type { FastifyRequest } from 'fastify';
import { sendExport, type ExportColumn } from '../../lib/csv.ts';
import { actorOf, organisationOf, type App, type RouteAccess } from '../../lib/http.ts';
import { sendAttachment } from '../../lib/attachments.ts';
import type { CoordinatorScope } from '../relationships/index.ts';
import { renderProgrammeCertificate } from './certificate.ts';
import * as certs from './certificates.service.ts';
import { closeProgramme, programmeFor } from './close.service.ts';
import { HEALTH_SNAPSHOT_EVERY_MS, HEALTH_SNAPSHOT_TASK, snapshotRunningProgrammes } from './health-snapshots.ts';
import { outcomeReport as buildReport, pairRows, summaryRows, type PairRow } from './report.service.ts';

const secured = { tags: ['outcomes'], security: [{ bearer: [] }] };
const SPREADSHEETS = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

/** The coordinator routes, under both organiser prefixes of the programmes module (decision 622). */
const ORGANISERS: Array<{ prefix: string; config: RouteAccess; scope: (r: FastifyRequest) => CoordinatorScope }> = [
  { prefix: '/admin/programmes', config: { access: ['admin'] }, scope: (r) => ({ actorId: actorOf(r).id }) },
  {
    prefix: '/organisations/me/programmes',
    config: { access: ['university_admin'], member: 'university' },
    scope: (r) => ({ actorId: actorOf(r).id, organisationId: organisationOf(r).id }),
  },
];

async function* each<T>(rows: T[]) {
  for (const row of rows) yield row;
}

const PAIR_COLUMNS: ExportColumn<PairRow>[] = [
  { header: 'Mentor', value: (r) => r.mentor },
  { header: 'Mentee', value: (r) => r.mentee },
  { header: 'Status', value: (r) => r.status },
  { header: 'Started', value: (r) => r.startedAt },
  { header: 'Ended', value: (r) => r.endedAt },
  { header: 'Ended because', value: (r) => r.endedReason },
  { header: 'Meetings', value: (r) => r.meetings },
  { header: 'Mentor hours', value: (r) => r.mentorHours },
  { header: 'Mentee hours', value: (r) => r.menteeHours },
  { header: 'Goals', value: (r) => r.goals },
  { header: 'Goals achieved', value: (r) => r.goalsAchieved },
  { header: 'Agreement confirmed', value: (r) => (r.agreementConfirmed ? 'yes' : 'no') },
  { header: 'Health', value: (r) => r.health },
  { header: 'Mentor certificate', value: (r) => (r.mentorCertificate ? 'yes' : 'no') },
  { header: 'Mentee certificate', value: (r) => (r.menteeCertificate ? 'yes' : 'no') },
];
type SummaryRow = ReturnType<typeof summaryRows>[number];
const SUMMARY_COLUMNS: ExportColumn<SummaryRow>[] = [
  { header: 'Section', value: (r) => r.section },
  { header: 'Item', value: (r) => r.item },
  { header: 'Value', value: (r) => r.value },
];

export async function outcomesRoutes(app: App) {
  const db = () => app.ctx.db;
  const now = () => app.ctx.clock.now();

  // Pair health over time (decision 1090): each running programme's counts, once a day across processes.
  app.ctx.scheduler.every(HEALTH_SNAPSHOT_TASK, HEALTH_SNAPSHOT_EVERY_MS, (at) => snapshotRunningProgrammes(app.ctx.db, at));

  for (const { prefix, config, scope } of ORGANISERS) {
    app.post(
      `${prefix}/:id/close`,
      { config, schema: { ...secured, params: idParams, body: closeBody, response: { 200: envelope(closeData) } } },
      async (request) => {
        const { closure } = await closeProgramme(db(), request.params.id, request.body, scope(request), now());
        return { success: true as const, message: M.closed, data: { closure } };
      },
    );
    app.get(
      `${prefix}/:id/report`,
      {
        config,
        schema: { ...secured, params: idParams, querystring: reportFilters, response: { 200: envelope(outcomeReport) } },
      },
      async (request) => ({
        success: true as const,
        data: await buildReport(db(), request.params.id, scope(request), now(), request.query),
      }),
    );
    app.get(
      `${prefix}/:id/report/export`,
      { config, schema: { ...secured, params: idParams, querystring: reportExportQuery, produces: SPREADSHEETS } },
      async (request, reply) => {
        const { format, table, ...filters } = request.query;
        if (table === 'pairs') {
          const p = await programmeFor(db(), request.params.id, scope(request));
          return sendExport(
            reply,
            `programme-pairs-${certs.slug(p.name)}`,
            format,
            PAIR_COLUMNS,
            each(await pairRows(db(), p, now(), filters, scope(request))),
          );
        }
        const report = await buildReport(db(), request.params.id, scope(request), now(), filters);
        return sendExport(
          reply,
          `programme-report-${certs.slug(report.programme.name)}`,
          format,
          SUMMARY_COLUMNS,
          each(summaryRows(report)),
        );
      },
    );
  }

  // A participant's own programme certificates (issued at close) and their PDFs.
  const participant: RouteAccess = { access: ['student', 'professional'] };
  app.get(
    '/me/programme-certificates',
    { config: participant, schema: { ...secured, response: { 200: envelope(myCertificatesData) } } },
    async (request) => ({
      success: true as const,
      data: { certificates: await certs.myCertificates(db(), actorOf(request).id) },
    }),
  );
  app.get(
    '/me/programme-certificates/:id/pdf',
    { config: participant, schema: { ...secured, params: idParams, produces: ['application/pdf'] } },
    async (request, reply) => {
      const facts = await certs.myCertificate(db(), actorOf(request).id, request.params.id);
      const pdf = await renderProgrammeCertificate(facts, `${app.ctx.config.publicUrl}/certificates/${facts.verificationId}`);
      return sendAttachment(reply, 'application/pdf', `certificate-${certs.slug(facts.programmeName)}.pdf`, Buffer.from(pdf));
    },
  );
  // Public verification, as for workshop certificates (the verification page asks here when the id is not a workshop's).
  app.get(
    '/programme-certificates/:verificationId',
    {
      config: { access: 'public' },
      schema: { tags: ['outcomes'], params: verificationParams, response: { 200: envelope(certificateVerifyData) } },
    },
    async (request) => {
      const c = await certs.verify(db(), request.params.verificationId);
      return {
        success: true as const,
        message: 'This certificate is valid',
        data: {
          certificate: {
            verificationId: c.verificationId,
            name: c.name,
            programmeName: c.programmeName,
            kind: c.kind,
            issuedAt: c.issuedAt.toISOString(),
          },
        },
      };
    },
  );
}
