import type { Role } from '@app/shared/roles';
import type { Db } from '../db/client.ts';
import { hashPassword } from '../lib/password.ts';
import { professionalProfiles, studentProfiles, users } from '../db/schema/users.ts';

export interface DemoAccount {
  role: Role;
  email: string;
  password: string;
  note?: string;
}

/** Printed at start and listed in the README. Only ever created on a new demo database. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { role: 'admin', email: 'admin@example.com', password: 'Admin@12345' },
  { role: 'student', email: 'student@example.com', password: 'Student@123' },
  { role: 'student', email: 'priya@example.com', password: 'Student@123' },
  { role: 'professional', email: 'mentor@example.com', password: 'Mentor@12345' },
  { role: 'professional', email: 'newmentor@example.com', password: 'TempPass@123', note: 'temporary password: must change it at first sign-in' },
  // issue 15 (demo/organisations.ts)
  { role: 'university_admin', email: 'university@iitd.ac.in', password: 'University@123', note: 'approved university (domain iitd.ac.in, 3 affiliated students)' },
  { role: 'company_admin', email: 'company@northwindlabs.in', password: 'Company@123', note: 'approved company: one published and one pending project, one endorsed expert' },
  { role: 'professional', email: 'arjun@northwindlabs.in', password: 'Expert@12345', note: 'verified expert endorsed by Northwind Labs' },
  { role: 'professional', email: 'expert.applicant@fabrikam.io', password: 'Expert@12345', note: 'expert application pending verification (invisible to students)' },
  { role: 'university_admin', email: 'registrar@pit.edu.in', password: 'University@123', note: 'university registration pending approval' },
  { role: 'company_admin', email: 'hr@contosorobotics.in', password: 'Company@123', note: 'company registration pending approval' },
];

const STUDENTS = [
  { email: 'student@example.com', firstName: 'Aarav', lastName: 'Sharma', university: 'Indian Institute of Technology Delhi', course: 'Computer Science', year: 3, rollNumber: 'CS21B001', phone: '+91 98100 00001', interests: ['Technology', 'Innovation'] },
  { email: 'priya@example.com', firstName: 'Priya', lastName: 'Nair', university: 'Anna University', course: 'Biotechnology', year: 2, rollNumber: 'BT22A014', phone: '+91 98100 00002', interests: ['Research', 'Healthcare'] },
  { email: 'rohan@example.com', firstName: 'Rohan', lastName: 'Gupta', university: 'BITS Pilani', course: 'Mechanical Engineering', year: 4, rollNumber: 'ME20B033', phone: '+91 98100 00003', interests: ['Engineering', 'Entrepreneurship'] },
  { email: 'sara@example.com', firstName: 'Sara', lastName: 'Khan', university: 'University of Mumbai', course: 'Business Administration', year: 1, rollNumber: 'BA23C101', phone: '+91 98100 00004', interests: ['Business', 'Design'] },
  { email: 'li.wei@example.com', firstName: 'Li', lastName: 'Wei', university: 'National University of Singapore', course: 'Data Science', year: 2, rollNumber: 'DS22E007', phone: '+65 9123 4567', interests: ['Technology', 'Research'] },
  { email: 'emma@example.com', firstName: 'Emma', lastName: 'Brown', university: 'University College London', course: 'Law', year: 3, rollNumber: 'LW21F045', phone: '+44 20 7946 0000', interests: ['Law', 'Innovation'] },
];

const PROFESSIONALS = [
  { email: 'mentor@example.com', firstName: 'Ananya', lastName: 'Iyer', title: 'Senior Software Engineer', company: 'Northwind Labs', expertise: 'Software Development', years: 9, rate: 2500, location: 'Bengaluru, India', specializations: ['System Design', 'TypeScript', 'Career Growth', 'Code Review'], skills: ['Node.js', 'React', 'PostgreSQL'], bio: 'Builds large web platforms and loves helping students ship their first production system.', achievements: ['Led a platform migration serving 5M users'], education: ['B.Tech, Computer Science'] },
  { email: 'newmentor@example.com', firstName: 'Vikram', lastName: 'Rao', title: 'Product Manager', company: 'Contoso Health', expertise: 'Product Management', years: 6, rate: null, location: 'Hyderabad, India', specializations: ['Product Discovery', 'Roadmapping'], skills: ['User Research', 'Analytics'], bio: 'Turns messy problems into products people use.', achievements: [], education: ['MBA'], temporary: true },
  { email: 'grace@example.com', firstName: 'Grace', lastName: 'Miller', title: 'Machine Learning Lead', company: 'Fabrikam AI', expertise: 'Machine Learning', years: 11, rate: 120, currency: 'USD', timezone: 'America/New_York', location: 'New York, USA', specializations: ['Deep Learning', 'MLOps', 'Research Careers'], skills: ['PyTorch', 'Python', 'Kubernetes'], bio: 'Leads applied ML research; mentors students moving from coursework to research.', achievements: ['15 peer-reviewed papers'], education: ['PhD, Computer Science'] },
  { email: 'oliver@example.com', firstName: 'Oliver', lastName: 'Hughes', title: 'Security Architect', company: 'Tailspin Security', expertise: 'Cybersecurity', years: 14, rate: 90, currency: 'GBP', timezone: 'Europe/London', location: 'London, UK', specializations: ['Threat Modelling', 'Cloud Security', 'CTF Coaching'], skills: ['AWS', 'OWASP', 'Incident Response'], bio: 'Has defended banks and hospitals; coaches university CTF teams.', achievements: ['OSCP, CISSP'], education: ['M.Sc, Information Security'] },
  { email: 'meera@example.com', firstName: 'Meera', lastName: 'Kapoor', title: 'Data Scientist', company: 'Woodgrove Bank', expertise: 'Data Science', years: 5, rate: 1800, location: 'Mumbai, India', specializations: ['Statistics', 'Forecasting', 'SQL'], skills: ['Python', 'dbt', 'Tableau'], bio: 'Makes numbers tell the truth, and teaches students to do the same.', achievements: ['Kaggle Expert'], education: ['M.Stat'] },
  { email: 'kenji@example.com', firstName: 'Kenji', lastName: 'Sato', title: 'Design Director', company: 'Adatum Studio', expertise: 'Graphic Design', years: 12, rate: 12000, currency: 'JPY', timezone: 'Asia/Tokyo', location: 'Tokyo, Japan', specializations: ['Brand Systems', 'UX Writing', 'Portfolio Reviews'], skills: ['Figma', 'Typography'], bio: 'Reviews hundreds of portfolios a year and tells you what actually matters.', achievements: ['Red Dot Award'], education: ['BFA, Visual Communication'] },
  { email: 'lucia@example.com', firstName: 'Lucía', lastName: 'Fernández', title: 'Venture Consultant', company: 'Litware Partners', expertise: 'Consulting', years: 8, rate: null, currency: 'EUR', timezone: 'Europe/Madrid', location: 'Madrid, Spain', specializations: ['Startup Strategy', 'Pitch Decks', 'Fundraising'], skills: ['Financial Modelling'], bio: 'Helps student founders turn ideas into fundable companies.', achievements: ['Advised 40+ startups'], education: ['MBA, IE Business School'] },
];

export async function seedAccounts(db: Db): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  const passwordFor = (email: string) => DEMO_ACCOUNTS.find((a) => a.email === email)?.password ?? 'Demo@12345';
  const hashes = new Map<string, string>();
  const hashOf = async (pw: string) => {
    const existing = hashes.get(pw);
    if (existing) return existing;
    const h = await hashPassword(pw);
    hashes.set(pw, h);
    return h;
  };

  const [admin] = await db
    .insert(users)
    .values({ role: 'admin', email: 'admin@example.com', passwordHash: await hashOf('Admin@12345'), firstName: 'Platform', lastName: 'Admin', isVerified: true, passwordChangedAt: new Date() })
    .returning({ id: users.id });
  if (admin) ids['admin@example.com'] = admin.id;

  for (const s of STUDENTS) {
    const [row] = await db
      .insert(users)
      .values({ role: 'student', email: s.email, passwordHash: await hashOf(passwordFor(s.email)), firstName: s.firstName, lastName: s.lastName, phone: s.phone, passwordChangedAt: new Date() })
      .returning({ id: users.id });
    if (!row) continue;
    ids[s.email] = row.id;
    await db.insert(studentProfiles).values({ userId: row.id, university: s.university, course: s.course, department: s.course, year: s.year, rollNumber: s.rollNumber, interests: s.interests });
  }

  for (const p of PROFESSIONALS) {
    const [row] = await db
      .insert(users)
      .values({
        role: 'professional',
        email: p.email,
        passwordHash: await hashOf(passwordFor(p.email)),
        firstName: p.firstName,
        lastName: p.lastName,
        bio: p.bio,
        phone: '+91 90000 00000',
        timezone: 'timezone' in p && p.timezone ? p.timezone : 'Asia/Kolkata',
        isVerified: true,
        isTemporaryPassword: p.temporary === true,
        passwordChangedAt: p.temporary ? null : new Date(),
      })
      .returning({ id: users.id });
    if (!row) continue;
    ids[p.email] = row.id;
    await db.insert(professionalProfiles).values({
      userId: row.id,
      title: p.title,
      company: p.company,
      expertise: p.expertise,
      experienceYears: p.years,
      specializations: p.specializations,
      skills: p.skills,
      achievements: p.achievements,
      education: p.education,
      location: p.location,
      hourlyRate: p.rate,
      // Each rate in the professional's own currency (issue 29); the Indian mentors charge in rupees.
      currency: 'currency' in p && p.currency ? p.currency : 'INR',
    });
  }
  return ids;
}
