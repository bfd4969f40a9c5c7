import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../db/client.ts';
import { createMeetingLink } from '../lib/meeting.ts';
import { insertRegistration, insertWorkshop } from '../modules/workshops/index.ts';
import { newCertificateId } from '../modules/workshops/index.ts';
import { workshops } from '../db/schema/workshops.ts';

const MEET = 'https://meet.jit.si';
const DEMO_ZONE = 'Asia/Kolkata';

/**
 * Demo workshops: online, offline and hybrid upcoming ones, a full one, completed ones with attendance,
 * and one live now that completes a few minutes after the demo data is created.
 */
export async function seedWorkshops(db: Db, ids: Record<string, string>): Promise<Record<string, string>> {
  const mentor = ids['mentor@example.com'] ?? null;
  const grace = ids['grace@example.com'] ?? null;
  const oliver = ids['oliver@example.com'] ?? null;
  const meera = ids['meera@example.com'] ?? null;
  const student = ids['student@example.com'];
  const others = ['priya@example.com', 'rohan@example.com', 'sara@example.com', 'li.wei@example.com', 'emma@example.com']
    .map((e) => ids[e])
    .filter((v): v is string => Boolean(v));
  const created: Record<string, string> = {};

  const online = await insertWorkshop(db, {
    title: 'System Design for Beginners',
    description: 'How large web systems are put together: load balancers, caches, queues and databases, with a live design exercise.',
    category: 'Technology',
    difficulty: 'Beginner',
    deliveryMode: 'online',
    professionalId: mentor,
    daysFromNow: 5,
    startTime: '18:00',
    endTime: '19:30',
    maxParticipants: 40,
    meetingPlatform: 'Jitsi Meet',
    meetingLink: createMeetingLink(MEET),
    bannerColor: '#2563eb',
    bannerIcon: 'Code',
    tags: ['system design', 'architecture', 'backend'],
    prerequisites: ['Basic programming in any language'],
    learningOutcomes: ['Sketch a scalable web architecture', 'Choose between SQL and NoSQL stores'],
    materials: [{ title: 'Reading list', type: 'link', url: 'https://github.com/donnemartin/system-design-primer', description: 'Free primer' }],
    isRecurring: true,
    recurringFrequency: 'monthly',
  });
  created.online = online.id;

  const offline = await insertWorkshop(db, {
    title: 'Portfolio Review Clinic',
    description: 'Bring your design portfolio and get concrete, kind feedback from a design director.',
    category: 'Design',
    difficulty: 'Intermediate',
    deliveryMode: 'offline',
    manualInstructor: { name: 'Kenji Sato', email: 'kenji@example.com', title: 'Design Director', company: 'Adatum Studio', expertise: 'Graphic Design' },
    daysFromNow: 9,
    maxParticipants: 15,
    venue: 'Innovation Hub, Room 204',
    address: '12 MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    bannerColor: '#db2777',
    bannerIcon: 'Lightbulb',
    tags: ['design', 'portfolio'],
    prerequisites: ['A portfolio (PDF or website)'],
    learningOutcomes: ['Know what reviewers look for first'],
  });
  created.offline = offline.id;

  const hybrid = await insertWorkshop(db, {
    title: 'Intro to Machine Learning Research',
    description: 'From coursework to research: reading papers, reproducing results and writing your first paper.',
    category: 'Data Science',
    difficulty: 'Advanced',
    deliveryMode: 'hybrid',
    professionalId: grace,
    daysFromNow: 14,
    startTime: '16:00',
    endTime: '18:00',
    maxParticipants: 25,
    meetingPlatform: 'Jitsi Meet',
    meetingLink: createMeetingLink(MEET),
    venue: 'Auditorium B',
    address: 'Hauz Khas',
    city: 'New Delhi',
    state: 'Delhi',
    bannerColor: '#7c3aed',
    bannerIcon: 'Beaker',
    tags: ['machine learning', 'research'],
    prerequisites: ['Linear algebra', 'Python'],
    learningOutcomes: ['Read a paper efficiently', 'Plan a reproduction study'],
    materials: [{ title: 'Slides', type: 'presentation', url: 'https://example.com/ml-research-slides.pdf' }],
  });
  created.hybrid = hybrid.id;

  // Full: every seat taken by demo students.
  const full = await insertWorkshop(db, {
    title: 'Capture the Flag: Web Security Basics',
    description: 'A hands-on CTF evening: find and fix common web vulnerabilities.',
    category: 'Technology',
    difficulty: 'Intermediate',
    deliveryMode: 'online',
    professionalId: oliver,
    daysFromNow: 3,
    maxParticipants: Math.max(1, others.length),
    meetingPlatform: 'Jitsi Meet',
    meetingLink: createMeetingLink(MEET),
    bannerColor: '#059669',
    bannerIcon: 'Award',
    tags: ['security', 'ctf'],
  });
  for (const id of others) await insertRegistration(db, { workshopId: full.id, studentId: id });
  await db.update(workshops).set({ registeredCount: others.length }).where(sql`${workshops.id} = ${full.id}`);
  created.full = full.id;

  // Completed ones, with attendance (a certificate for student@example.com).
  const done = await insertWorkshop(db, {
    title: 'SQL for Data Analysis',
    description: 'Window functions, CTEs and honest charts.',
    category: 'Data Science',
    difficulty: 'Beginner',
    deliveryMode: 'online',
    professionalId: meera,
    daysFromNow: -20,
    status: 'completed',
    maxParticipants: 30,
    meetingPlatform: 'Jitsi Meet',
    bannerColor: '#ea580c',
    bannerIcon: 'BookOpen',
    tags: ['sql', 'analytics'],
    learningOutcomes: ['Write window functions'],
  });
  const done2 = await insertWorkshop(db, {
    title: 'Pitching Your Startup Idea',
    description: 'Structure a five-minute pitch and answer investor questions.',
    category: 'Business',
    difficulty: 'Beginner',
    deliveryMode: 'offline',
    manualInstructor: { name: 'Lucía Fernández', email: 'lucia@example.com', title: 'Venture Consultant', company: 'Litware Partners' },
    daysFromNow: -40,
    status: 'completed',
    maxParticipants: 20,
    venue: 'Startup Cell',
    city: 'Mumbai',
    state: 'Maharashtra',
    bannerColor: '#0891b2',
    bannerIcon: 'Users',
    tags: ['startups', 'pitching'],
  });
  let doneCount = 0;
  if (student) {
    await insertRegistration(db, { workshopId: done.id, studentId: student, status: 'attended', certificateId: newCertificateId() });
    await insertRegistration(db, { workshopId: done2.id, studentId: student, status: 'attended' });
    await insertRegistration(db, { workshopId: online.id, studentId: student, status: 'registered' });
    await db.update(workshops).set({ registeredCount: 1 }).where(sql`${workshops.id} = ${online.id}`);
    doneCount++;
  }
  for (const id of others.slice(0, 3)) {
    await insertRegistration(db, { workshopId: done.id, studentId: id, status: id === others[2] ? 'absent' : 'attended' });
    doneCount++;
  }
  await db.update(workshops).set({ registeredCount: doneCount }).where(sql`${workshops.id} = ${done.id}`);
  await db.update(workshops).set({ registeredCount: student ? 1 : 0 }).where(sql`${workshops.id} = ${done2.id}`);
  created.completed = done.id;

  // Live now, ending three minutes after the demo data is created, the demo student already marked
  // attended: the completion job completes it by itself and a certificate arrives (bell + e-mail).
  const startLive = DateTime.now().setZone(DEMO_ZONE).startOf('minute').minus({ minutes: 30 });
  const endLive = DateTime.now().setZone(DEMO_ZONE).startOf('minute').plus({ minutes: 4 });
  const live = await insertWorkshop(db, {
    title: 'Git and GitHub Essentials',
    description: 'Branches, pull requests and code review, hands on. Happening right now: it ends in a few minutes.',
    category: 'Technology',
    difficulty: 'Beginner',
    deliveryMode: 'online',
    professionalId: mentor,
    timezone: DEMO_ZONE,
    date: startLive.toISODate() ?? undefined,
    startTime: startLive.toFormat('HH:mm'),
    endTime: endLive.toFormat('HH:mm'),
    startsAt: startLive.toJSDate(),
    endsAt: endLive.toJSDate(),
    maxParticipants: 25,
    meetingPlatform: 'Jitsi Meet',
    meetingLink: createMeetingLink(MEET),
    bannerColor: '#16a34a',
    bannerIcon: 'Code',
    tags: ['git', 'github', 'collaboration'],
    learningOutcomes: ['Open and review a pull request'],
  });
  let liveCount = 0;
  if (student) {
    await insertRegistration(db, { workshopId: live.id, studentId: student, status: 'attended' });
    liveCount++;
  }
  for (const id of others.slice(3, 5)) {
    await insertRegistration(db, { workshopId: live.id, studentId: id, status: 'registered' });
    liveCount++;
  }
  await db.update(workshops).set({ registeredCount: liveCount }).where(sql`${workshops.id} = ${live.id}`);
  created.live = live.id;

  await insertWorkshop(db, {
    title: 'Cloud Security Deep Dive (draft)',
    description: 'Still being prepared.',
    category: 'Technology',
    status: 'draft',
    professionalId: oliver,
    daysFromNow: 30,
    maxParticipants: 50,
  });
  return created;
}
