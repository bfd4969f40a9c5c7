import { clientOf } from '../auth/index.ts';
import { z } from 'zod';
import { envelope, idParams } from '@app/shared/api';
import { authData } from '@app/shared/auth';
import {
  CONFIRM_MESSAGES,
  ORG_MESSAGES,
  acceptInvitationBody,
  addDomainBody,
  affiliationBody,
  affiliationData,
  cohortData,
  companyPerformanceData,
  companyProjectData,
  companyProjectsData,
  confirmEmailBody,
  decisionBody,
  delegateDomainBody,
  delegationData,
  delegationsData,
  invitationDto,
  invitationInfoData,
  invitationLookupBody,
  inviteBody,
  moderationListData,
  myOrganisationData,
  organisationActionBody,
  organisationData,
  organisationListData,
  organisationListQuery,
  organisationRegisterBody,
  universityStudentData,
  universityStudentsData,
  universityStudentsQuery,
} from '@app/shared/organisations';
import { adminApplicationsData, adminApplicationsQuery, applicationData, projectBody, reviewApplicationBody } from '@app/shared/rd-projects';
import { audit } from '../../lib/audit.ts';
import { exportFormatQuery, sendExport } from '../../lib/csv.ts';
import { notFound, rateLimited } from '../../lib/errors.ts';
import { isId } from '../../lib/ids.ts';
import { actorOf, organisationOf, type Actor, type App, type RouteAccess } from '../../lib/http.ts';
import { recordAcceptance, recordView } from '../consent/index.ts';
import * as limiter from '../../lib/rate-limit.ts';
import { applicationsAdminService as applications } from '../rd-projects/index.ts';
import { reviewAnswer, sendDocument } from '../rd-projects/index.ts';
import * as company from './company.service.ts';
import { confirmLink } from './confirmations.ts';
import * as orgs from './organisations.service.ts';
import * as delegations from './delegations.ts';
import { sessionFor } from './session.ts';
import * as university from './university.service.ts';
import { offerAffiliationOnRegister } from './university.service.ts';
import { onRegistered } from '../auth/index.ts';
import { workshopsManageService as manageWorkshops } from '../workshops/index.ts';
import {
  UNIVERSITY_WORKSHOP_MESSAGES,
  adminWorkshopListQuery,
  manageWorkshopData,
  manageWorkshopListData,
  workshopPatchBody,
  workshopRegistrationsData,
} from '@app/shared/workshop-admin';

const tags = ['organisations'];
const security = [{ bearer: [] }];

// "Member of this organisation" declarations (decision 480): who, and of which kind of organisation.
const ANY_MEMBER = { access: ['university_admin', 'company_admin'], member: 'any' } as const satisfies RouteAccess;
const ANY_MEMBER_EVEN_PENDING = { ...ANY_MEMBER, allowPendingOrganisation: true } as const satisfies RouteAccess;
const UNIVERSITY_MEMBER = { access: ['university_admin'], member: 'university' } as const satisfies RouteAccess;
const COMPANY_MEMBER = { access: ['company_admin'], member: 'company' } as const satisfies RouteAccess;
const ADMIN = { access: ['admin'] } as const satisfies RouteAccess;
const projectParams = z.object({ id: z.string() });
const applicationParams = z.object({ id: z.string(), applicationId: z.string() });

