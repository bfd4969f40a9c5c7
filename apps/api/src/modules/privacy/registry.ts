import { sql, type SQL } from 'drizzle-orm';

/**
 * The privacy registry (issue 24, docs/privacy.md): every table that can hold personal data, what it holds,
 * why, on which legal basis, for how long, who sees it, and how it is exported and erased.
 *
 * `registry.test.ts` walks the database schema and fails when a table with a text, JSON, binary or
 * full-text column, or with a column referencing users(id), is missing here, or when such a column is
 * not listed in one of `subject`, `actors`, `personal`, `other`, `secret`. Adding a table means adding one entry
 * below (copy a similar one); adding a column means adding its name to one of those lists.
 */

export type LegalBasis = 'contract' | 'consent' | 'legitimate-interest' | 'legal-obligation';

/**
 * How erasure treats a row that belongs to the person:
 *  - delete: the row goes;
 *  - anonymise: the row stays (other people's records depend on it) and the `anonymise` columns are overwritten;
 *  - keep: the row stays as is — it holds no personal data of its own and points at the anonymised account
 *    (a like still counts, a past seat still counts);
 *  - scrub: rows of anyone that mention the person (by name or e-mail) are deleted or blanked (erasure.ts);
 *  - storage: the bytes go with the person's files (erasure.ts removes them through the storage);
 *  - none: nothing of the person is stored here (declared to say so).
 */
export type ErasureMethod = 'delete' | 'anonymise' | 'keep' | 'scrub' | 'storage' | 'none';

export interface RegistryEntry {
  table: string;
  /** The export file the person's rows go to (`<module>.json`). */
  module: string;
  what: string;
  purpose: string;
  basis: LegalBasis;
  /** Retention, as said to people (docs/privacy.md); enforced periods are in retention.ts. */
  retention: string;
  visibleTo: string;
  /** Columns saying whose data a row is: export and erasure select the person's rows by them. */
  subject: string[];
  /** Columns naming someone who acted on a row (reviewer, creator): kept, pointing at the anonymised account. */
  actors?: string[];
  /** Text/JSON/binary columns that hold personal data. */
  personal: string[];
  /** Text/JSON/binary columns that hold none (statuses, codes, ids, organisation data). */
  other: string[];
  /** Columns never exported (hashes, secrets, raw e-mail bodies with links). */
  secret?: string[];
  /** A row belongs to the person when this holds (default: any subject column equals their id). */
  owned?: (userId: string, email: string) => SQL;
  erasure: ErasureMethod;
  /** For `anonymise`: the new value of each column. */
  anonymise?: Record<string, SQL>;
  /** Said in docs/privacy.md next to the method. */
  erasureNote?: string;
}

const ACCOUNT = 'while the account exists; erased on request';

