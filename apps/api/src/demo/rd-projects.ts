import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { createMeetingLink } from '../lib/meeting.ts';
import { createStorage, type Storage } from '../lib/storage.ts';
import type { Db } from '../db/client.ts';
import { files } from '../db/schema/platform.ts';
import {
  rdAlerts,
  rdApplicationDocuments,
  rdApplicationEvents,
  rdApplications,
  rdBookmarks,
  rdProjectRoles,
  rdProjects,
  type InterviewDetails,
  type Milestone,
} from '../db/schema/rd-projects.ts';

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY);
const dateAt = (days: number) => at(days).toISOString().slice(0, 10);

type Status = 'draft' | 'active' | 'paused' | 'completed' | 'cancelled';
type RoleSeed = Partial<typeof rdProjectRoles.$inferInsert> & { title: 'intern' | 'work-student' | 'part-time' | 'full-time' };

interface ProjectSeed {
  key: string;
  title: string;
  summary: string;
  description: string;
  field: string;
  status: Status;
  priority: 'low' | 'medium' | 'high' | 'urgent';
  supervisor: { name: string; title: string; department: string; email: string; bio: string };
  duration: string;
  startIn: number;
  endIn: number;
  deadlineIn: number;
  objectives: string[];
  tags: string[];
  milestones: Milestone[];
  selectionCriteria: string[];
  interviewRequired: boolean;
  documentsRequired: string[];
  technicalSkills: string[];
  softSkills: string[];
  tools: string[];
  roles: RoleSeed[];
  views: number;
}

