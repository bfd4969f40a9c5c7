// Set-up helpers of the R&D journeys (not a spec itself): every journey creates its own project with a
// unique title and, when it changes student state, its own freshly registered student.
import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect, uniqueEmail } from './fixtures.ts';

export const DAY = 86_400_000;
/** A calendar date (UTC) n days from now, as the date inputs take it. */
export const dateIn = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);

/** A unique project title, so journeys never see each other's projects. */
export const uniqueTitle = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A small, valid PDF (the server checks the bytes, not only the name). */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

export const adminToken = (request: APIRequestContext) => apiLogin(request, DEMO.admin.email, DEMO.admin.password);

export interface FreshStudent {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  token: string;
}

/** Register a brand-new student through the API (POST /api/auth/register). */
export async function registerStudent(request: APIRequestContext, prefix = 'rd'): Promise<FreshStudent> {
  const student = { email: uniqueEmail(prefix), password: 'Student@12345', firstName: 'Rhea', lastName: `Tester${Math.floor(Math.random() * 1e5)}` };
  const res = await request.post('/api/auth/register', {
    data: {
      ...student,
      university: 'Pune University',
      course: 'B.Tech Computer Science',
      year: 3,
      rollNumber: `RD${Date.now()}`,
      phone: '+91 98765 43210',
      interests: [],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ...student, token: ((await res.json()) as { data: { token: string } }).data.token };
}

export interface CreatedProject {
  _id: string;
  title: string;
  status: string;
  roles: { _id: string; title: string }[];
}

/** Create a project through the admin API (active unless told otherwise). */
export async function createProject(
  request: APIRequestContext,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<CreatedProject> {
  const res = await request.post('/api/admin/rd-projects', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title: uniqueTitle('E2E Project'),
      summary: 'Prototype a low-cost sensor with students.',
      description: 'Hands-on research with optics and embedded systems.',
      field: 'Data Science',
      priority: 'high',
      status: 'active',
      supervisor: { name: 'Dr. Meera Rao', email: 'meera.rao@university.edu', title: 'Professor', department: 'Physics', bio: '' },
      timeline: { duration: '3-6 months', expectedEndDate: dateIn(200) },
      objectives: ['Prototype a sensor'],
      tags: ['sensors'],
      roles: [{ title: 'intern', maxPositions: 2, workMode: 'hybrid', skillsRequired: ['Python'] }],
      applicationProcess: { applicationDeadline: dateIn(30), selectionCriteria: [], interviewRequired: true, documentsRequired: ['resume'] },
      requirements: { technicalSkills: [], softSkills: [], tools: [], equipment: [] },
      ...overrides,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { project: CreatedProject } }).data.project;
}

/** Apply to a project through the API, with a resume. Returns the application id. */
export async function applyViaApi(request: APIRequestContext, token: string, project: CreatedProject): Promise<string> {
  const role = project.roles[0];
  if (!role) throw new Error('the project has no role');
  const res = await request.post(`/api/rd-projects/${project._id}/apply`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      roleAppliedFor: role._id,
      motivation: 'I have built two sensor prototypes and want to learn research methods.',
      expectedDuration: '3-6 months',
      resume: { name: 'resume.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { application: { _id: string } } }).data.application._id;
}

/** How the app shows a deadline entered as a date (YYYY-MM-DD): that calendar date, in the browser's locale. */
export const shownDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