export const REGISTRY: RegistryEntry[] = [
  // --- users and profiles
  {
    table: 'users', module: 'account', what: 'Name (and the name printed on certificates), e-mail, phone, postal address, bio, avatar, e-mail preferences, timezone, language, sign-in times',
    purpose: 'The account: sign-in, contact, display to the people one works with', basis: 'contract', retention: `${ACCOUNT}; inactive student accounts 3 years after the last sign-in`,
    visibleTo: 'The person; admins; the people they work with (name, avatar)', subject: ['id'],
    personal: ['email', 'first_name', 'last_name', 'certificate_name', 'phone', 'address', 'city', 'state', 'zip_code', 'bio', 'profile_image_key', 'email_preferences', 'timezone', 'language'],
    other: ['role'], secret: ['password_hash'], owned: (id) => sql`id = ${id}`,
    erasure: 'anonymise', erasureNote: 'The row stays as an anonymous placeholder ("Deleted user", an invalid address, no password) so ratings, likes and past seats still count',
  },
  {
    table: 'student_profiles', module: 'account', what: 'University, course, year, roll number, CGPA, interests', purpose: 'Matching and eligibility for workshops, programmes and projects',
    basis: 'contract', retention: ACCOUNT, visibleTo: 'The person; admins; their university', subject: ['user_id'],
    personal: ['university', 'course', 'department', 'roll_number', 'interests'], other: [], erasure: 'delete',
  },
  {
    table: 'professional_profiles', module: 'account', what: 'Title, company, expertise, skills, education, links, rate',
    purpose: 'Shown to students looking for a mentor', basis: 'contract', retention: ACCOUNT, visibleTo: 'Everyone signed in', subject: ['user_id'],
    personal: ['title', 'company', 'expertise', 'specializations', 'skills', 'achievements', 'education', 'certifications', 'location', 'social_links'],
    other: ['currency'], erasure: 'anonymise',
    anonymise: {
      title: sql`''`, company: sql`''`, expertise: sql`''`, specializations: sql`'[]'::jsonb`, skills: sql`'[]'::jsonb`, achievements: sql`'[]'::jsonb`,
      education: sql`'[]'::jsonb`, certifications: sql`'[]'::jsonb`, location: sql`NULL`, social_links: sql`'{}'::jsonb`, accepting_requests: sql`false`, hourly_rate: sql`NULL`,
    },
    erasureNote: 'Emptied; the rating totals stay (other students rated the sessions)',
  },
  {
    table: 'password_reset_tokens', module: 'account', what: 'Hashes of password-reset links', purpose: 'Password reset', basis: 'contract',
    retention: 'until used or expired', visibleTo: 'No one', subject: ['user_id'], personal: [], other: [], secret: ['token_hash'], erasure: 'delete',
  },
  {
    table: 'email_confirmations', module: 'account', what: 'Addresses being confirmed (account, work, university)', purpose: 'Proving an address',
    basis: 'contract', retention: 'until used or expired', visibleTo: 'No one', subject: ['user_id'], personal: ['email'], other: ['purpose'],
    secret: ['secret_hash'], erasure: 'delete',
  },
  {
    table: 'calendar_feeds', module: 'calendar', what: 'Hash of the private calendar link', purpose: 'Calendar subscription', basis: 'contract',
    retention: 'until revoked', visibleTo: 'No one', subject: ['user_id'], personal: [], other: [], secret: ['token_hash'], erasure: 'delete',
  },
  // --- sign-in security (modules/auth): sessions, second factor, passkeys
  {
    table: 'auth_sessions', module: 'security', what: 'Each sign-in: device, browser, IP address, how the person proved who they are, when last used',
    purpose: 'Keeping accounts secure: the person sees and ends their sessions', basis: 'contract', retention: 'until signed out or expired; erased with the account',
    visibleTo: 'The person', subject: ['user_id'], personal: ['user_agent', 'device', 'ip'], other: ['method'], erasure: 'delete',
  },
  {
    table: 'user_mfa', module: 'security', what: 'The second factor: whether TOTP is on (its secret, encrypted), the enrolment grace', purpose: 'Two-step sign-in',
    basis: 'contract', retention: ACCOUNT, visibleTo: 'No one (the person sees whether it is on)', subject: ['user_id'], personal: [], other: [],
    secret: ['totp_secret', 'totp_pending'], erasure: 'delete',
  },
  {
    table: 'mfa_recovery_codes', module: 'security', what: 'Hashes of single-use recovery codes, and when each was used', purpose: 'Two-step sign-in when the phone is lost',
    basis: 'contract', retention: ACCOUNT, visibleTo: 'No one', subject: ['user_id'], personal: [], other: [], secret: ['code_hash'], erasure: 'delete',
  },
  {
    table: 'passkeys', module: 'security', what: 'Passkeys: the name the person gave each, its public key, when used', purpose: 'Signing in with a passkey',
    basis: 'contract', retention: ACCOUNT, visibleTo: 'The person', subject: ['user_id'], personal: ['name'], other: ['transports', 'device_type'],
    secret: ['credential_id', 'public_key'], erasure: 'delete', erasureNote: 'Deleted (the key material is never exported)',
  },
  {
    table: 'webauthn_challenges', module: 'security', what: 'Passkey challenges in flight', purpose: 'Signing in with a passkey', basis: 'contract', retention: 'five minutes',
    visibleTo: 'No one', subject: ['user_id'], personal: [], other: ['purpose'], secret: ['challenge'], erasure: 'delete',
  },
  // --- single sign-on and provisioning (modules/sso, modules/scim)
  {
    table: 'sso_settings', module: 'sso', what: 'An organisation\'s SSO settings (link slug, who must use SSO)', purpose: 'Single sign-on', basis: 'contract',
    retention: 'while the organisation exists', visibleTo: 'The organisation\'s admins; admins', subject: [], personal: [], other: ['slug', 'required_affiliations', 'admitted_affiliations'],
    erasure: 'none', erasureNote: 'The organisation\'s configuration, no person\'s data',
  },
  {
    table: 'sso_connections', module: 'sso', what: 'An organisation\'s identity provider (OIDC or SAML settings, certificates)', purpose: 'Single sign-on', basis: 'contract',
    retention: 'while the organisation exists', visibleTo: 'The organisation\'s admins; admins', subject: [], personal: [],
    other: ['protocol', 'name', 'issuer', 'client_id', 'idp_entity_id', 'idp_sso_url', 'idp_slo_url', 'idp_certificates', 'metadata_url', 'mapping', 'metadata_error', 'retiring_certificates', 'link_policy'],
    secret: ['client_secret_enc'], erasure: 'none', erasureNote: 'The organisation\'s configuration, no person\'s data',
  },
  {
    table: 'sso_flows', module: 'sso', what: 'SSO sign-ins in flight (state, nonce, verifier; the admin running a test)', purpose: 'Single sign-on', basis: 'contract',
    retention: 'ten minutes', visibleTo: 'No one', subject: ['tester_id'], personal: [], other: ['mode', 'next'], secret: ['state_key', 'nonce', 'code_verifier'], erasure: 'delete',
  },
  {
    table: 'sso_identities', module: 'sso', what: 'The person\'s identity at their organisation\'s identity provider (issuer, subject, affiliations, last ID token encrypted, SAML NameID and session index for single logout)',
    purpose: 'Single sign-on: recognising the same person at every sign-in', basis: 'contract', retention: ACCOUNT, visibleTo: 'The person; their organisation\'s admins; admins',
    subject: ['user_id'], personal: ['issuer', 'subject', 'affiliations', 'saml_name_id', 'saml_name_id_format', 'saml_session_index'], other: [], secret: ['last_id_token_enc'], erasure: 'delete',
    erasureNote: 'Deleted with the stored ID token: the identity provider\'s account no longer leads to the erased one',
  },
  {
    table: 'sso_results', module: 'sso', what: 'One-time results of an SSO sign-in (a session code, a test report, a link waiting for proof)', purpose: 'Single sign-on',
    basis: 'contract', retention: 'minutes', visibleTo: 'No one (a test report: the admin who ran it)', subject: ['user_id'], personal: ['payload'], other: ['kind', 'next'],
    secret: ['code_hash', 'payload'], erasure: 'scrub', erasureNote: 'The person\'s are deleted, and test reports that name them',
  },
  {
    table: 'sso_assertions', module: 'sso', what: 'SAML assertion ids already used', purpose: 'Refusing replayed sign-ins', basis: 'legitimate-interest', retention: 'until the assertion expires',
    visibleTo: 'No one', subject: [], personal: [], other: ['issuer', 'assertion_id'], erasure: 'none', erasureNote: 'Random ids only',
  },
  {
    table: 'sso_events', module: 'sso', what: 'Refused SSO sign-ins: the reason, and a detail that can name the address or account', purpose: 'Helping an organisation\'s admins fix sign-in problems',
    basis: 'legitimate-interest', retention: 'while the organisation exists', visibleTo: 'The organisation\'s admins; admins', subject: [], personal: ['detail'], other: ['reason'],
    erasure: 'scrub', erasureNote: 'Entries whose detail names the person (address, name, account id) are deleted',
  },
  {
    table: 'scim_tokens', module: 'sso', what: 'An organisation\'s provisioning tokens (hash) and who created them', purpose: 'Provisioning accounts (SCIM)', basis: 'contract',
    retention: 'until revoked', visibleTo: 'The organisation\'s admins', subject: [], actors: ['created_by'], personal: [], other: ['name'], secret: ['token_hash'], erasure: 'keep',
    erasureNote: 'The organisation\'s token; it stays, created by "Deleted user"',
  },
  {
    table: 'scim_users', module: 'sso', what: 'That the person\'s account was provisioned by their organisation: its userName and externalId', purpose: 'Provisioning accounts (SCIM)',
    basis: 'contract', retention: ACCOUNT, visibleTo: 'Their organisation\'s provisioning client; admins', subject: ['user_id'], personal: ['user_name', 'external_id'], other: [],
    erasure: 'delete', erasureNote: 'Deleted: the organisation\'s directory no longer finds the account',
  },
  {
    table: 'sso_sp_keys', module: 'sso', what: 'MentorBridge\'s SAML signing keys for a connection (private key encrypted, certificate)', purpose: 'Signed sign-in and logout requests',
    basis: 'contract', retention: 'while the connection exists', visibleTo: 'The organisation\'s admins (certificates only)', subject: [], personal: [],
    other: ['status', 'certificate'], secret: ['private_key_enc'], erasure: 'none', erasureNote: 'The organisation\'s configuration, no person\'s data',
  },
  {
    table: 'sso_oidc_sessions', module: 'sso', what: 'Which MentorBridge session an OpenID Connect sign-in became, with the identity provider\'s session id',
    purpose: 'Ending the session when the identity provider logs the person out (back-/front-channel logout)', basis: 'contract', retention: 'with the session it names',
    visibleTo: 'No one', subject: ['user_id'], personal: ['sid'], other: [], erasure: 'delete',
  },
  {
    table: 'sso_logout_tokens', module: 'sso', what: 'Ids of back-channel logout tokens already used', purpose: 'Refusing replayed logout tokens', basis: 'legitimate-interest',
    retention: 'ten minutes', visibleTo: 'No one', subject: [], personal: [], other: ['issuer', 'jti'], erasure: 'none', erasureNote: 'Random ids only',
  },
  // --- workshops
  {
    table: 'workshops', module: 'workshops', what: 'Workshops; an external instructor\'s name and e-mail', purpose: 'Running workshops', basis: 'contract',
    retention: 'kept as the programme\'s record', visibleTo: 'Students they are listed to; admins', subject: [], actors: ['professional_id', 'created_by'],
    personal: ['manual_instructor'],
    other: ['title', 'description', 'category', 'difficulty', 'delivery_mode', 'start_time', 'end_time', 'timezone', 'status', 'banner_color', 'banner_icon', 'banner_image_key',
      'meeting_platform', 'meeting_id', 'meeting_link', 'venue', 'address', 'city', 'state', 'prerequisites', 'learning_outcomes', 'materials', 'tags', 'recurring_frequency', 'check_in_code'],
    erasure: 'keep', erasureNote: 'An erased instructor\'s workshops stay, shown as taught by "Deleted user"',
  },
  {
    table: 'workshop_registrations', module: 'workshops', what: 'Seats, attendance, certificates', purpose: 'Registration, attendance, certificates', basis: 'contract',
    retention: ACCOUNT, visibleTo: 'The person; the instructor; admins; their university', subject: ['student_id'], personal: [], other: ['status', 'certificate_id'],
    erasure: 'keep', erasureNote: 'Upcoming seats are cancelled (the seat is freed); past ones stay counted against the anonymous account',
  },
  {
    table: 'event_reminders', module: 'calendar', what: 'Which reminders were sent', purpose: 'Sending each reminder once', basis: 'contract',
    retention: 'until the event', visibleTo: 'No one', subject: ['user_id'], personal: [], other: ['kind'], erasure: 'delete',
  },
  {
    table: 'event_changes', module: 'calendar', what: 'Changes of events and the reason given', purpose: 'Telling participants about changes', basis: 'contract',
    retention: 'kept with the event', visibleTo: 'The event\'s participants', subject: [], actors: ['actor_id'], personal: ['note'], other: ['kind', 'change', 'cursor'],
    owned: (id) => sql`actor_id = ${id}`, erasure: 'anonymise', anonymise: { note: sql`NULL` },
  },
  // --- mentoring
  {
    table: 'availability_rules', module: 'mentoring', what: 'A professional\'s availability and notes', purpose: 'Booking sessions', basis: 'contract', retention: ACCOUNT,
    visibleTo: 'Students booking', subject: ['professional_id'], personal: ['notes'], other: ['start_time', 'end_time', 'timezone'], erasure: 'delete',
  },
  {
    table: 'connection_requests', module: 'mentoring', what: 'Requests to a mentor and the answers', purpose: 'Mentoring', basis: 'contract', retention: ACCOUNT,
    visibleTo: 'The two people; admins', subject: ['student_id', 'professional_id'], personal: ['message', 'response_message'], other: ['status', 'requested_timezone'], erasure: 'delete',
  },
  {
    table: 'mentoring_sessions', module: 'mentoring', what: 'Sessions, attendance, ratings, cancellation and rescheduling reasons', purpose: 'Mentoring', basis: 'contract', retention: ACCOUNT,
    visibleTo: 'The two people; admins', subject: ['student_id', 'professional_id'], actors: ['cancelled_by', 'rescheduled_by'],
    personal: ['topic', 'cancel_reason', 'reschedule_reason'], other: ['type', 'timezone', 'status', 'meet_link', 'attendance'],
    erasure: 'anonymise', anonymise: { topic: sql`'Mentoring session'` },
    erasureNote: 'Upcoming sessions are cancelled (both get a CANCEL invitation); past ones stay with a neutral topic, so the mentor\'s rating and history hold. '
      + 'Cancellation and rescheduling reasons the person wrote (on any session), and the other side\'s reasons that name them, are cleared',
  },
  {
    table: 'conversation_messages', module: 'mentoring', what: 'Messages between a student and a mentor', purpose: 'Mentoring', basis: 'contract', retention: ACCOUNT,
    visibleTo: 'The two people', subject: ['student_id', 'professional_id', 'sender_id'], personal: ['body'], other: [],
    owned: (id) => sql`sender_id = ${id}`, erasure: 'delete', erasureNote: 'The person\'s own messages are deleted; the other person\'s stay theirs',
  },
  // --- ideas
  {
    table: 'ideas', module: 'ideas', what: 'Ideas submitted and their review', purpose: 'The ideas programme', basis: 'contract', retention: ACCOUNT,
    visibleTo: 'The author; admins; everyone when public', subject: ['author_id'], actors: ['reviewed_by'],
    personal: ['title', 'description', 'tags', 'implementation_details', 'feedback', 'review_notes'], other: ['category', 'status'], erasure: 'delete',
  },
  {
    table: 'idea_likes', module: 'ideas', what: 'Which ideas the person liked', purpose: 'Likes', basis: 'contract', retention: ACCOUNT, visibleTo: 'The person',
    subject: ['user_id'], personal: [], other: [], erasure: 'keep', erasureNote: 'Likes stay counted, from the anonymous account',
  },
  {
    table: 'idea_comments', module: 'ideas', what: 'Comments on ideas', purpose: 'Discussion', basis: 'contract', retention: ACCOUNT, visibleTo: 'Whoever sees the idea',
    subject: ['author_id'], personal: ['body'], other: [], erasure: 'delete', erasureNote: 'Deleted; the idea\'s comment count goes down',
  },
  // --- R&D projects
  {
    table: 'rd_projects', module: 'rd-projects', what: 'Projects and their supervisor\'s contact', purpose: 'Publishing R&D projects', basis: 'contract',
    retention: 'kept as the programme\'s record', visibleTo: 'Students it is listed to; admins', subject: [], actors: ['created_by'], personal: ['supervisor'],
    other: ['title', 'summary', 'description', 'status', 'priority', 'field', 'visibility', 'duration', 'objectives', 'tags', 'milestones', 'selection_criteria', 'documents_required', 'requirements'],
    erasure: 'keep',
  },
  {
    table: 'rd_project_roles', module: 'rd-projects', what: 'Roles offered by a project', purpose: 'Publishing R&D projects', basis: 'contract', retention: 'with the project',
    visibleTo: 'Students', subject: [], personal: [],
    other: ['title', 'description', 'skills_required', 'degree_level', 'languages', 'experience', 'benefits', 'work_mode', 'compensation_type', 'compensation_currency', 'location'],
    erasure: 'none',
  },
  {
    table: 'rd_applications', module: 'rd-projects', what: 'Applications: motivation, experience, interview', purpose: 'Selecting applicants', basis: 'contract', retention: ACCOUNT,
    visibleTo: 'The applicant; admins', subject: ['student_id'], actors: ['reviewed_by'], personal: ['motivation', 'expected_duration', 'relevant_experience', 'review_notes', 'interview'],
    other: ['status'], erasure: 'anonymise',
    anonymise: { motivation: sql`''`, expected_duration: sql`NULL`, relevant_experience: sql`NULL`, review_notes: sql`NULL`, interview: sql`NULL`, available_start_date: sql`NULL` },
    erasureNote: 'Texts emptied; the row stays so the role\'s filled positions stay right',
  },
  {
    table: 'rd_application_documents', module: 'rd-projects', what: 'Documents attached to applications', purpose: 'Selecting applicants', basis: 'contract', retention: ACCOUNT,
    visibleTo: 'The applicant; admins', subject: [], personal: [], other: ['type'],
    owned: (id) => sql`application_id IN (SELECT id FROM rd_applications WHERE student_id = ${id})`, erasure: 'delete', erasureNote: 'Rows and their files deleted',
  },
  {
    table: 'rd_application_events', module: 'rd-projects', what: 'An application\'s status history', purpose: 'The applicant\'s timeline', basis: 'contract', retention: ACCOUNT,
    visibleTo: 'The applicant; admins', subject: [], actors: ['actor_id'], personal: [], other: ['status'],
    owned: (id) => sql`application_id IN (SELECT id FROM rd_applications WHERE student_id = ${id})`, erasure: 'keep',
  },
  { table: 'rd_bookmarks', module: 'rd-projects', what: 'Saved projects', purpose: 'Bookmarks', basis: 'contract', retention: ACCOUNT, visibleTo: 'The person', subject: ['user_id'], personal: [], other: [], erasure: 'delete' },
  { table: 'rd_alerts', module: 'rd-projects', what: 'Project alerts', purpose: 'Alerts', basis: 'consent', retention: ACCOUNT, visibleTo: 'The person', subject: ['user_id'], personal: [], other: ['preferences'], erasure: 'delete' },
  { table: 'rd_project_views', module: 'rd-projects', what: 'Projects viewed per day', purpose: 'View counts', basis: 'legitimate-interest', retention: ACCOUNT, visibleTo: 'No one (counted)', subject: ['user_id'], personal: [], other: [], erasure: 'delete' },
  // --- matching and programmes
  { table: 'workshop_search_docs', module: 'matching', what: 'Search vectors of workshops', purpose: 'Recommendations', basis: 'contract', retention: 'with the workshop', visibleTo: 'No one', subject: [], personal: [], other: ['doc'], erasure: 'none' },
  { table: 'rd_project_search_docs', module: 'matching', what: 'Search vectors of projects', purpose: 'Recommendations', basis: 'contract', retention: 'with the project', visibleTo: 'No one', subject: [], personal: [], other: ['doc'], erasure: 'none' },
  {
    table: 'professional_search_docs', module: 'matching', what: 'Search vector of a professional\'s profile (name, expertise, bio)', purpose: 'Recommending mentors', basis: 'consent',
    retention: ACCOUNT, visibleTo: 'No one', subject: ['professional_id'], personal: ['doc'], other: [], secret: ['doc'], erasure: 'delete',
  },
  { table: 'mentor_settings', module: 'matching', what: 'Mentoring capacity', purpose: 'Matching', basis: 'contract', retention: ACCOUNT, visibleTo: 'The person; admins', subject: ['professional_id'], personal: [], other: [], erasure: 'delete' },
  { table: 'recommendation_dismissals', module: 'matching', what: 'Recommendations dismissed', purpose: 'Recommendations', basis: 'consent', retention: ACCOUNT, visibleTo: 'The person', subject: ['student_id'], personal: [], other: ['kind'], erasure: 'delete' },
  {
    table: 'programmes', module: 'programmes', what: 'Cohort programmes; who was left unmatched and why', purpose: 'Running programmes', basis: 'contract', retention: 'kept as the programme\'s record',
    visibleTo: 'Admins; the organising university', subject: [], actors: ['created_by'], personal: ['unmatched'],
    other: ['name', 'description', 'eligible_universities', 'eligible_courses', 'status'], erasure: 'keep', erasureNote: '`unmatched` holds account ids and reasons only',
  },
  {
    table: 'programme_participants', module: 'programmes', what: 'Participation, topics, goals, preferences', purpose: 'Matching a cohort', basis: 'contract', retention: ACCOUNT,
    visibleTo: 'The person; the programme\'s organisers', subject: ['user_id'], personal: ['topics', 'goals', 'preferences'], other: ['role', 'status'],
    erasure: 'anonymise', anonymise: { topics: sql`'[]'::jsonb`, goals: sql`''`, preferences: sql`'[]'::jsonb` },
  },
  {
    table: 'programme_pairs', module: 'programmes', what: 'Mentor–mentee pairs and why', purpose: 'Matching a cohort', basis: 'contract', retention: 'kept as the programme\'s record',
    visibleTo: 'The pair; the organisers', subject: ['mentor_id', 'mentee_id'], personal: ['reasons'], other: [], erasure: 'anonymise', anonymise: { reasons: sql`'[]'::jsonb` },
  },
  {
    table: 'programme_connections', module: 'programmes', what: 'Which programme made a mentoring connection (shown as "Matched in <programme>")', purpose: 'Matching a cohort',
    basis: 'contract', retention: 'with the connection', visibleTo: 'The two people', subject: [], personal: [], other: [],
    owned: (id) => sql`connection_request_id IN (SELECT id FROM connection_requests WHERE student_id = ${id} OR professional_id = ${id})`,
    erasure: 'delete', erasureNote: 'Goes with the connection, which is deleted',
  },
  // --- mentoring relationships (issue 26, decision 860)
  {
    table: 'relationships', module: 'relationships', what: 'Mentoring relationships: who mentors whom, when it started and ended, and why it ended', purpose: 'Mentoring outcomes',
    basis: 'contract', retention: 'kept as the programme\'s record', visibleTo: 'The pair; the programme\'s organisers', subject: ['mentor_id', 'mentee_id'], actors: ['ended_by'],
    personal: ['ended_reason'], other: ['kind', 'status'], erasure: 'anonymise', anonymise: { ended_reason: sql`NULL` },
  },
  {
    table: 'relationship_agreements', module: 'relationships', what: 'A pair\'s agreement: cadence, format, length, the student\'s aims, confidentiality', purpose: 'Mentoring outcomes',
    basis: 'contract', retention: 'with the relationship', visibleTo: 'The pair; organisers only when the programme says so', subject: [], actors: ['updated_by'],
    personal: ['aims', 'confidentiality'], other: ['format'], owned: (id) => sql`relationship_id IN (SELECT id FROM relationships WHERE mentor_id = ${id} OR mentee_id = ${id})`,
    erasure: 'anonymise', anonymise: { aims: sql`''`, confidentiality: sql`''` }, erasureNote: 'The text is blanked; the fact an agreement existed stays in the programme\'s record',
  },
  {
    table: 'relationship_goals', module: 'relationships', what: 'The student\'s goals in a relationship', purpose: 'Mentoring outcomes', basis: 'contract', retention: 'with the relationship',
    visibleTo: 'The pair', subject: [], personal: ['title', 'description'], other: ['progress_mode', 'status'], owned: (id) => sql`relationship_id IN (SELECT id FROM relationships WHERE mentee_id = ${id})`, erasure: 'delete',
  },
  { table: 'goal_milestones', module: 'relationships', what: 'Milestones of a goal', purpose: 'Mentoring outcomes', basis: 'contract', retention: 'with the relationship', visibleTo: 'The pair', subject: [], personal: ['title'], other: [], owned: (id) => sql`goal_id IN (SELECT g.id FROM relationship_goals g JOIN relationships r ON r.id = g.relationship_id WHERE r.mentee_id = ${id})`, erasure: 'delete' },
  {
    table: 'goal_comments', module: 'relationships', what: 'Comments on a goal', purpose: 'Mentoring outcomes', basis: 'contract', retention: 'with the relationship', visibleTo: 'The pair',
    subject: ['author_id'], personal: ['body'], other: [], erasure: 'delete',
  },
  {
    table: 'meeting_records', module: 'relationships', what: 'A meeting\'s agenda and shared notes', purpose: 'Mentoring outcomes', basis: 'contract', retention: 'with the relationship', visibleTo: 'The pair',
    subject: [], actors: ['updated_by'], personal: ['agenda', 'notes'], other: [], owned: (id) => sql`relationship_id IN (SELECT id FROM relationships WHERE mentor_id = ${id} OR mentee_id = ${id})`,
    erasure: 'anonymise', anonymise: { agenda: sql`''`, notes: sql`''` },
  },
  { table: 'meeting_action_items', module: 'relationships', what: 'A meeting\'s action items', purpose: 'Mentoring outcomes', basis: 'contract', retention: 'with the relationship', visibleTo: 'The pair', subject: [], personal: ['text'], other: [], owned: (id) => sql`relationship_id IN (SELECT id FROM relationships WHERE mentor_id = ${id} OR mentee_id = ${id})`, erasure: 'anonymise', anonymise: { text: sql`'—'` } },
  {
    table: 'meeting_private_notes', module: 'relationships', what: 'A person\'s private note on a meeting', purpose: 'Mentoring outcomes', basis: 'contract', retention: ACCOUNT,
    visibleTo: 'Its author only (not the other side, not a coordinator)', subject: ['author_id'], personal: ['body'], other: [], erasure: 'delete',
  },
  {
    table: 'meeting_check_ins', module: 'relationships', what: 'Time spent and a one-tap rating after a meeting', purpose: 'Mentoring outcomes and certificates', basis: 'contract', retention: 'kept as the programme\'s record',
    visibleTo: 'The person; organisers in totals', subject: ['user_id'], personal: [], other: [], erasure: 'keep',
  },
  { table: 'programme_outcome_settings', module: 'programmes', what: 'A programme\'s outcome settings', purpose: 'Running a programme', basis: 'contract', retention: 'with the programme', visibleTo: 'Organisers', subject: [], personal: [], other: [], erasure: 'none' },
  {
    table: 'relationship_nudges', module: 'relationships', what: 'Nudges sent to a pair', purpose: 'Mentoring outcomes', basis: 'legitimate-interest', retention: 'kept as the programme\'s record', visibleTo: 'Organisers',
    subject: [], actors: ['sent_by'], personal: [], other: [], erasure: 'none',
  },
  // --- programme close and certificates (issue 26, decision 930)
  {
    table: 'programme_closures', module: 'relationships', what: 'A programme\'s close: who closed it, when, and the certificate criteria', purpose: 'Mentoring outcomes', basis: 'contract',
    retention: 'with the programme', visibleTo: 'Organisers', subject: [], actors: ['closed_by'], personal: [], other: ['criteria'], erasure: 'none',
  },
  {
    table: 'programme_certificates', module: 'relationships', what: 'Certificates of participation (mentees) and service (mentors) of a closed programme, with meetings, hours and goals',
    purpose: 'Mentoring outcomes and certificates', basis: 'contract', retention: ACCOUNT, visibleTo: 'The person; anyone holding its verification id; organisers',
    subject: ['user_id'], personal: [], other: ['kind', 'verification_id'], erasure: 'delete',
  },
  // --- pair health over time (issue 26, decision 1090)
  {
    table: 'programme_health_snapshots', module: 'relationships', what: 'A programme\'s daily counts of pairs by health state (healthy, needs attention, at risk, ended): aggregate numbers, no person',
    purpose: 'Mentoring outcomes', basis: 'legitimate-interest', retention: 'with the programme', visibleTo: 'Organisers', subject: [], personal: [], other: [], erasure: 'none',
    erasureNote: 'Counts only; nothing in a row points at a person',
  },
  // --- programme surveys (issue 26, decision 920)
  {
    table: 'programme_surveys', module: 'surveys', what: 'A programme\'s surveys: title, questions, schedule', purpose: 'Mentoring outcomes', basis: 'contract', retention: 'with the programme', visibleTo: 'Organisers; the people it is sent to',
    subject: [], actors: ['created_by'], personal: [], other: ['title', 'kind', 'audience', 'trigger', 'questions'], erasure: 'none',
  },
  {
    table: 'survey_recipients', module: 'surveys', what: 'Who was sent a survey, reminded, and whether they answered (not what)', purpose: 'Mentoring outcomes', basis: 'legitimate-interest', retention: 'with the programme',
    visibleTo: 'The person; organisers in counts', subject: ['user_id'], personal: [], other: [], erasure: 'delete',
  },
  {
    table: 'survey_responses', module: 'surveys', what: 'Survey answers, stored without who gave them', purpose: 'Mentoring outcomes', basis: 'legitimate-interest', retention: 'with the programme',
    visibleTo: 'Organisers, in aggregate and only from 5 answers on', subject: [], personal: ['answers'], other: [], erasure: 'none',
    erasureNote: 'Answers carry no user id, so they cannot be found for a person; they stay in the aggregate',
  },
  // --- organisations
  {
    table: 'organisations', module: 'organisations', what: 'Universities and companies, their contact address', purpose: 'Organisation accounts', basis: 'contract', retention: 'while the organisation exists',
    visibleTo: 'Admins; its members', subject: [], actors: ['decided_by'], personal: ['contact_email'], other: ['type', 'name', 'country', 'website', 'status', 'decision_reason', 'default_language'], erasure: 'keep',
  },
  { table: 'organisation_domains', module: 'organisations', what: 'E-mail domains', purpose: 'Affiliation', basis: 'contract', retention: 'with the organisation', visibleTo: 'Admins; members', subject: [], actors: ['added_by'], personal: [], other: ['domain'], erasure: 'keep' },
  {
    table: 'domain_delegations', module: 'organisations', what: 'A sub-domain a university hands to another organisation, and the address of who takes it', purpose: 'Affiliation', basis: 'legitimate-interest', retention: 'until revoked',
    visibleTo: 'Admins; both organisations\' members', subject: [], actors: ['created_by'], personal: ['email'], other: ['domain'],
    owned: (_id, email) => sql`lower(email) = ${email}`, erasure: 'anonymise', anonymise: { email: sql`'erased@invalid'` },
    erasureNote: 'The delegation stays (the sub-domain stays the delegate organisation\'s); the address is blanked',
  },
  { table: 'organisation_members', module: 'organisations', what: 'Who acts for an organisation', purpose: 'Organisation accounts', basis: 'contract', retention: ACCOUNT, visibleTo: 'Admins; members', subject: ['user_id'], personal: [], other: [], erasure: 'delete' },
  {
    table: 'organisation_invitations', module: 'organisations', what: 'Invitations sent to an address', purpose: 'Inviting members and experts', basis: 'legitimate-interest', retention: 'until accepted or expired',
    visibleTo: 'The organisation\'s admins', subject: [], actors: ['invited_by'], personal: ['email'], other: ['kind'], secret: ['token_hash'],
    owned: (_id, email) => sql`lower(email) = ${email}`, erasure: 'delete',
  },
  {
    table: 'expert_applications', module: 'organisations', what: 'An expert\'s application: profile link, work e-mail, motivation', purpose: 'Vetting experts', basis: 'contract', retention: ACCOUNT,
    visibleTo: 'The person; admins', subject: ['user_id'], actors: ['reviewed_by'], personal: ['profile_url', 'work_email', 'motivation', 'reason'], other: ['status'], erasure: 'delete',
  },
  { table: 'student_affiliations', module: 'organisations', what: 'A student\'s confirmed university address', purpose: 'Affiliation', basis: 'contract', retention: ACCOUNT, visibleTo: 'The person; their university; admins', subject: ['student_id'], personal: ['email'], other: [], erasure: 'delete' },
  { table: 'organisation_projects', module: 'organisations', what: 'A company\'s projects and their moderation', purpose: 'Moderation', basis: 'contract', retention: 'with the project', visibleTo: 'Admins; the company', subject: [], actors: ['moderated_by'], personal: [], other: ['moderation', 'reason'], erasure: 'keep' },
  // --- platform
  {
    table: 'notifications', module: 'notifications', what: 'In-app notifications', purpose: 'Telling people what happened', basis: 'contract', retention: '1 year (settable)', visibleTo: 'The person',
    subject: ['user_id'], personal: ['title', 'message', 'metadata'], other: ['type', 'sub_type', 'action_url', 'priority'], erasure: 'scrub',
    erasureNote: 'The person\'s are deleted, and anyone\'s that name them',
  },
  { table: 'notification_counters', module: 'notifications', what: 'Notification numbering', purpose: 'Live updates', basis: 'contract', retention: ACCOUNT, visibleTo: 'No one', subject: ['user_id'], personal: [], other: [], erasure: 'keep' },
  {
    table: 'emails', module: 'emails', what: 'Every e-mail sent (the outbox)', purpose: 'Delivering e-mail', basis: 'contract', retention: '90 days (settable)', visibleTo: 'Admins (the outbox, secrets hidden)',
    subject: [], personal: ['to', 'subject', 'text', 'preview', 'html', 'attachments', 'error'], other: ['status'], secret: ['text', 'html', 'attachments', 'error'],
    owned: (_id, email) => sql`lower("to") = ${email}`, erasure: 'scrub', erasureNote: 'E-mails to the person, and anyone\'s that name them, are deleted with their .eml files',
  },
  {
    table: 'files', module: 'files', what: 'Uploaded files (avatars, documents)', purpose: 'What people upload', basis: 'contract', retention: ACCOUNT, visibleTo: 'The person; who they shared it with',
    subject: ['owner_id'], personal: ['original_name'], other: ['kind', 'storage_key', 'mime_type'], erasure: 'storage', erasureNote: 'Rows and bytes deleted',
  },
  { table: 'stored_files', module: 'files', what: 'File store index (STORAGE_DRIVER=database)', purpose: 'Storing files', basis: 'contract', retention: 'with the file', visibleTo: 'No one', subject: [], personal: [], other: ['key', 'sha256'], erasure: 'storage' },
  { table: 'stored_file_chunks', module: 'files', what: 'File bytes (STORAGE_DRIVER=database)', purpose: 'Storing files', basis: 'contract', retention: 'with the file', visibleTo: 'No one', subject: [], personal: ['data'], other: ['key'], erasure: 'storage' },
  {
    table: 'contact_messages', module: 'contact', what: 'Messages sent through the contact form', purpose: 'Answering them', basis: 'legitimate-interest', retention: '1 year',
    visibleTo: 'Admins', subject: [], personal: ['name', 'email', 'subject', 'message'], other: [], owned: (_id, email) => sql`lower(email) = ${email}`, erasure: 'delete',
  },
  {
    table: 'audit_log', module: 'audit', what: 'Who changed what, before and after', purpose: 'Accountability, security', basis: 'legal-obligation', retention: 'at least 1 year (settable)',
    visibleTo: 'Admins; the person sees who accessed their record', subject: [], actors: ['actor_id'], personal: ['before', 'after', 'entity_id'], other: ['action', 'entity'],
    owned: (id) => sql`entity_id = ${id}`, erasure: 'scrub', erasureNote: 'Entries stay (who did what, when); before/after that name the person are replaced by {"erased":true}',
  },
  {
    table: 'jobs', module: 'jobs', what: 'Background work and its payload', purpose: 'Running background work', basis: 'contract', retention: 'a week after done',
    visibleTo: 'No one', subject: [], personal: ['payload', 'last_error'], other: ['type', 'status', 'key'], erasure: 'scrub', erasureNote: 'Jobs whose payload names the person are deleted',
  },
  { table: 'rate_limits', module: 'jobs', what: 'Sign-in throttling counters (keyed by address or IP)', purpose: 'Security', basis: 'legitimate-interest', retention: 'minutes', visibleTo: 'No one', subject: [], personal: ['key'], other: [], erasure: 'scrub' },
  { table: 'site_content', module: 'content', what: 'Public site content (team names)', purpose: 'The public site', basis: 'legitimate-interest', retention: 'until edited', visibleTo: 'Everyone', subject: [], personal: ['value'], other: ['key'], erasure: 'none', erasureNote: 'Edited by the operator' },
  // --- Web Push (issue 27, modules/push)
  {
    table: 'push_subscriptions', module: 'notifications', what: 'Each device with push notifications on: the push service address, the browser\'s encryption keys, a device label',
    purpose: 'Sending notifications to the person\'s devices', basis: 'consent', retention: 'until push is turned off, the device signs out or the push service drops it; erased with the account',
    visibleTo: 'The person', subject: ['user_id'], personal: ['device'], other: [], secret: ['endpoint', 'p256dh', 'auth'], erasure: 'delete',
  },
  {
    table: 'push_vapid_keys', module: 'notifications', what: 'The server\'s own push signing key', purpose: 'Sending push notifications', basis: 'legitimate-interest',
    retention: 'kept', visibleTo: 'No one', subject: [], personal: [], other: ['public_key'], secret: ['private_key_sealed'], erasure: 'none', erasureNote: 'The server\'s key, no person\'s data',
  },
  // --- privacy itself
  {
    table: 'privacy_requests', module: 'privacy', what: 'Export and erasure requests', purpose: 'Data rights (proof they were honoured)', basis: 'legal-obligation', retention: 'kept as proof',
    visibleTo: 'The person; admins', subject: ['user_id'], actors: ['requested_by'], personal: [], other: ['kind', 'status', 'requester_role', 'reason', 'archive_key'], erasure: 'keep',
    erasureNote: 'The minimal erasure record: an opaque id, dates, who asked',
  },
  { table: 'privacy_legal_holds', module: 'privacy', what: 'Legal holds', purpose: 'Legal obligations', basis: 'legal-obligation', retention: 'until lifted', visibleTo: 'Admins', subject: ['user_id'], actors: ['placed_by'], personal: [], other: ['reason'], erasure: 'keep' },
  {
    table: 'privacy_notices', module: 'privacy', what: 'The privacy notice, every published version', purpose: 'Telling people how their data is used', basis: 'legal-obligation',
    retention: 'kept (the notice history)', visibleTo: 'Everyone (the current version); admins (the history)', subject: [], actors: ['published_by'], personal: [], other: ['title', 'body', 'summary'],
    erasure: 'none', erasureNote: 'The operator\'s text; an erased administrator stays its publisher as "Deleted user"',
  },
  {
    table: 'privacy_notice_acceptances', module: 'privacy', what: 'Which notice version the person accepted, when, and where (registration, sign-in)', purpose: 'Proof the person was informed',
    basis: 'legal-obligation', retention: ACCOUNT, visibleTo: 'The person; admins (counts)', subject: ['user_id'], personal: [], other: ['context'], erasure: 'delete',
  },
  {
    table: 'privacy_consents', module: 'privacy', what: 'The person\'s current choice for each optional purpose (matching on their profile, e-mails beyond the essential)', purpose: 'Respecting the choice',
    basis: 'consent', retention: ACCOUNT, visibleTo: 'The person', subject: ['user_id'], personal: [], other: ['purpose'], erasure: 'delete',
  },
  {
    table: 'privacy_consent_events', module: 'privacy', what: 'Every consent given or withdrawn, and when', purpose: 'Proof of consent (the trail)',
    basis: 'legal-obligation', retention: ACCOUNT, visibleTo: 'The person', subject: ['user_id'], personal: [], other: ['purpose'], erasure: 'delete',
  },
  { table: 'retention_settings', module: 'privacy', what: 'Retention periods', purpose: 'Retention', basis: 'legal-obligation', retention: 'until changed', visibleTo: 'Admins', subject: [], actors: ['updated_by'], personal: [], other: ['category'], erasure: 'none' },
  { table: 'retention_runs', module: 'privacy', what: 'Counts removed per retention run', purpose: 'Retention', basis: 'legal-obligation', retention: '1 year', visibleTo: 'Admins', subject: [], personal: [], other: ['counts'], erasure: 'none' },
];

export const registryByTable = new Map(REGISTRY.map((e) => [e.table, e]));

/** The condition selecting the person's rows of an entry, or null when no row belongs to anyone. */
export function ownedBy(entry: RegistryEntry, userId: string, email: string): SQL | null {
  if (entry.owned) return entry.owned(userId, email);
  if (entry.subject.length === 0) return null;
  return sql.join(
    entry.subject.map((c) => sql`${sql.identifier(c)} = ${userId}`),
    sql` OR `,
  );
}
