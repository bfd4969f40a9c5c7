import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OwnProfessionalProfileDto } from '@app/shared/organisations';
import { body, buildAdmin, buildProfessional, buildStudent } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { professionalProfiles, users } from '../../db/schema/users.ts';
import { buildOrganisationMember } from '../organisations/test-helpers.ts';

// A professional edits their own professional fields (decision 631); a pending expert can complete the
// profile before verification but never verify themselves.

const t = useTestApp();
const url = '/api/professionals/me/profile';

async function applyAsExpert() {
  const email = `own-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@mail-example.org`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/experts/apply',
    payload: {
      firstName: 'Kavya',
      lastName: 'Menon',
      email,
      password: 'Str0ng!pass',
      phone: '+91 98765 43210',
      title: 'Data Engineer',
      company: 'Acme Labs',
      expertise: 'Data Science',
      experience: 4,
      bio: 'Pipelines at scale.',
      profileUrl: 'https://www.linkedin.com/in/kavya-menon',
      motivation: 'To help students.',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const data = body<{ data: { token: string; user: { id: string } } }>(res).data;
  return { id: data.user.id, auth: { authorization: `Bearer ${data.token}` } };
}

const put = (auth: Record<string, string> | undefined, payload: unknown) => t.app.inject({ method: 'PUT', url, headers: auth ?? {}, payload: payload as object });

describe('a professional edits their own profile', () => {
  it('401 without a token; 403 for a student, an admin and an organisation member', async () => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await put(undefined, { title: 'X' })).statusCode).toBe(401);
    for (const u of [await buildStudent(t), await buildAdmin(t), await buildOrganisationMember(t)]) {
      expect((await t.app.inject({ method: 'GET', url, headers: u.auth })).statusCode).toBe(403);
      expect((await put(u.auth, { title: 'X' })).statusCode).toBe(403);
    }
  });

  it('a pending expert completes the professional fields; reads back what was saved', async () => {
    const expert = await applyAsExpert();
    const before = body<{ data: { profile: OwnProfessionalProfileDto } }>(await t.app.inject({ method: 'GET', url, headers: expert.auth })).data.profile;
    expect(before).toMatchObject({ title: 'Data Engineer', expertise: 'Data Science', isVerified: false });
    const res = await put(expert.auth, {
      title: 'Senior Data Engineer',
      experience: '6',
      bio: 'Streaming pipelines and data quality.',
      specializations: [' Streaming ', 'streaming', 'Data quality'],
      skills: ['Kafka', 'SQL'],
      pricing: { hourlyRate: 40, currency: 'INR' },
      socialLinks: { linkedin: 'https://www.linkedin.com/in/kavya-menon', website: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = body<{ data: { profile: OwnProfessionalProfileDto } }>(res).data.profile;
    expect(after).toMatchObject({
      title: 'Senior Data Engineer',
      company: 'Acme Labs',
      experience: 6,
      bio: 'Streaming pipelines and data quality.',
      skills: ['Kafka', 'SQL'],
      pricing: { hourlyRate: 40, currency: 'INR' },
      socialLinks: { linkedin: 'https://www.linkedin.com/in/kavya-menon' },
      isVerified: false,
    });
    expect(after.specializations).toHaveLength(2);
    // Still invisible to students: completing the profile verifies nothing.
    const student = await buildStudent(t);
    expect((await t.app.inject({ method: 'GET', url: `/api/professionals/${expert.id}`, headers: student.auth })).statusCode).toBe(404);
  });

  it('no mass assignment: verification, status, role or e-mail in the body is a 400 and changes nothing', async () => {
    const expert = await applyAsExpert();
    for (const extra of [{ isVerified: true }, { isActive: false }, { role: 'admin' }, { email: 'x@example.com' }, { status: 'approved' }, { userId: 'x' }]) {
      const res = await put(expert.auth, { title: 'Hacker', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    const [row] = await t.database.db.select({ isVerified: users.isVerified, role: users.role, isActive: users.isActive }).from(users).where(eq(users.id, expert.id));
    expect(row).toEqual({ isVerified: false, role: 'professional', isActive: true });
    const [profile] = await t.database.db.select({ title: professionalProfiles.title }).from(professionalProfiles).where(eq(professionalProfiles.userId, expert.id));
    expect(profile?.title).toBe('Data Engineer');
  });

  it('bad input gets a clear message and changes nothing', async () => {
    const expert = await applyAsExpert();
    for (const [payload, message] of [
      [{ expertise: 'Astrology' }, /expertise/i],
      [{ experience: -1 }, /experience/i],
      [{ title: '' }, /title/i],
      [{ socialLinks: { linkedin: 'javascript:alert(1)' } }, /LinkedIn/i],
      [{ pricing: { hourlyRate: -5 } }, /rate/i],
    ] as const) {
      const res = await put(expert.auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body<{ message: string }>(res).message).toMatch(message);
    }
    const profile = body<{ data: { profile: OwnProfessionalProfileDto } }>(await t.app.inject({ method: 'GET', url, headers: expert.auth })).data.profile;
    expect(profile).toMatchObject({ title: 'Data Engineer', expertise: 'Data Science', experience: 4 });
  });

  it('edits only the caller\'s own row: another professional is untouched', async () => {
    const one = await buildProfessional(t);
    const other = await buildProfessional(t);
    const [otherBefore] = await t.database.db.select().from(professionalProfiles).where(eq(professionalProfiles.userId, other.id));
    expect((await put(one.auth, { company: 'New Co' })).statusCode).toBe(200);
    const [oneAfter] = await t.database.db.select().from(professionalProfiles).where(eq(professionalProfiles.userId, one.id));
    const [otherAfter] = await t.database.db.select().from(professionalProfiles).where(eq(professionalProfiles.userId, other.id));
    expect(oneAfter?.company).toBe('New Co');
    expect(otherAfter).toEqual(otherBefore);
  });
});