/** Universities and companies join, manage themselves and are decided on by administrators (issue 15). */
export async function organisationsRoutes(app: App) {
  const { db } = app.ctx;
  // An address at an approved university's domain: a link to confirm it and be shown affiliated.
  onRegistered(offerAffiliationOnRegister);

  app.post(
    '/organisations/register',
    { config: { access: 'public' }, schema: { tags, body: organisationRegisterBody, response: { 201: envelope(authData) } } },
    async (request, reply) => {
      await limiter.limitSignups(db, request.ip, app.ctx.config.registerMaxPerIp);
      const userId = await orgs.register(db, app.ctx.config, request.body);
      await recordAcceptance(db, userId, request.body.privacyNoticeVersion, 'registration', app.ctx.clock.now());
      app.ctx.jobs.kick();
      const data = await sessionFor(db, app.ctx.tokens, userId, clientOf(request));
      return reply.status(201).send({ success: true as const, message: ORG_MESSAGES.registered, data });
    },
  );

  app.post(
    '/confirmations/email',
    {
      config: { access: 'public' },
      schema: { tags, body: confirmEmailBody, response: { 200: envelope(z.object({ purpose: z.enum(['account', 'affiliation']) })) } },
    },
    async (request) => {
      const attempt = await limiter.hit(db, `confirm:ip:${request.ip}`, 3600);
      if (attempt.count > 60) throw rateLimited(attempt.retryAfterSeconds);
      const { purpose } = await confirmLink(db, request.body.token);
      return { success: true as const, message: CONFIRM_MESSAGES.done, data: { purpose } };
    },
  );

  app.post(
    '/organisations/invitations/lookup',
    { config: { access: 'public' }, schema: { tags, body: invitationLookupBody, response: { 200: envelope(invitationInfoData) } } },
    async (request) => ({ success: true as const, data: await orgs.lookupInvitation(db, request.body.token) }),
  );

  app.post(
    '/organisations/invitations/accept',
    { config: { access: 'public' }, schema: { tags, body: acceptInvitationBody, response: { 201: envelope(authData) } } },
    async (request, reply) => {
      const userId = await orgs.acceptInvitation(db, request.body);
      const data = await sessionFor(db, app.ctx.tokens, userId, clientOf(request));
      return reply.status(201).send({ success: true as const, message: 'Welcome to MentorBridge', data });
    },
  );

  // A member's own organisation.
  app.get(
    '/organisations/me',
    { config: ANY_MEMBER_EVEN_PENDING, schema: { tags, security, response: { 200: envelope(myOrganisationData) } } },
    async (request) => ({ success: true as const, data: await orgs.myOrganisation(db, organisationOf(request)) }),
  );

  app.post(
    '/organisations/me/domains',
    { config: ANY_MEMBER, schema: { tags, security, body: addDomainBody, response: { 201: envelope(organisationData) } } },
    async (request, reply) => {
      const organisation = await orgs.addDomain(db, actorOf(request), organisationOf(request), request.body.domain);
      return reply.status(201).send({ success: true as const, message: 'Domain added', data: { organisation } });
    },
  );

  app.delete(
    '/organisations/me/domains/:id',
    { config: ANY_MEMBER, schema: { tags, security, params: idParams, response: { 200: envelope(organisationData) } } },
    async (request) => ({
      success: true as const,
      message: 'Domain removed',
      data: { organisation: await orgs.removeDomain(db, actorOf(request), organisationOf(request), request.params.id) },
    }),
  );

  // Decision 822: prove a domain by the DNS TXT record shown beside it.
  app.post(
    '/organisations/me/domains/:id/dns-check',
    { config: ANY_MEMBER, schema: { tags, security, params: idParams, response: { 200: envelope(organisationData) } } },
    async (request) => {
      const { organisation, message } = await orgs.checkDomainDns(db, actorOf(request), organisationOf(request), request.params.id);
      return { success: true as const, message, data: { organisation } };
    },
  );

  // Decision 941: a parent delegates a sub-domain to another organisation (sub-domains are otherwise its own).
  app.post(
    '/organisations/me/delegations',
    { config: ANY_MEMBER, schema: { tags, security, body: delegateDomainBody, response: { 201: envelope(delegationData) } } },
    async (request, reply) => {
      const delegation = await delegations.delegate(db, app.ctx.config.publicUrl, actorOf(request), organisationOf(request), request.body);
      app.ctx.jobs.kick();
      return reply.status(201).send({ success: true as const, message: ORG_MESSAGES.delegated, data: { delegation } });
    },
  );

  app.delete(
    '/organisations/me/delegations/:id',
    { config: ANY_MEMBER, schema: { tags, security, params: idParams, response: { 200: envelope(delegationsData) } } },
    async (request) => {
      const org = organisationOf(request);
      await delegations.revokeDelegation(db, actorOf(request), org, request.params.id);
      return { success: true as const, message: ORG_MESSAGES.delegationRevoked, data: { delegations: await delegations.delegationsOf(db, org.id) } };
    },
  );

  app.post(
    '/organisations/me/invitations',
    { config: ANY_MEMBER, schema: { tags, security, body: inviteBody, response: { 201: envelope(z.object({ invitation: invitationDto })) } } },
    async (request, reply) => {
      const invitation = await orgs.invite(db, app.ctx.config, actorOf(request), organisationOf(request), request.body);
      app.ctx.jobs.kick();
      return reply.status(201).send({ success: true as const, message: `Invitation sent to ${invitation.email}`, data: { invitation } });
    },
  );

  // University: its own students only.
  app.get(
    '/organisations/me/students',
    { config: UNIVERSITY_MEMBER, schema: { tags, security, querystring: universityStudentsQuery, response: { 200: envelope(universityStudentsData) } } },
    async (request) => ({ success: true as const, data: await university.listStudents(db, organisationOf(request), request.query) }),
  );

  app.get(
    '/organisations/me/students/export',
    {
      config: UNIVERSITY_MEMBER,
      schema: {
        tags,
        security,
        querystring: z.object({ format: exportFormatQuery }),
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const org = organisationOf(request);
      await audit(db, actorOf(request).id, 'export', 'university-students', org.id, null, null);
      // CSV by default, a real XLSX with `?format=xlsx` (decision 827).
      return sendExport(reply, 'students', request.query.format, 
        [
          { header: 'Name', value: (s) => s.name },
          { header: 'Email', value: (s) => s.email },
          { header: 'Course', value: (s) => s.course },
          { header: 'Year', value: (s) => s.year },
          { header: 'Affiliated since', value: (s) => s.affiliatedSince },
          { header: 'Sessions', value: (s) => s.sessions },
          { header: 'Workshops attended', value: (s) => s.workshopsAttended },
          { header: 'Ideas', value: (s) => s.ideas },
          { header: 'R&D applications', value: (s) => s.applications },
        ],
        university.allStudents(db, org),
      );
    },
  );

  app.get(
    '/organisations/me/students/:id',
    { config: UNIVERSITY_MEMBER, schema: { tags, security, params: idParams, response: { 200: envelope(universityStudentData) } } },
    async (request) => {
      const student = await university.getStudent(db, organisationOf(request), request.params.id);
      // Shown to the student in "Who accessed your data" (issue 24).
      await recordView(db, actorOf(request), request.params.id, 'university-record');
      return { success: true as const, data: { student } };
    },
  );

  app.get(
    '/organisations/me/cohort',
    { config: UNIVERSITY_MEMBER, schema: { tags, security, response: { 200: envelope(cohortData) } } },
    async (request) => ({ success: true as const, data: await university.cohort(db, organisationOf(request)) }),
  );

  // University-only workshops (decision 630): submitted for the admin's approval, seen by its students only.
  const universityManager = (request: { actor: Actor | null }): manageWorkshops.Manager => ({
    kind: 'university',
    actor: actorOf(request),
    organisationId: organisationOf(request).id,
  });

  app.get(
    '/organisations/me/workshops',
    { config: UNIVERSITY_MEMBER, schema: { tags, security, querystring: adminWorkshopListQuery, response: { 200: envelope(manageWorkshopListData) } } },
    async (request) => ({
      success: true as const,
      data: await manageWorkshops.listManagedWorkshops(db, universityManager(request), request.query, app.ctx.clock.now()),
    }),
  );

  app.post(
    '/organisations/me/workshops',
    { config: UNIVERSITY_MEMBER, schema: { tags, security, body: workshopPatchBody, response: { 201: envelope(manageWorkshopData) } } },
    async (request, reply) => {
      const workshop = await manageWorkshops.createManagedWorkshop(db, app.ctx.config, universityManager(request), request.body);
      return reply
        .status(201)
        .send({ success: true as const, message: 'Workshop submitted for approval', data: { workshop } });
    },
  );

  // While it awaits approval the university may still change or withdraw its submission (decision 632).
  app.put(
    '/organisations/me/workshops/:id',
    { config: UNIVERSITY_MEMBER, schema: { tags, security, params: idParams, body: workshopPatchBody, response: { 200: envelope(manageWorkshopData) } } },
    async (request) => {
      const { workshop } = await manageWorkshops.updateManagedWorkshop(db, app.ctx.config, universityManager(request), request.params.id, request.body);
      return { success: true as const, message: UNIVERSITY_WORKSHOP_MESSAGES.updated, data: { workshop } };
    },
  );

  app.delete(
    '/organisations/me/workshops/:id',
    { config: UNIVERSITY_MEMBER, schema: { tags, security, params: idParams, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await manageWorkshops.deleteManagedWorkshop(db, universityManager(request), request.params.id, app.ctx.clock.now());
      return { success: true as const, message: UNIVERSITY_WORKSHOP_MESSAGES.withdrawn, data: null };
    },
  );

  app.get(
    '/organisations/me/workshops/:id/registrations',
    { config: UNIVERSITY_MEMBER, schema: { tags, security, params: idParams, response: { 200: envelope(workshopRegistrationsData) } } },
    async (request) => ({
      success: true as const,
      data: { registrations: await manageWorkshops.listRegistrations(db, universityManager(request), request.params.id) },
    }),
  );

  // Company: its own projects, their applications, its endorsed mentors.
  app.get(
    '/organisations/me/projects',
    { config: COMPANY_MEMBER, schema: { tags, security, response: { 200: envelope(companyProjectsData) } } },
    async (request) => ({ success: true as const, data: { projects: await company.listOwnProjects(db, organisationOf(request)) } }),
  );

  app.post(
    '/organisations/me/projects',
    { config: COMPANY_MEMBER, schema: { tags, security, body: projectBody, response: { 201: envelope(companyProjectData) } } },
    async (request, reply) => {
      const project = await company.postProject(db, actorOf(request), organisationOf(request), request.body);
      return reply.status(201).send({ success: true as const, message: 'Project submitted for review', data: { project } });
    },
  );

  app.get(
    '/organisations/me/projects/:id/applications',
    {
      config: COMPANY_MEMBER,
      schema: { tags, security, params: projectParams, querystring: adminApplicationsQuery, response: { 200: envelope(adminApplicationsData) } },
    },
    async (request) => {
      await company.assertOwnProject(db, organisationOf(request), request.params.id);
      return { success: true as const, data: await applications.listApplications(db, request.params.id, request.query) };
    },
  );

  app.put(
    '/organisations/me/projects/:id/applications/:applicationId',
    {
      config: COMPANY_MEMBER,
      schema: { tags, security, params: applicationParams, body: reviewApplicationBody, response: { 200: envelope(applicationData) } },
    },
    async (request) => {
      await company.assertOwnProject(db, organisationOf(request), request.params.id);
      return reviewAnswer(app, actorOf(request), request.params, request.body);
    },
  );

  app.get(
    '/organisations/me/projects/:id/applications/:applicationId/documents/:documentId',
    { config: COMPANY_MEMBER, schema: { tags, security, params: z.object({ id: z.string(), applicationId: z.string(), documentId: z.string() }) } },
    async (request, reply) => {
      const { id, applicationId, documentId } = request.params;
      await company.assertOwnProject(db, organisationOf(request), id);
      return sendDocument(reply, app.ctx.storage, await applications.adminDocument(db, id, applicationId, documentId));
    },
  );

  app.get(
    '/organisations/me/performance',
    { config: COMPANY_MEMBER, schema: { tags, security, response: { 200: envelope(companyPerformanceData) } } },
    async (request) => ({ success: true as const, data: await company.performance(db, organisationOf(request)) }),
  );

  // A student's university affiliation, and what that university can see.
  app.get(
    '/students/me/affiliation',
    { config: { access: ['student'] }, schema: { tags, security, response: { 200: envelope(affiliationData) } } },
    async (request) => ({ success: true as const, data: await university.affiliationOf(db, actorOf(request).id) }),
  );

  app.post(
    '/students/me/affiliation',
    { config: { access: ['student'] }, schema: { tags, security, body: affiliationBody, response: { 200: envelope(affiliationData) } } },
    async (request) => {
      const actor = actorOf(request);
      const attempt = await limiter.hit(db, `affiliation:${actor.id}`, 3600);
      if (attempt.count > 5) throw rateLimited(attempt.retryAfterSeconds);
      const name = await university.requestAffiliation(db, app.ctx.config, actor, request.body.email);
      app.ctx.jobs.kick();
      return {
        success: true as const,
        message: `We sent a confirmation link to ${request.body.email} (${name})`,
        data: await university.affiliationOf(db, actor.id),
      };
    },
  );

  // Administrators: the organisations tab and the project moderation queue.
  app.get(
    '/admin/organisations',
    { config: ADMIN, schema: { tags, security, querystring: organisationListQuery, response: { 200: envelope(organisationListData) } } },
    async (request) => ({ success: true as const, data: await orgs.listOrganisations(db, request.query) }),
  );

  app.get(
    '/admin/organisations/:id',
    { config: ADMIN, schema: { tags, security, params: idParams, response: { 200: envelope(organisationData) } } },
    async (request) => {
      if (!isId(request.params.id)) throw notFound('Organisation');
      return { success: true as const, data: { organisation: await orgs.organisationDto(db, request.params.id) } };
    },
  );

  app.post(
    '/admin/organisations/:id/decision',
    { config: ADMIN, schema: { tags, security, params: idParams, body: organisationActionBody, response: { 200: envelope(organisationData) } } },
    async (request) => {
      const organisation = await orgs.actOn(db, app.ctx.config, actorOf(request), request.params.id, request.body);
      app.ctx.jobs.kick();
      return { success: true as const, message: `Organisation ${organisation.status}`, data: { organisation } };
    },
  );

  app.get(
    '/admin/project-moderation',
    { config: ADMIN, schema: { tags, security, response: { 200: envelope(moderationListData) } } },
    async () => ({ success: true as const, data: { projects: await company.moderationQueue(db) } }),
  );

  app.post(
    '/admin/project-moderation/:id/decision',
    { config: ADMIN, schema: { tags, security, params: idParams, body: decisionBody, response: { 200: envelope(companyProjectData) } } },
    async (request) => {
      const project = await company.moderate(db, actorOf(request), request.params.id, request.body);
      return { success: true as const, message: project.moderation === 'approved' ? 'Project published' : 'Project rejected', data: { project } };
    },
  );
}
