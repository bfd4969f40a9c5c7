/**
 * Who may call what: every /api route (method + URL pattern) with the status each persona gets.
 * authorization-matrix.test.ts compares this with the real route table and real answers.
 *
 * How a route is called: as each persona, with path ids that do not exist (a user-id parameter is the
 * `student` persona's own id, `otherUserId` the `professional` persona's) and an empty JSON body for
 * writes. So "allowed" shows as the handler's answer to that request — 200 for a read, 400 for a body
 * that fails validation, 404 for an unknown id — and every refusal is the access layer's: 401 without a
 * (valid) token, 403 for a wrong role or a professional still on a temporary password.
 * Ownership of real objects (someone else's workshop, idea, application → 404) is tested in each
 * module's own tests; here it shows for the user-keyed routes (`otherStudent` asking for `student`'s).
 *
 * A new route: add it here with the rule you mean (helpers below), run the test, and read the diff.
 */

export const PERSONAS = [
  'anonymous',
  'student',
  'otherStudent',
  'professional',
  'otherProfessional',
  'tempProfessional',
  'deactivated',
  'admin',
  // issue 15: the organisation roles, a member of an organisation awaiting approval, one of a suspended
  // organisation (cannot act as a member at all), and an industry expert awaiting verification.
  'universityAdmin',
  'companyAdmin',
  'pendingOrgAdmin',
  'suspendedOrgAdmin',
  'pendingExpert',
  // issue 28: a university awaiting approval (its member holds university_admin) — no student data yet.
  'pendingUniversityAdmin',
] as const;
export type Persona = (typeof PERSONAS)[number];
export type Row = Record<Persona, number>;
type Role = 'student' | 'professional' | 'admin' | 'university_admin' | 'company_admin';

/** Anyone, signed in or not (a bad token on a public route is treated as no token). */
function pub(ok: number, over: Partial<Row> = {}): Row {
  return {
    anonymous: ok,
    student: ok,
    otherStudent: ok,
    professional: ok,
    otherProfessional: ok,
    tempProfessional: ok,
    deactivated: ok,
    admin: ok,
    universityAdmin: ok,
    companyAdmin: ok,
    pendingOrgAdmin: ok,
    suspendedOrgAdmin: ok,
    pendingExpert: ok,
    pendingUniversityAdmin: ok,
    ...over,
  };
}

/**
 * Only the listed roles; `ok` is what an allowed persona gets. A professional on a temporary password
 * gets 403 unless the route is part of the password-change flow (`tmp: true`). An expert awaiting
 * verification gets 403 on every route open to professionals (issue 28: they reach no student) unless the
 * route acts on their own account only (`pendingExpert: true`, the route's `allowPendingExpert`).
 */
function only(roles: Role[] | 'any', ok: number, opts: { tmp?: boolean; pendingExpert?: boolean } = {}, over: Partial<Row> = {}): Row {
  const allowed = (role: Role) => roles === 'any' || roles.includes(role);
  const pro = allowed('professional') ? ok : 403;
  return {
    anonymous: 401,
    student: allowed('student') ? ok : 403,
    otherStudent: allowed('student') ? ok : 403,
    professional: pro,
    otherProfessional: pro,
    tempProfessional: opts.tmp ? pro : 403,
    deactivated: 401,
    admin: allowed('admin') ? ok : 403,
    universityAdmin: allowed('university_admin') ? ok : 403,
    companyAdmin: allowed('company_admin') ? ok : 403,
    // A pending company's member holds the company_admin role; routes that act for an organisation
    // refuse them until it is approved (see `member` below).
    pendingOrgAdmin: allowed('company_admin') ? ok : 403,
    suspendedOrgAdmin: 401, // a suspended organisation's member is signed out everywhere
    pendingExpert: roles === 'any' || (opts.pendingExpert && allowed('professional')) ? pro : allowed('professional') ? 403 : pro,
    pendingUniversityAdmin: allowed('university_admin') ? ok : 403,
    ...over,
  };
}

