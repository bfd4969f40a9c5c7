import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queueEmail } from '../../lib/mail.ts';
import { newId } from '../../lib/ids.ts';
import { audit } from '../../lib/audit.ts';
import { queryRows } from '../../lib/sql.ts';
import { notify } from '../notifications/notifications.service.ts';
import { insertRegistration, insertWorkshop } from '../workshops/workshops.fixtures.ts';
import { newCertificateId } from '../workshops/workshops.service.ts';
import { buildProfessional, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import type { TestContext } from '../../../test/harness.ts';

const word = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;

export interface Footprint {
  person: BuiltUser;
  mentor: BuiltUser;
  other: BuiltUser;
  /** Strings only the person's data contains. */
  unique: { first: string; last: string; email: string; phone: string; phrases: string[] };
  upcomingWorkshopId: string;
  otherIdeaId: string;
  upcomingSessionId: string;
  roleId: string;
  documentKey: string;
  /** Their organisation's SSO connection (stays: the organisation's configuration). */
  ssoConnectionId: string;
}

/**
 * A person with unique strings who used every module (tests only): workshop seats (upcoming and attended
 * with a certificate), a past rated session and an upcoming one, messages, a request, ideas, a comment, a
 * like, an R&D application with an uploaded document, notifications, e-mails, an audit entry. A mentor and
 * another student share some of it.
 */
export async function seedFootprint(t: TestContext): Promise<Footprint> {
  const db = t.database.db;
  const first = word('Zq');
  const last = word('Xv');
  const email = `${word('priv')}@example.org`;
  const phone = `+91 7${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  // 0–7: the modules above; 8: a passkey's name; 9: an SSO subject; 10: a cancellation reason; 11: a sign-in's browser.
  const phrases = Array.from({ length: 12 }, (_, i) => word(`phrase${i}x`));
  const person = await buildStudent(t, { email, firstName: first, lastName: last });
  await db.execute(sql`UPDATE users SET phone = ${phone}, bio = ${`Bio ${phrases[0]}`}, timezone = 'Asia/Kolkata', language = 'hi' WHERE id = ${person.id}`);
  const mentor = await buildProfessional(t, { firstName: 'Mira', lastName: 'Mentor' });
  const other = await buildStudent(t, { firstName: 'Olle', lastName: 'Other' });

  // Workshops: an upcoming seat (with another student's), and an attended past one with a certificate.
  const upcoming = await insertWorkshop(db, { daysFromNow: 10, maxParticipants: 5, professionalId: mentor.id });
  await insertRegistration(db, { workshopId: upcoming.id, studentId: person.id });
  await insertRegistration(db, { workshopId: upcoming.id, studentId: other.id });
  await db.execute(sql`UPDATE workshops SET registered_count = 2 WHERE id = ${upcoming.id}`);
  const past = await insertWorkshop(db, { daysFromNow: -10, status: 'completed', professionalId: mentor.id });
  await insertRegistration(db, { workshopId: past.id, studentId: person.id, status: 'attended', certificateId: newCertificateId() });
  await db.execute(sql`UPDATE workshops SET registered_count = 1, completed_at = now() WHERE id = ${past.id}`);

  // Mentoring: a request, a past rated session (the other student rated one too), an upcoming session, messages.
  const hour = 3_600_000;
  await db.execute(sql`INSERT INTO connection_requests (id, student_id, professional_id, message, status) VALUES (${newId()}, ${person.id}, ${mentor.id}, ${`Please mentor me ${phrases[1]}`}, 'accepted')`);
  await db.execute(sql`INSERT INTO mentoring_sessions (id, professional_id, student_id, topic, starts_at, ends_at, status, rating, rated_at)
                       VALUES (${newId()}, ${mentor.id}, ${person.id}, ${`Topic ${phrases[2]}`}, ${new Date(Date.now() - 50 * hour).toISOString()}::timestamptz, ${new Date(Date.now() - 49 * hour).toISOString()}::timestamptz, 'completed', 5, now()),
                              (${newId()}, ${mentor.id}, ${other.id}, 'Career chat', ${new Date(Date.now() - 30 * hour).toISOString()}::timestamptz, ${new Date(Date.now() - 29 * hour).toISOString()}::timestamptz, 'completed', 4, now())`);
  await db.execute(sql`UPDATE professional_profiles SET rating_sum = 9, rating_count = 2 WHERE user_id = ${mentor.id}`);
  const upcomingSessionId = newId();
  await db.execute(sql`INSERT INTO mentoring_sessions (id, professional_id, student_id, topic, starts_at, ends_at, status)
                       VALUES (${upcomingSessionId}, ${mentor.id}, ${person.id}, ${`Next ${phrases[2]}`}, ${new Date(Date.now() + 72 * hour).toISOString()}::timestamptz, ${new Date(Date.now() + 73 * hour).toISOString()}::timestamptz, 'scheduled')`);
  await db.execute(sql`INSERT INTO conversation_messages (id, professional_id, student_id, sender_id, body) VALUES
                       (${newId()}, ${mentor.id}, ${person.id}, ${person.id}, ${`Hello ${phrases[3]}`}),
                       (${newId()}, ${mentor.id}, ${person.id}, ${mentor.id}, 'Happy to help.'),
                       (${newId()}, ${mentor.id}, ${other.id}, ${other.id}, 'A message of the other student')`);

  // A past session the person cancelled, with their reason.
  await db.execute(sql`INSERT INTO mentoring_sessions (id, professional_id, student_id, topic, starts_at, ends_at, status, cancelled_by, cancel_reason, cancelled_at)
                       VALUES (${newId()}, ${mentor.id}, ${person.id}, 'Mock interview', ${new Date(Date.now() - 20 * hour).toISOString()}::timestamptz, ${new Date(Date.now() - 19 * hour).toISOString()}::timestamptz,
                               'cancelled', ${person.id}, ${`Exam clash ${phrases[10]}`}, now() - interval '2 days')`);

  // Sign-in security: a session, TOTP on with recovery codes, a passkey, a passkey challenge in flight.
  await db.execute(sql`INSERT INTO auth_sessions (id, user_id, user_agent, device, ip, method, expires_at)
                       VALUES (${newId()}, ${person.id}, ${`Mozilla/5.0 ${phrases[11]}`}, 'Firefox on Linux', '203.0.113.7', 'password+totp', now() + interval '30 days')`);
  await db.execute(sql`INSERT INTO user_mfa (user_id, totp_secret, totp_confirmed_at) VALUES (${person.id}, ${`enc-totp-secret-${last}`}, now())`);
  await db.execute(sql`INSERT INTO mfa_recovery_codes (id, user_id, code_hash) VALUES (${newId()}, ${person.id}, ${`recovery-hash-${last}`})`);
  await db.execute(sql`INSERT INTO passkeys (id, user_id, credential_id, public_key, name) VALUES (${newId()}, ${person.id}, ${`cred-${last}`}, ${`pk-${last}`}, ${`Laptop ${phrases[8]}`})`);
  await db.execute(sql`INSERT INTO webauthn_challenges (id, purpose, user_id, challenge, expires_at) VALUES (${newId()}, 'second-factor', ${person.id}, ${`challenge-${last}`}, now() + interval '5 minutes')`);

  // SSO: their university's connection, their identity there (with a stored ID token), SCIM provisioning,
  // a refused sign-in naming their address, an admin's test report naming them.
  const orgId = newId();
  await db.execute(sql`INSERT INTO organisations (id, type, name, website, status, contact_email) VALUES (${orgId}, 'university', 'Privacy University', 'https://privacy.example.edu', 'approved', 'it@privacy.example.edu')`);
  const connectionId = newId();
  await db.execute(sql`INSERT INTO sso_connections (id, organisation_id, protocol, name, enabled, issuer, client_id, mapping)
                       VALUES (${connectionId}, ${orgId}, 'oidc', 'University login', true, 'https://idp.privacy.example.edu', 'mentorbridge',
                               '{"subject":["sub"],"email":["email"],"firstName":[],"lastName":[],"displayName":[],"affiliation":[]}'::jsonb)`);
  await db.execute(sql`INSERT INTO sso_identities (id, user_id, connection_id, organisation_id, issuer, subject, affiliations, last_id_token_enc, last_sign_in_at)
                       VALUES (${newId()}, ${person.id}, ${connectionId}, ${orgId}, 'https://idp.privacy.example.edu', ${`sub-${phrases[9]}`}, '["student"]'::jsonb, ${`id-token-${last}`}, now())`);
  await db.execute(sql`INSERT INTO scim_users (user_id, organisation_id, user_name, external_id) VALUES (${person.id}, ${orgId}, ${email}, ${`ext-${last}`})`);
  await db.execute(sql`INSERT INTO sso_events (id, organisation_id, connection_id, reason, detail) VALUES (${newId()}, ${orgId}, ${connectionId}, 'email', ${`${email} is not at one of the organisation's domains`})`);
  const tester = await buildProfessional(t, { firstName: 'Tess', lastName: 'Tester' });
  await db.execute(sql`INSERT INTO sso_results (id, code_hash, kind, user_id, payload, expires_at)
                       VALUES (${newId()}, ${`code-${last}`}, 'test', ${tester.id}, ${JSON.stringify({ outcome: 'existing', account: { id: person.id, email, name: `${first} ${last}` } })}::jsonb, now() + interval '5 minutes')`);

  // Ideas: their own, a comment and a like on another student's.
  await db.execute(sql`INSERT INTO ideas (id, author_id, title, description, category, is_public) VALUES (${newId()}, ${person.id}, ${`Idea ${phrases[4]}`}, ${`Details ${phrases[4]}`}, 'Technology', true)`);
  const otherIdeaId = newId();
  await db.execute(sql`INSERT INTO ideas (id, author_id, title, description, category, is_public, likes_count, comments_count) VALUES (${otherIdeaId}, ${other.id}, 'Solar benches', 'Benches that charge phones', 'Technology', true, 1, 1)`);
  await db.execute(sql`INSERT INTO idea_likes (idea_id, user_id) VALUES (${otherIdeaId}, ${person.id})`);
  await db.execute(sql`INSERT INTO idea_comments (id, idea_id, author_id, body) VALUES (${newId()}, ${otherIdeaId}, ${person.id}, ${`Nice ${phrases[5]}`})`);

  // R&D: an accepted application (a filled position) with an uploaded document.
  const projectId = newId();
  await db.execute(sql`INSERT INTO rd_projects (id, title, summary, field, supervisor, expected_end_date, application_deadline, status)
                       VALUES (${projectId}, 'Water sensors', 'Low-cost sensors', 'Engineering', '{"name":"Dr Lab","email":"lab@example.edu"}'::jsonb, '2030-01-01', ${new Date(Date.now() + 30 * 24 * hour).toISOString()}::timestamptz, 'active')`);
  const roleId = newId();
  await db.execute(sql`INSERT INTO rd_project_roles (id, project_id, title, max_positions, current_positions) VALUES (${roleId}, ${projectId}, 'intern', 3, 1)`);
  const applicationId = newId();
  await db.execute(sql`INSERT INTO rd_applications (id, project_id, role_id, student_id, status, motivation, relevant_experience)
                       VALUES (${applicationId}, ${projectId}, ${roleId}, ${person.id}, 'accepted', ${`Motivated ${phrases[6]}`}, ${`Built ${phrases[6]}`})`);
  const documentKey = await t.app.ctx.storage.put('documents', 'pdf', Buffer.from(`%PDF-1.4 resume of ${first} ${last} ${phrases[7]}`));
  const fileId = newId();
  await db.execute(sql`INSERT INTO files (id, owner_id, kind, storage_key, mime_type, size, original_name) VALUES (${fileId}, ${person.id}, 'rd-document', ${documentKey}, 'application/pdf', 40, ${`cv-${last}.pdf`})`);
  await db.execute(sql`INSERT INTO rd_application_documents (id, application_id, type, file_id) VALUES (${newId()}, ${applicationId}, 'resume', ${fileId})`);

  // Notifications and e-mails (one to the mentor names the person), an audit entry about them.
  await notify(db, { userId: person.id, type: 'system', title: 'Welcome', message: `Welcome ${phrases[0]}` });
  await notify(db, { userId: mentor.id, type: 'connection', title: 'New request', message: `${first} ${last} asked to connect` });
  await queueEmail(db, { to: email, subject: 'Welcome', text: `Hi ${first}, welcome.` });
  await queueEmail(db, { to: mentor.email, subject: 'New request', text: `${first} ${last} (${email}) asked to connect.` });
  await audit(db, null, 'update', 'student', person.id, { email }, { phone });
  await t.runJobs();
  const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM emails WHERE lower("to") = ${email}`);
  if (n < 1) throw new Error('seed: the e-mail to the person was not stored');
  return { person, mentor, other, unique: { first, last, email, phone, phrases }, upcomingWorkshopId: upcoming.id, otherIdeaId, upcomingSessionId, roleId, documentKey, ssoConnectionId: connectionId };
}