/** Clearly fictional supervisors and projects, in every status, with deadlines near and far. */
const PROJECTS: ProjectSeed[] = [
  {
    key: 'federated',
    title: 'Federated Learning for Campus Health Data',
    summary: 'Train privacy-preserving models across hospital partners without moving patient data.',
    description: 'Students design and benchmark federated training pipelines on synthetic clinical data, with differential privacy and secure aggregation.',
    field: 'Artificial Intelligence',
    status: 'active',
    priority: 'high',
    supervisor: { name: 'Dr. Kavya Menon', title: 'Associate Professor', department: 'Computer Science', email: 'kavya.menon@example.edu', bio: 'Works on privacy-preserving machine learning and health informatics.' },
    duration: '6-12 months',
    startIn: 30,
    endIn: 300,
    deadlineIn: 20,
    objectives: ['Build a federated training baseline', 'Add differential privacy', 'Publish a benchmark report'],
    tags: ['federated learning', 'privacy', 'healthcare'],
    milestones: [
      { title: 'Literature review', description: 'Survey federated optimisation methods.', status: 'completed', dueDate: dateAt(-20), completedAt: dateAt(-22) },
      { title: 'Synthetic data generator', status: 'in-progress', dueDate: dateAt(25) },
      { title: 'Benchmark report', status: 'pending', dueDate: dateAt(200) },
    ],
    selectionCriteria: ['Python proficiency', 'Coursework in machine learning'],
    interviewRequired: true,
    documentsRequired: ['resume'],
    technicalSkills: ['Python', 'PyTorch'],
    softSkills: ['Written communication'],
    tools: ['Flower', 'Docker'],
    roles: [
      { title: 'intern', description: 'Implement training clients and evaluation scripts.', maxPositions: 3, skillsRequired: ['Python', 'PyTorch'], workMode: 'remote', compensationType: 'stipend', compensationAmount: 12000, compensationCurrency: 'INR', minCgpa: 7.5, degreeLevel: 'bachelor', experience: 'beginner' },
      { title: 'part-time', description: 'Own the privacy accounting module.', maxPositions: 1, skillsRequired: ['Statistics'], workMode: 'hybrid', compensationType: 'paid', compensationAmount: 30000, compensationCurrency: 'INR', degreeLevel: 'master', experience: 'intermediate' },
    ],
    views: 42,
  },
  {
    key: 'speech',
    title: 'Low-resource Speech Recognition for Indian Languages',
    summary: 'Collect and model speech for languages with little labelled audio.',
    description: 'Fine-tune self-supervised speech models for Tulu and Konkani with community-sourced recordings.',
    field: 'Machine Learning',
    status: 'active',
    priority: 'urgent',
    supervisor: { name: 'Prof. Arjun Bhat', title: 'Professor', department: 'Electrical Engineering', email: 'arjun.bhat@example.edu', bio: 'Speech and language technology for under-served languages.' },
    duration: '3-6 months',
    startIn: 14,
    endIn: 160,
    deadlineIn: 5,
    objectives: ['Record 20 hours of speech', 'Fine-tune a wav2vec-style model'],
    tags: ['speech', 'nlp', 'indic languages'],
    milestones: [{ title: 'Recording campaign', status: 'pending', dueDate: dateAt(40) }],
    selectionCriteria: ['Speaks Tulu or Konkani (preferred)'],
    interviewRequired: false,
    documentsRequired: [],
    technicalSkills: ['Python'],
    softSkills: ['Community outreach'],
    tools: ['Hugging Face'],
    roles: [{ title: 'intern', description: 'Data collection and model fine-tuning.', maxPositions: 2, skillsRequired: ['Python'], workMode: 'remote' }],
    views: 87,
  },
  {
    key: 'crispr',
    title: 'CRISPR Screening Pipeline Automation',
    summary: 'Automate analysis of pooled CRISPR screens for the genomics core.',
    description: 'Build a reproducible pipeline from raw reads to gene-level hits, and a small web report for biologists.',
    field: 'Biotechnology',
    status: 'active',
    priority: 'medium',
    supervisor: { name: 'Dr. Farah Siddiqui', title: 'Senior Scientist', department: 'Genomics Core', email: 'farah.siddiqui@example.edu', bio: 'Functional genomics and lab automation.' },
    duration: '6-12 months',
    startIn: 60,
    endIn: 365,
    deadlineIn: 45,
    objectives: ['Reproducible analysis pipeline', 'Report for wet-lab users'],
    tags: ['genomics', 'bioinformatics'],
    milestones: [],
    selectionCriteria: ['Molecular biology coursework', 'Scripting experience'],
    interviewRequired: true,
    documentsRequired: ['resume', 'transcript'],
    technicalSkills: ['R', 'Snakemake'],
    softSkills: ['Attention to detail'],
    tools: ['Nextflow'],
    roles: [
      { title: 'full-time', description: 'Pipeline engineer in the genomics core.', maxPositions: 1, skillsRequired: ['R', 'Linux'], workMode: 'onsite', location: 'Bengaluru campus, Block B', compensationType: 'paid', compensationAmount: 45000, compensationCurrency: 'INR', degreeLevel: 'master', experience: 'intermediate' },
      { title: 'work-student', description: 'Assist with validation datasets.', maxPositions: 2, workMode: 'onsite', location: 'Bengaluru campus, Block B', compensationType: 'certificate' },
    ],
    views: 15,
  },
  {
    key: 'anomaly',
    title: 'Campus Network Anomaly Detection',
    summary: 'Detect intrusions on the campus network with streaming analytics.',
    description: 'Use flow logs to detect scanning and exfiltration in near real time, with an explainable alert view.',
    field: 'Cybersecurity',
    status: 'active',
    priority: 'high',
    supervisor: { name: 'Dr. Samuel Okoro', title: 'Assistant Professor', department: 'Information Security', email: 'samuel.okoro@example.edu', bio: 'Network security and applied anomaly detection.' },
    duration: '1-3 months',
    startIn: 10,
    endIn: 90,
    deadlineIn: 2,
    objectives: ['Streaming feature extraction', 'Alert dashboard'],
    tags: ['security', 'streaming'],
    milestones: [{ title: 'Feature extraction', status: 'delayed', dueDate: dateAt(-3) }],
    selectionCriteria: ['Networking fundamentals'],
    interviewRequired: false,
    documentsRequired: [],
    technicalSkills: ['Python', 'Kafka'],
    softSkills: [],
    tools: ['Zeek'],
    roles: [{ title: 'intern', maxPositions: 2, workMode: 'hybrid', skillsRequired: ['Networking'] }],
    views: 23,
  },
  {
    key: 'microgrid',
    title: 'Solar Microgrid Controller',
    summary: 'Design a controller that balances a rooftop solar microgrid and battery bank.',
    description: 'Model, simulate and test a controller for a 50 kW campus microgrid.',
    field: 'Electrical Engineering',
    status: 'active',
    priority: 'low',
    supervisor: { name: 'Prof. Lena Fischer', title: 'Professor', department: 'Electrical Engineering', email: 'lena.fischer@example.edu', bio: 'Power electronics and renewable integration.' },
    duration: '1+ years',
    startIn: 100,
    endIn: 500,
    deadlineIn: 90,
    objectives: ['Simulation model', 'Hardware-in-the-loop test'],
    tags: ['energy', 'control systems'],
    milestones: [],
    selectionCriteria: [],
    interviewRequired: false,
    documentsRequired: [],
    technicalSkills: ['MATLAB'],
    softSkills: [],
    tools: ['Simulink'],
    roles: [{ title: 'part-time', maxPositions: 2, workMode: 'onsite', location: 'Energy Lab', compensationType: 'unpaid' }],
    views: 4,
  },
  {
    key: 'heat',
    title: 'Urban Heat Island Sensor Mesh',
    summary: 'A low-cost sensor mesh to map heat islands across the city.',
    description: 'Draft proposal: LoRa sensors on bus stops, with an open data portal.',
    field: 'Environmental Engineering',
    status: 'draft',
    priority: 'medium',
    supervisor: { name: 'Dr. Noor Haddad', title: 'Lecturer', department: 'Civil & Environmental Engineering', email: 'noor.haddad@example.edu', bio: 'Urban climate and sensing.' },
    duration: '6-12 months',
    startIn: 120,
    endIn: 400,
    deadlineIn: 60,
    objectives: ['Sensor prototype'],
    tags: ['climate', 'iot'],
    milestones: [],
    selectionCriteria: [],
    interviewRequired: false,
    documentsRequired: [],
    technicalSkills: [],
    softSkills: [],
    tools: [],
    roles: [{ title: 'intern', maxPositions: 4 }],
    views: 0,
  },
  {
    key: 'gripper',
    title: 'Soft Robotics Gripper',
    summary: 'A pneumatic soft gripper for handling fragile produce.',
    description: 'Paused while the lab moves buildings.',
    field: 'Mechanical Engineering',
    status: 'paused',
    priority: 'medium',
    supervisor: { name: 'Dr. Tomás Rivera', title: 'Research Fellow', department: 'Mechanical Engineering', email: 'tomas.rivera@example.edu', bio: 'Soft robotics and fabrication.' },
    duration: '3-6 months',
    startIn: 40,
    endIn: 200,
    deadlineIn: 25,
    objectives: ['Fabricate three gripper designs'],
    tags: ['robotics'],
    milestones: [{ title: 'Mould design', status: 'completed', completedAt: dateAt(-10) }],
    selectionCriteria: [],
    interviewRequired: false,
    documentsRequired: [],
    technicalSkills: ['CAD'],
    softSkills: [],
    tools: ['SolidWorks'],
    roles: [{ title: 'intern', maxPositions: 2, workMode: 'onsite', location: 'Fabrication Lab' }],
    views: 9,
  },
  {
    key: 'crops',
    title: 'Crop Yield Forecasting with Satellite Imagery',
    summary: 'Forecast district-level yields from Sentinel-2 imagery.',
    description: 'Completed project: models and report delivered to the agriculture department.',
    field: 'Data Science',
    status: 'completed',
    priority: 'medium',
    supervisor: { name: 'Dr. Priyanka Das', title: 'Associate Professor', department: 'Data Science', email: 'priyanka.das@example.edu', bio: 'Remote sensing and spatial statistics.' },
    duration: '6-12 months',
    startIn: -300,
    endIn: -10,
    deadlineIn: -320,
    objectives: ['Yield model', 'Report'],
    tags: ['remote sensing', 'agriculture'],
    milestones: [
      { title: 'Data pipeline', status: 'completed', completedAt: dateAt(-200) },
      { title: 'Model', status: 'completed', completedAt: dateAt(-60) },
    ],
    selectionCriteria: [],
    interviewRequired: true,
    documentsRequired: [],
    technicalSkills: ['Python'],
    softSkills: [],
    tools: ['Google Earth Engine'],
    roles: [{ title: 'intern', maxPositions: 2, workMode: 'remote', compensationType: 'stipend', compensationAmount: 8000, compensationCurrency: 'INR' }],
    views: 130,
  },
  {
    key: 'ecg',
    title: 'Remote ECG Triage',
    summary: 'Triage wearable ECG recordings for rural clinics.',
    description: 'Cancelled after the partner clinic withdrew.',
    field: 'Healthcare Innovation',
    status: 'cancelled',
    priority: 'low',
    supervisor: { name: 'Dr. Hana Kim', title: 'Clinical Researcher', department: 'Medicine', email: 'hana.kim@example.edu', bio: 'Digital health.' },
    duration: '3-6 months',
    startIn: 20,
    endIn: 150,
    deadlineIn: 15,
    objectives: [],
    tags: ['ecg'],
    milestones: [],
    selectionCriteria: [],
    interviewRequired: false,
    documentsRequired: [],
    technicalSkills: [],
    softSkills: [],
    tools: [],
    roles: [{ title: 'intern', maxPositions: 1 }],
    views: 2,
  },
];