/**
 * "Member of this organisation" routes (decision 480): the organisation roles of the given kind, acting
 * on their own organisation only; a pending organisation's member only where `pending` says so.
 */
function member(kind: 'university' | 'company' | 'any', ok: number, opts: { pending?: boolean } = {}, over: Partial<Row> = {}): Row {
  const roles: Role[] = kind === 'any' ? ['university_admin', 'company_admin'] : kind === 'university' ? ['university_admin'] : ['company_admin'];
  const row = only(roles, ok);
  const pendingAllowed = kind !== 'university' && opts.pending;
  return {
    ...row,
    pendingOrgAdmin: kind === 'university' ? 403 : pendingAllowed ? ok : 403,
    pendingUniversityAdmin: kind === 'company' ? 403 : opts.pending ? ok : 403,
    ...over,
  };
}
const any = (ok: number, opts: { tmp?: boolean } = {}, over: Partial<Row> = {}) => only('any', ok, opts, over);
const student = (ok: number, over: Partial<Row> = {}) => only(['student'], ok, {}, over);
const professional = (ok: number, over: Partial<Row> = {}) => only(['professional'], ok, {}, over);
/** A professional route on the caller's own account only: an expert awaiting verification may use it. */
const ownAccount = (ok: number, over: Partial<Row> = {}) => only(['professional'], ok, { pendingExpert: true }, over);
const admin = (ok: number, over: Partial<Row> = {}) => only(['admin'], ok, {}, over);

