import { hashPassword } from '../lib/password.ts';
import type { Db } from '../db/client.ts';
import {
  expertApplications,
  organisationDomains,
  organisationMembers,
  organisationProjects,
  organisations,
  studentAffiliations,
} from '../db/schema/organisations.ts';
import { rdProjectRoles, rdProjects } from '../db/schema/rd-projects.ts';
import { professionalProfiles, studentProfiles, users } from '../db/schema/users.ts';

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY);

/** Issue 15 demo: an approved university with students, a company with a moderated project and an endorsed expert, one pending of each kind. */
export async function seedOrganisations(db: Db, ids: Record<string, string>): Promise<void> {
  const now = new Date();
  const hashes = new Map<string, Promise<string>>();
  const hashOf = (pw: string) => {
    let h = hashes.get(pw);
    if (!h) hashes.set(pw, (h = hashPassword(pw)));
    return h;
  };
  const adminId = ids['admin@example.com'] ?? null;

  async function organisation(input: { type: 'university' | 'company'; name: string; country: string; domain: string; status: 'pending' | 'approved'; admin: { email: string; firstName: string; lastName: string; password: string } }) {
    const [org] = await db
      .insert(organisations)
      .values({
        type: input.type,
        name: input.name,
        country: input.country,
        website: `https://www.${input.domain}`,
        status: input.status,
        contactEmail: input.admin.email,
        decidedBy: input.status === 'approved' ? adminId : null,
        decidedAt: input.status === 'approved' ? now : null,
      })
      .returning();
    if (!org) throw new Error('organisation seed failed');
    await db.insert(organisationDomains).values({ organisationId: org.id, domain: input.domain, verifiedAt: new Date() }); // the demo admin's address is at it
    const [user] = await db
      .insert(users)
      .values({
        role: input.type === 'university' ? 'university_admin' : 'company_admin',
        email: input.admin.email,
        passwordHash: await hashOf(input.admin.password),
        firstName: input.admin.firstName,
        lastName: input.admin.lastName,
        passwordChangedAt: now,
        emailConfirmedAt: now,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('member seed failed');
    await db.insert(organisationMembers).values({ userId: user.id, organisationId: org.id });
    ids[input.admin.email] = user.id;
    return org.id;
  }

  // An approved university with a domain and its students.
  const iitd = await organisation({
    type: 'university',
    name: 'Indian Institute of Technology Delhi',
    country: 'India',
    domain: 'iitd.ac.in',
    status: 'approved',
    admin: { email: 'university@iitd.ac.in', firstName: 'Nandini', lastName: 'Verma', password: 'University@123' },
  });
  const aarav = ids['student@example.com'];
  if (aarav) await db.insert(studentAffiliations).values({ studentId: aarav, organisationId: iitd, email: 'aarav.sharma@iitd.ac.in', confirmedAt: now });
  for (const s of [
    { email: 'kabir@iitd.ac.in', firstName: 'Kabir', lastName: 'Malhotra', course: 'Electrical Engineering', year: 2, roll: 'EE22B017' },
    { email: 'diya@iitd.ac.in', firstName: 'Diya', lastName: 'Menon', course: 'Computer Science', year: 4, roll: 'CS20B042' },
  ]) {
    const [row] = await db
      .insert(users)
      .values({ role: 'student', email: s.email, passwordHash: await hashOf('Student@123'), firstName: s.firstName, lastName: s.lastName, phone: '+91 98100 00999', passwordChangedAt: now, emailConfirmedAt: now })
      .returning({ id: users.id });
    if (!row) continue;
    ids[s.email] = row.id;
    await db.insert(studentProfiles).values({ userId: row.id, university: 'Indian Institute of Technology Delhi', course: s.course, department: s.course, year: s.year, rollNumber: s.roll, interests: ['Technology'] });
    await db.insert(studentAffiliations).values({ studentId: row.id, organisationId: iitd, email: s.email, confirmedAt: now });
  }

  // An approved company with a moderated (published) project, one awaiting moderation, and an endorsed expert.
  const northwind = await organisation({
    type: 'company',
    name: 'Northwind Labs',
    country: 'India',
    domain: 'northwindlabs.in',
    status: 'approved',
    admin: { email: 'company@northwindlabs.in', firstName: 'Farah', lastName: 'Siddiqui', password: 'Company@123' },
  });
  const companyAdmin = ids['company@northwindlabs.in'] ?? null;
  for (const p of [
    { title: 'Edge AI for Crop Disease Detection', moderation: 'approved' as const, summary: 'Run a compact vision model on a field device to spot crop disease early.' },
    { title: 'Low-latency Payments Ledger', moderation: 'pending' as const, summary: 'Design and benchmark an append-only ledger for real-time payments.' },
  ]) {
    const [project] = await db
      .insert(rdProjects)
      .values({
        title: p.title,
        summary: p.summary,
        description: `${p.summary} Posted by Northwind Labs.`,
        status: 'active',
        priority: 'medium',
        field: 'Computer Science',
        supervisor: { name: 'Farah Siddiqui', title: 'Research Lead', department: 'R&D', email: 'company@northwindlabs.in' },
        duration: '3-6 months',
        expectedEndDate: at(200).toISOString().slice(0, 10),
        applicationDeadline: at(45),
        objectives: ['Ship a working prototype'],
        tags: ['industry', 'northwind'],
        createdBy: companyAdmin,
      })
      .returning({ id: rdProjects.id });
    if (!project) continue;
    await db.insert(rdProjectRoles).values({ projectId: project.id, title: 'intern', description: 'Research intern', maxPositions: 2 });
    await db.insert(organisationProjects).values({
      projectId: project.id,
      organisationId: northwind,
      moderation: p.moderation,
      moderatedBy: p.moderation === 'approved' ? adminId : null,
      moderatedAt: p.moderation === 'approved' ? now : null,
    });
  }

  async function expert(input: { email: string; firstName: string; lastName: string; verified: boolean; endorsedBy: string | null; workEmail: string | null; title: string; company: string; expertise: string }) {
    const [row] = await db
      .insert(users)
      .values({
        role: 'professional',
        email: input.email,
        passwordHash: await hashOf('Expert@12345'),
        firstName: input.firstName,
        lastName: input.lastName,
        bio: `${input.title} at ${input.company}.`,
        phone: '+91 90000 00123',
        isVerified: input.verified,
        passwordChangedAt: now,
        emailConfirmedAt: now,
      })
      .returning({ id: users.id });
    if (!row) return;
    ids[input.email] = row.id;
    await db.insert(professionalProfiles).values({ userId: row.id, title: input.title, company: input.company, expertise: input.expertise, experienceYears: 7, specializations: ['Mentoring'], skills: [], currency: 'INR' });
    await db.insert(expertApplications).values({
      userId: row.id,
      status: input.verified ? 'approved' : 'pending',
      profileUrl: `https://www.linkedin.com/in/${input.firstName.toLowerCase()}-${input.lastName.toLowerCase()}`,
      workEmail: input.workEmail,
      workEmailConfirmedAt: input.workEmail ? now : null,
      motivation: 'I want to help students bridge the gap between coursework and industry.',
      endorsedBy: input.endorsedBy,
      reviewedBy: input.verified ? adminId : null,
      reviewedAt: input.verified ? now : null,
    });
  }
  await expert({ email: 'arjun@northwindlabs.in', firstName: 'Arjun', lastName: 'Desai', verified: true, endorsedBy: northwind, workEmail: 'arjun@northwindlabs.in', title: 'Embedded Systems Engineer', company: 'Northwind Labs', expertise: 'Engineering' });

  // One pending application of each kind.
  await expert({ email: 'expert.applicant@fabrikam.io', firstName: 'Sofia', lastName: 'Rossi', verified: false, endorsedBy: null, workEmail: null, title: 'Cloud Architect', company: 'Fabrikam', expertise: 'Software Development' });
  await organisation({
    type: 'university',
    name: 'Pune Institute of Technology',
    country: 'India',
    domain: 'pit.edu.in',
    status: 'pending',
    admin: { email: 'registrar@pit.edu.in', firstName: 'Suresh', lastName: 'Patil', password: 'University@123' },
  });
  await organisation({
    type: 'company',
    name: 'Contoso Robotics',
    country: 'India',
    domain: 'contosorobotics.in',
    status: 'pending',
    admin: { email: 'hr@contosorobotics.in', firstName: 'Meghna', lastName: 'Rao', password: 'Company@123' },
  });
}