/** A small, valid one-page PDF (computed xref offsets) with a line of text. */
export function makePdf(text: string): Buffer {
  const safe = text.replace(/[()\\]/g, '');
  const stream = `BT /F1 14 Tf 72 720 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out);
}

/** The seed runs without the app context: the same configuration the server parses gives the uploads dir. */
function demoSettings(db: Db): { storage: Storage | null; meetingBaseUrl: string } {
  try {
    const config = loadConfig(process.env);
    return { storage: createStorage(config.storageDriver, { root: config.uploadsDir, db }), meetingBaseUrl: config.meetingBaseUrl };
  } catch {
    return { storage: null, meetingBaseUrl: 'https://meet.jit.si' };
  }
}

interface ApplicationSeed {
  project: string;
  student: string;
  role: number;
  status: 'pending' | 'under-review' | 'interview-scheduled' | 'accepted' | 'rejected' | 'withdrawn';
  motivation: string;
  history: ('pending' | 'under-review' | 'interview-scheduled' | 'accepted' | 'rejected' | 'withdrawn')[];
  notes?: string;
  interview?: InterviewDetails;
  resume?: boolean;
}

const APPLICATIONS: ApplicationSeed[] = [
  { project: 'federated', student: 'student@example.com', role: 0, status: 'under-review', history: ['pending', 'under-review'], motivation: 'I built a small federated averaging demo in my ML course and want to take it to real hospital data.', notes: 'Strong ML coursework.', resume: true },
  { project: 'federated', student: 'priya@example.com', role: 0, status: 'pending', history: ['pending'], motivation: 'Healthcare data privacy is the reason I chose biotechnology.', resume: true },
  { project: 'federated', student: 'rohan@example.com', role: 1, status: 'accepted', history: ['pending', 'under-review', 'accepted'], motivation: 'I have done statistics research and want to apply it to privacy accounting.', resume: true },
  {
    project: 'crispr',
    student: 'student@example.com',
    role: 1,
    status: 'interview-scheduled',
    history: ['pending', 'interview-scheduled'],
    motivation: 'I want to learn wet-lab automation from the computing side.',
    interview: { scheduled: true, date: dateAt(6), time: '11:00', timezone: 'Asia/Kolkata', mode: 'online', notes: 'Please prepare a 5-minute walkthrough of a past project.', sequence: 0 },
  },
  { project: 'crops', student: 'student@example.com', role: 0, status: 'accepted', history: ['pending', 'under-review', 'accepted'], motivation: 'Remote sensing is what I want to do after graduating.' },
  { project: 'gripper', student: 'student@example.com', role: 0, status: 'rejected', history: ['pending', 'rejected'], motivation: 'I enjoy CAD and fabrication.', notes: 'We need more fabrication experience for this role.' },
  { project: 'microgrid', student: 'student@example.com', role: 0, status: 'withdrawn', history: ['pending', 'withdrawn'], motivation: 'Power systems interest me.' },
  { project: 'speech', student: 'li.wei@example.com', role: 0, status: 'accepted', history: ['pending', 'accepted'], motivation: 'I have worked on Mandarin ASR and want to try low-resource languages.' },
  { project: 'speech', student: 'sara@example.com', role: 0, status: 'rejected', history: ['pending', 'under-review', 'rejected'], motivation: 'Curious about speech technology.' },
];

/** Demo R&D projects, applications (every status), bookmarks and alerts for student@example.com. */
export async function seedRdProjects(tx: Db, ids: Record<string, string>): Promise<void> {
  const admin = ids['admin@example.com'] ?? null;
  const projectIds = new Map<string, { id: string; roles: string[] }>();
  for (const p of PROJECTS) {
    const [row] = await tx
      .insert(rdProjects)
      .values({
        title: p.title,
        summary: p.summary,
        description: p.description,
        status: p.status,
        priority: p.priority,
        field: p.field,
        visibility: 'public',
        supervisor: p.supervisor,
        duration: p.duration,
        startDate: dateAt(p.startIn),
        expectedEndDate: dateAt(p.endIn),
        applicationDeadline: new Date(`${dateAt(p.deadlineIn)}T18:29:59.000Z`),
        objectives: p.objectives,
        tags: p.tags,
        milestones: p.milestones,
        selectionCriteria: p.selectionCriteria,
        interviewRequired: p.interviewRequired,
        documentsRequired: p.documentsRequired,
        requirements: { technicalSkills: p.technicalSkills, softSkills: p.softSkills, tools: p.tools, equipment: [] },
        views: p.views,
        createdBy: admin,
      })
      .returning({ id: rdProjects.id });
    if (!row) throw new Error('rd project seed failed');
    const roleIds: string[] = [];
    for (const [i, r] of p.roles.entries()) {
      const [role] = await tx.insert(rdProjectRoles).values({ ...r, projectId: row.id, position: i }).returning({ id: rdProjectRoles.id });
      if (role) roleIds.push(role.id);
    }
    projectIds.set(p.key, { id: row.id, roles: roleIds });
  }

  const { storage, meetingBaseUrl } = demoSettings(tx);
  for (const a of APPLICATIONS) {
    const project = projectIds.get(a.project);
    const studentId = ids[a.student];
    const roleId = project?.roles[a.role];
    if (!project || !studentId || !roleId) continue;
    const appliedAt = at(-12);
    const [app] = await tx
      .insert(rdApplications)
      .values({
        projectId: project.id,
        roleId,
        studentId,
        status: a.status,
        motivation: a.motivation,
        availableStartDate: dateAt(30),
        expectedDuration: '3-6 months',
        relevantExperience: 'Course projects and a summer internship.',
        reviewNotes: a.notes ?? null,
        reviewedBy: a.status === 'pending' || a.status === 'withdrawn' ? null : admin,
        reviewedAt: a.status === 'pending' || a.status === 'withdrawn' ? null : at(-3),
        interview: a.interview ? { ...a.interview, meetingLink: createMeetingLink(meetingBaseUrl) } : null,
        appliedAt,
        updatedAt: at(-3),
      })
      .returning({ id: rdApplications.id });
    if (!app) continue;
    for (const [i, status] of a.history.entries()) {
      await tx.insert(rdApplicationEvents).values({ applicationId: app.id, status, actorId: i === 0 || status === 'withdrawn' ? studentId : admin, createdAt: new Date(appliedAt.getTime() + i * 2 * DAY) });
    }
    if (a.status === 'accepted') {
      await tx.update(rdProjectRoles).set({ currentPositions: sql`${rdProjectRoles.currentPositions} + 1` }).where(eq(rdProjectRoles.id, roleId));
    }
    if (a.resume && storage) {
      const pdf = makePdf(`Resume - ${a.student} - demo document`);
      const key = await storage.put('rd-documents', 'pdf', pdf);
      const [file] = await tx
        .insert(files)
        .values({ ownerId: studentId, kind: 'rd-document', storageKey: key, mimeType: 'application/pdf', size: pdf.length, originalName: 'resume.pdf' })
        .returning({ id: files.id });
      if (file) await tx.insert(rdApplicationDocuments).values({ applicationId: app.id, type: 'resume', fileId: file.id });
    }
  }

  const student = ids['student@example.com'];
  if (student) {
    for (const key of ['speech', 'anomaly', 'microgrid']) {
      const p = projectIds.get(key);
      if (p) await tx.insert(rdBookmarks).values({ projectId: p.id, userId: student });
    }
    for (const key of ['anomaly', 'speech']) {
      const p = projectIds.get(key);
      if (p) await tx.insert(rdAlerts).values({ projectId: p.id, userId: student, preferences: { updates: true, statusChanges: true, deadlineReminders: true } });
    }
  }
}