export const MATRIX: Record<string, Row> = {
  // platform
  'GET /api/health': pub(200),
  'GET /api/content/site': pub(200),
  'POST /api/contact': pub(400),
  'GET /api/uploads/:prefix/:name': pub(404),

  // auth
  'POST /api/auth/login': pub(400),
  'POST /api/auth/register': pub(400),
  'POST /api/auth/forgot-password': pub(400),
  'POST /api/auth/reset-password': pub(400),
  'GET /api/auth/me': any(200, { tmp: true }),
  'GET /api/auth/profile': any(200, { tmp: true }),
  'PUT /api/auth/update-profile': any(200),
  'PUT /api/auth/change-password': any(400, { tmp: true }), // also the way out of a temporary password
  'POST /api/auth/upload-profile-image': any(400), // a JSON body is not the multipart form it needs
  'GET /api/auth/professional/check-password-status': only(['professional'], 200, { tmp: true, pendingExpert: true }),
  'POST /api/auth/professional/change-password': only(['professional'], 400, { tmp: true, pendingExpert: true }),

  // issue 23: second factor, passkeys, sessions (open to a role that must still enrol: allowMfaEnrolment)
  'POST /api/auth/mfa/verify': pub(400),
  'POST /api/auth/mfa/passkey-options': pub(400),
  'GET /api/auth/mfa': any(200),
  'POST /api/auth/mfa/totp/setup': any(200),
  'POST /api/auth/mfa/totp/confirm': any(400),
  'POST /api/auth/mfa/recovery-codes': any(400),
  'POST /api/auth/mfa/totp/disable': any(400),
  'POST /api/admin/users/:id/mfa/reset': admin(404),
  'GET /api/auth/passkeys': any(200),
  'POST /api/auth/passkeys/registration-options': any(200),
  'POST /api/auth/passkeys': any(400),
  'PATCH /api/auth/passkeys/:id': any(400), // {} has no name: validation answers before the lookup
  'DELETE /api/auth/passkeys/:id': any(404),
  'POST /api/auth/passkey/options': pub(200),
  'POST /api/auth/passkey/login': pub(400),
  'GET /api/auth/sessions': any(200),
  'DELETE /api/auth/sessions/:id': any(404, { tmp: true }),
  'POST /api/auth/sessions/end-others': any(200),
  'POST /api/auth/logout': any(200, { tmp: true }),

  // workshops (student side and public)
  'GET /api/workshops': pub(200),
  'GET /api/workshops/registered': student(200),
  'GET /api/workshops/:id': pub(404),
  'POST /api/workshops/:id/register': student(404),
  'DELETE /api/workshops/:id/register': student(404),
  'GET /api/workshops/:id/calendar.ics': student(404),
  'GET /api/workshops/:id/certificate': student(404),
  'GET /api/certificates/:verificationId': pub(404),
  // issue 29: the certificate page (its id made on demand) and its PDF by verification id
  'POST /api/workshops/:id/certificate': student(404),
  'GET /api/certificates/:verificationId/pdf': pub(404),
  // issue 25: each person's language
  'GET /api/users/me/language': any(200, { tmp: true }),
  'PUT /api/users/me/language': any(400, { tmp: true }),
  'POST /api/workshops/:id/check-in': student(400),

  // workshops managed by their professional
  'GET /api/workshops/my-workshops': ownAccount(200),
  'GET /api/workshops/my-workshops/:id': professional(404),
  'POST /api/workshops/my-workshops': professional(400), // not before verification
  'PUT /api/workshops/my-workshops/:id': professional(404), // partial update: {} is valid, the id is not
  'DELETE /api/workshops/my-workshops/:id': professional(404),
  'GET /api/workshops/my-workshops/:id/registrations': professional(404),
  'PUT /api/workshops/my-workshops/:id/registrations/:registrationId': professional(400),
  'POST /api/workshops/my-workshops/:id/banner': professional(404),
  'PUT /api/workshops/my-workshops/:id/attendance': professional(400),
  'POST /api/workshops/my-workshops/:id/complete': professional(404),
  'POST /api/workshops/my-workshops/:id/cancel': professional(404),
  'GET /api/workshops/my-workshops/:id/check-in-code': professional(404),
  'POST /api/workshops/my-workshops/:id/assignment': professional(400), // issue 28: {} has no decision

  // professionals directory, availability, connections
  'GET /api/professionals': pub(200),
  'GET /api/professionals/:id': pub(404),
  'GET /api/professionals/availability': ownAccount(200),
  'POST /api/professionals/availability': ownAccount(400),
  'PUT /api/professionals/availability/:id': ownAccount(400),
  'DELETE /api/professionals/availability/:id': ownAccount(404),
  'GET /api/professionals/:id/availability': any(404),
  'POST /api/professionals/:id/connect': student(404),
  'GET /api/professionals/connection-requests': ownAccount(200),
  'POST /api/professionals/connection-requests/:id/respond': professional(400),
  'GET /api/professionals/dashboard-stats': ownAccount(200),
  'GET /api/professionals/connected-students': professional(200),
  'PUT /api/professionals/me/accepting-requests': ownAccount(400),
  'PUT /api/professionals/me/booking-policy': professional(400),
  // issue 29: the student's own requests
  'GET /api/connection-requests/my': student(200),
  'POST /api/connection-requests/:id/withdraw': student(404),
  'POST /api/professionals/upload-image': ownAccount(400),

  // mentoring sessions and messages
  'GET /api/sessions/my': only(['student', 'professional'], 200, { pendingExpert: true }),
  'POST /api/sessions': professional(400),
  'PUT /api/sessions/:id/reschedule': only(['student', 'professional'], 400),
  'PUT /api/sessions/:id/cancel': only(['student', 'professional'], 404),
  'POST /api/sessions/:id/rate': student(400),
  'POST /api/sessions/:id/attendance': professional(400),
  'GET /api/sessions/:id/calendar.ics': only(['student', 'professional'], 404),
  'GET /api/conversations/:otherUserId/messages': only(['student', 'professional'], 404), // not connected: no conversation
  'POST /api/conversations/:otherUserId/messages': only(['student', 'professional'], 400),

  // ideas
  'GET /api/ideas': pub(200),
  'GET /api/ideas/my-ideas': student(200),
  'GET /api/ideas/:id': pub(404),
  'POST /api/ideas': student(400),
  'PUT /api/ideas/:id': student(404),
  'POST /api/ideas/:id/like': student(404),
  'GET /api/ideas/:id/comments': only(['student', 'admin'], 404),
  'POST /api/ideas/:id/comments': only(['student', 'admin'], 400),
  'GET /api/ideas/admin/all': admin(200),
  'PUT /api/ideas/admin/:id/review': admin(400),

  // calendar subscription (the feed's link is its own credential)
  'GET /api/calendar/feed-link': any(200),
  'POST /api/calendar/feed-link': any(200),
  'DELETE /api/calendar/feed-link': any(200),
  'GET /api/calendar/feed/:file': pub(404),
  // notifications
  'GET /api/notifications': any(200),
  'GET /api/notifications/unread-count': any(200),
  'GET /api/notifications/preferences': any(200),
  'PUT /api/notifications/preferences': any(400),
  'PUT /api/notifications/mark-all-read': any(200),
  'PUT /api/notifications/:id/read': any(404),
  // Public in the access hook because EventSource cannot send headers (?token=); the route itself takes a
  // bearer header or ?token= and refuses no token, a dead token and a temporary password with 401.
  'GET /api/notifications/stream': any(200, { tmp: true }, { tempProfessional: 401 }),

  // student area
  'GET /api/students/me/summary': student(200),

  // R&D projects (students)
  'GET /api/rd-projects/public': pub(200),
  'GET /api/rd-projects/user/:userId': student(200, { otherStudent: 404 }),
  'GET /api/rd-projects/my/bookmarks': student(200),
  'GET /api/rd-projects/:id': student(404),
  'POST /api/rd-projects/:id/bookmark': student(404),
  'POST /api/rd-projects/:id/apply': student(400), // needs multipart/form-data
  'GET /api/rd-projects/my/applications': student(200),
  'POST /api/rd-projects/my/applications/:id/withdraw': student(404),
  'GET /api/rd-projects/my/applications/:id/documents/:documentId': student(404),
  'GET /api/rd-projects/my/applications/:id/interview.ics': student(404),
  'POST /api/rd-projects/:id/alert': student(404),
  'GET /api/rd-projects/my/notifications': student(200),

  // administration
  'GET /api/admin/dashboard': admin(200),
  'GET /api/admin/analytics': admin(200),
  'GET /api/admin/audit': admin(200),
  'GET /api/admin/content': admin(200),
  'PUT /api/admin/content': admin(400),
  'GET /api/admin/contact-messages': admin(200),
  'PUT /api/admin/contact-messages/:id': admin(404),
  'GET /api/admin/emails': admin(200),
  'GET /api/admin/users': admin(200),
  'POST /api/admin/users': admin(400),
  'PUT /api/admin/users/:id/status': admin(400),
  'GET /api/admin/export/:kind': admin(200),
  'GET /api/admin/professionals': admin(200),
  'GET /api/admin/professionals/:id': admin(404),
  'POST /api/admin/professionals': admin(400),
  'PUT /api/admin/professionals/:id': admin(404),
  'DELETE /api/admin/professionals/:id': admin(404),
  'GET /api/admin/professionals/bulk-upload/template': admin(200),
  'POST /api/admin/professionals/bulk-upload': admin(400),
  'GET /api/admin/instructors': admin(200),
  'GET /api/admin/workshops': admin(200),
  'GET /api/admin/workshops/:id': admin(404),
  'POST /api/admin/workshops': admin(400),
  'PUT /api/admin/workshops/:id': admin(404),
  'DELETE /api/admin/workshops/:id': admin(404),
  'GET /api/admin/workshops/:id/registrations': admin(404),
  'PUT /api/admin/workshops/:id/registrations/:registrationId': admin(400),
  'POST /api/admin/workshops/:id/banner': admin(404),
  'PUT /api/admin/workshops/:id/attendance': admin(400),
  'POST /api/admin/workshops/:id/complete': admin(404),
  'POST /api/admin/workshops/:id/cancel': admin(404),
  'POST /api/admin/workshops/:id/reject': admin(400),
  'GET /api/admin/workshops/:id/check-in-code': admin(404),
  'GET /api/admin/rd-projects': admin(200),
  'POST /api/admin/rd-projects': admin(400),
  'GET /api/admin/rd-projects/:id': admin(404),
  'PUT /api/admin/rd-projects/:id': admin(400),
  'DELETE /api/admin/rd-projects/:id': admin(404),
  'PUT /api/admin/rd-projects/:id/status': admin(400),
  'GET /api/admin/rd-projects/:id/applications': admin(404),
  'PUT /api/admin/rd-projects/:id/applications/:applicationId': admin(400),
  'GET /api/admin/rd-projects/:id/applications/:applicationId/documents/:documentId': admin(404),

  // matching and cohort programmes (issue 14)
  'GET /api/matching/recommendations': student(400), // ?kind= is required
  'POST /api/matching/dismissals': student(400),
  'DELETE /api/matching/dismissals': student(400),
  'GET /api/matching/capacity': ownAccount(200),
  'PUT /api/matching/capacity': ownAccount(400),
  'GET /api/matching/mentee-suggestions': professional(200),
  'POST /api/matching/invitations': professional(400),
  'GET /api/admin/programmes': admin(200),
  'POST /api/admin/programmes': admin(400),
  'GET /api/admin/programmes/:id': admin(404),
  'POST /api/admin/programmes/:id/invitations': admin(400),
  'POST /api/admin/programmes/:id/match': admin(404),
  'PUT /api/admin/programmes/:id/pairs': admin(400),
  'POST /api/admin/programmes/:id/swap': admin(400),
  'POST /api/admin/programmes/:id/publish': admin(404),
  'GET /api/programmes/mine': only(['student', 'professional'], 200, { pendingExpert: true }),
  'PUT /api/programmes/:id/participation': only(['student', 'professional'], 400),
  // mentoring relationships: the pair's own agreement, goals, meetings and check-ins (issue 26, decision 860)
  'GET /api/relationships': only(['student', 'professional'], 200),
  'GET /api/relationships/:id': only(['student', 'professional'], 404),
  'PUT /api/relationships/:id/agreement': only(['student', 'professional'], 400),
  'POST /api/relationships/:id/agreement/confirm': only(['student', 'professional'], 400),
  'POST /api/relationships/:id/goals': only(['student', 'professional'], 400),
  'PATCH /api/relationships/:id/goals/:goalId': only(['student', 'professional'], 404),
  'POST /api/relationships/:id/goals/:goalId/milestones': only(['student', 'professional'], 400),
  'PATCH /api/relationships/:id/goals/:goalId/milestones/:milestoneId': only(['student', 'professional'], 400),
  'POST /api/relationships/:id/goals/:goalId/comments': only(['student', 'professional'], 400),
  'PUT /api/relationships/:id/meetings/:sessionId/agenda': only(['student', 'professional'], 400),
  'PUT /api/relationships/:id/meetings/:sessionId/notes': only(['student', 'professional'], 400),
  'POST /api/relationships/:id/meetings/:sessionId/action-items/:itemId/milestone': only(['student', 'professional'], 400),
  'PUT /api/relationships/:id/meetings/:sessionId/private-note': only(['student', 'professional'], 400),
  'PUT /api/relationships/:id/meetings/:sessionId/check-in': only(['student', 'professional'], 400),
  'GET /api/admin/programmes/:id/relationships': admin(404),
  'PUT /api/admin/programmes/:id/outcome-settings': admin(400),
  'POST /api/admin/programmes/:id/relationships/:relationshipId/nudge': admin(404),
  'GET /api/admin/programmes/:id/relationships/:relationshipId/rematch': admin(404),
  'POST /api/admin/programmes/:id/relationships/:relationshipId/rematch': admin(400),
  // programme surveys (issue 26, decision 920): coordinators build and read aggregates; recipients answer
  'GET /api/admin/programmes/:id/surveys': admin(404),
  'POST /api/admin/programmes/:id/surveys': admin(400),
  'DELETE /api/admin/programmes/:id/surveys/:surveyId': admin(404),
  'GET /api/admin/programmes/:id/surveys/:surveyId/results': admin(404),
  'GET /api/surveys': only(['student', 'professional'], 200),
  'GET /api/surveys/:id': only(['student', 'professional'], 404),
  'POST /api/surveys/:id/responses': only(['student', 'professional'], 400),
  // programme close, certificates and the outcome report (issue 26, decision 930)
  'POST /api/admin/programmes/:id/close': admin(400),
  'GET /api/admin/programmes/:id/report': admin(404),
  'GET /api/admin/programmes/:id/report/export': admin(404),
  'GET /api/me/programme-certificates': only(['student', 'professional'], 200),
  'GET /api/me/programme-certificates/:id/pdf': only(['student', 'professional'], 404),
  'GET /api/programme-certificates/:verificationId': pub(404),
  // issue 15: industry experts apply and are verified
  'POST /api/experts/apply': pub(400),
  'GET /api/experts/me/application': ownAccount(200),
  'GET /api/professionals/me/profile': ownAccount(200),
  'PUT /api/professionals/me/profile': ownAccount(200), // every field optional: {} changes nothing
  'POST /api/experts/me/work-email/code': ownAccount(400), // no work e-mail given / not pending
  'POST /api/experts/me/work-email/confirm': ownAccount(400),
  'POST /api/experts/me/confirmation/resend': any(200),
  'GET /api/admin/expert-applications': admin(200),
  'GET /api/admin/expert-applications/:id': admin(404),
  'POST /api/admin/expert-applications/:id/decision': admin(400),

  // issue 15: organisations (universities and companies)
  'POST /api/organisations/register': pub(400),
  'POST /api/confirmations/email': pub(400),
  'POST /api/organisations/invitations/lookup': pub(400),
  'POST /api/organisations/invitations/accept': pub(400),
  'GET /api/organisations/me': member('any', 200, { pending: true }),
  'POST /api/organisations/me/domains': member('any', 400),
  'DELETE /api/organisations/me/domains/:id': member('any', 404),
  'POST /api/organisations/me/domains/:id/dns-check': member('any', 404),
  'POST /api/organisations/me/delegations': member('any', 400),
  'DELETE /api/organisations/me/delegations/:id': member('any', 404),
  'POST /api/organisations/me/invitations': member('any', 400),
  'GET /api/organisations/me/students': member('university', 200),
  'GET /api/organisations/me/students/export': member('university', 200),
  'GET /api/organisations/me/students/:id': member('university', 404),
  'GET /api/organisations/me/cohort': member('university', 200),
  'GET /api/organisations/me/workshops': member('university', 200),
  'POST /api/organisations/me/workshops': member('university', 400),
  'PUT /api/organisations/me/workshops/:id': member('university', 404),
  'DELETE /api/organisations/me/workshops/:id': member('university', 404),
  'GET /api/organisations/me/workshops/:id/registrations': member('university', 404),
  'GET /api/organisations/me/projects': member('company', 200),
  'POST /api/organisations/me/projects': member('company', 400),
  'GET /api/organisations/me/projects/:id/applications': member('company', 404),
  'PUT /api/organisations/me/projects/:id/applications/:applicationId': member('company', 400),
  'GET /api/organisations/me/projects/:id/applications/:applicationId/documents/:documentId': member('company', 404),
  'GET /api/organisations/me/performance': member('company', 200),
  // cohort programmes run by a university for its own students (issue 14 × 15, decision 622)
  'GET /api/organisations/me/programmes': member('university', 200),
  'POST /api/organisations/me/programmes': member('university', 400),
  'GET /api/organisations/me/programmes/:id': member('university', 404),
  'POST /api/organisations/me/programmes/:id/invitations': member('university', 400),
  'POST /api/organisations/me/programmes/:id/match': member('university', 404),
  'PUT /api/organisations/me/programmes/:id/pairs': member('university', 400),
  'POST /api/organisations/me/programmes/:id/swap': member('university', 400),
  'POST /api/organisations/me/programmes/:id/publish': member('university', 404),
  'GET /api/organisations/me/programmes/:id/relationships': member('university', 404),
  'PUT /api/organisations/me/programmes/:id/outcome-settings': member('university', 400),
  'POST /api/organisations/me/programmes/:id/relationships/:relationshipId/nudge': member('university', 404),
  'GET /api/organisations/me/programmes/:id/relationships/:relationshipId/rematch': member('university', 404),
  'POST /api/organisations/me/programmes/:id/relationships/:relationshipId/rematch': member('university', 400),
  'GET /api/organisations/me/programmes/:id/surveys': member('university', 404),
  'POST /api/organisations/me/programmes/:id/surveys': member('university', 400),
  'DELETE /api/organisations/me/programmes/:id/surveys/:surveyId': member('university', 404),
  'GET /api/organisations/me/programmes/:id/surveys/:surveyId/results': member('university', 404),
  'POST /api/organisations/me/programmes/:id/close': member('university', 400),
  'GET /api/organisations/me/programmes/:id/report': member('university', 404),
  'GET /api/organisations/me/programmes/:id/report/export': member('university', 404),
  'GET /api/students/me/affiliation': student(200),
  'POST /api/students/me/affiliation': student(400),
  'GET /api/admin/organisations': admin(200),
  'GET /api/admin/organisations/:id': admin(404),
  'POST /api/admin/organisations/:id/decision': admin(400),
  'GET /api/admin/project-moderation': admin(200),
  'POST /api/admin/project-moderation/:id/decision': admin(400),
  // issue 24: privacy and data rights (DELETE before POST: nothing to cancel yet)
  'GET /api/privacy/me': any(200),
  'GET /api/privacy/me/access': any(200),
  'DELETE /api/privacy/me/erasure': any(404),
  'POST /api/privacy/me/erasure': any(201),
  'POST /api/privacy/me/export': any(201),
  'GET /api/privacy/requests/:id/archive': any(404),
  'POST /api/privacy/university/exports': member('university', 400),
  'GET /api/privacy/admin/requests': admin(200),
  'POST /api/privacy/admin/requests': admin(400),
  'POST /api/privacy/admin/requests/:id/process': admin(404),
  'POST /api/privacy/admin/requests/:id/refuse': admin(400),
  'POST /api/privacy/admin/requests/:id/extend': admin(400),
  'DELETE /api/privacy/admin/holds/:id': admin(404),
  'GET /api/privacy/admin/retention': admin(200),
  'PUT /api/privacy/admin/retention': admin(400),
  'GET /api/privacy/admin/breach/tables': admin(200),
  'GET /api/privacy/admin/breach': admin(400),
  'POST /api/privacy/admin/breach/notice': admin(400),
  // issue 24: the versioned privacy notice and optional consents (decisions 840, 841)
  'GET /api/privacy/notice': pub(200),
  'GET /api/privacy/me/consents': any(200),
  'POST /api/privacy/me/notice': any(400),
  'PUT /api/privacy/me/consents/:purpose': any(400),
  'GET /api/privacy/admin/notices': admin(200),
  'POST /api/privacy/admin/notices': admin(400),

  // issue 23: single sign-on (connections per organisation, sign-in, one-time code) and SCIM provisioning
  'GET /api/organisations/me/sso': member('university', 200),
  'PUT /api/organisations/me/sso/settings': member('university', 400),
  'POST /api/organisations/me/sso/connections': member('university', 400),
  'PUT /api/organisations/me/sso/connections/:connectionId': member('university', 404),
  'PUT /api/organisations/me/sso/connections/:connectionId/enabled': member('university', 400),
  'DELETE /api/organisations/me/sso/connections/:connectionId': member('university', 404),
  'POST /api/organisations/me/sso/connections/:connectionId/test': member('university', 404),
  'POST /api/organisations/me/sso/connections/:connectionId/metadata-refresh': member('university', 404),
  'GET /api/organisations/me/sso/connections/:connectionId/sp-keys': member('university', 404),
  'POST /api/organisations/me/sso/connections/:connectionId/sp-keys': member('university', 400),
  'GET /api/admin/organisations/:id/sso': admin(404),
  'PUT /api/admin/organisations/:id/sso/settings': admin(400),
  'POST /api/admin/organisations/:id/sso/connections': admin(400),
  'PUT /api/admin/organisations/:id/sso/connections/:connectionId': admin(404),
  'PUT /api/admin/organisations/:id/sso/connections/:connectionId/enabled': admin(400),
  'DELETE /api/admin/organisations/:id/sso/connections/:connectionId': admin(404),
  'POST /api/admin/organisations/:id/sso/connections/:connectionId/test': admin(404),
  'POST /api/admin/organisations/:id/sso/connections/:connectionId/metadata-refresh': admin(404),
  'GET /api/admin/organisations/:id/sso/connections/:connectionId/sp-keys': admin(404),
  'POST /api/admin/organisations/:id/sso/connections/:connectionId/sp-keys': admin(400),
  'GET /api/organisations/me/scim-tokens': member('university', 200),
  'POST /api/organisations/me/scim-tokens': member('university', 400),
  'DELETE /api/organisations/me/scim-tokens/:tokenId': member('university', 404),
  'GET /api/admin/organisations/:id/scim-tokens': admin(404),
  'POST /api/admin/organisations/:id/scim-tokens': admin(400),
  'DELETE /api/admin/organisations/:id/scim-tokens/:tokenId': admin(404),
  'POST /api/sso/discover': pub(400),
  'GET /api/sso/orgs/:slug': pub(404),
  'POST /api/sso/start': pub(400),
  'GET /api/sso/oidc/callback': pub(303), // always a redirect: to the one-time code, or to the error page
  'GET /api/sso/saml/:id/metadata': pub(404),
  'POST /api/sso/saml/:id/acs': pub(400),
  'GET /api/sso/saml/:id/slo': pub(404),
  'POST /api/sso/oidc/:id/backchannel-logout': pub(400),
  'GET /api/sso/oidc/:id/frontchannel-logout': pub(404),
  'POST /api/sso/exchange': pub(400),
  'POST /api/sso/link': pub(400),
  'POST /api/sso/logout': any(200),
  // Web Push per device (issue 27): every signed-in person, their own devices only.
  'GET /api/push/key': any(200),
  'GET /api/push/devices': any(200),
  'POST /api/push/subscriptions': any(400),
  'POST /api/push/unsubscribe': any(400),
  'DELETE /api/push/subscriptions/:id': any(404),
  // SCIM: only an organisation's SCIM bearer token opens these; a person's session token is not one.
  'GET /api/scim/v2/ServiceProviderConfig': pub(401),
  'GET /api/scim/v2/ResourceTypes': pub(401),
  'GET /api/scim/v2/Schemas': pub(401),
  'GET /api/scim/v2/Users': pub(401),
  'POST /api/scim/v2/Users': pub(401),
  'GET /api/scim/v2/Users/:id': pub(401),
  'PUT /api/scim/v2/Users/:id': pub(401),
  'PATCH /api/scim/v2/Users/:id': pub(401),
  'DELETE /api/scim/v2/Users/:id': pub(401),
};

/**
 * Routes being written right now whose answers are not settled: reported by the test, not checked.
 * Keep this short and empty it before a release; a route in neither list fails the test.
 */
export const PENDING: string[] = [];
