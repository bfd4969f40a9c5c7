import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildProfessional, buildStudent } from '../../../test/factories.ts';
import { connectionRequests } from '../../db/schema/mentoring.ts';
import { professionalProfiles, users } from '../../db/schema/index.ts';
import type { ProfessionalCardDto, ProfessionalDetailDto } from '@app/shared/professionals';

const t = useTestApp();
type ListBody = { data: { professionals: ProfessionalCardDto[]; pagination: { total: number; pages: number } } };

describe('GET /api/professionals', () => {
  it('lists active verified professionals only, searchable case-insensitively over many fields', async () => {
    const tag = `zq${Date.now()}`;
    const visible = await buildProfessional(t, { firstName: `Asha${tag}`, company: 'Northwind' });
    await buildProfessional(t, { firstName: `Hidden${tag}`, isVerified: false });
    await buildProfessional(t, { firstName: `Gone${tag}`, isActive: false });
    await buildStudent(t, { firstName: `Student${tag}` });
    const res = await t.app.inject({ method: 'GET', url: `/api/professionals?search=${tag.toUpperCase()}` });
    expect(res.statusCode).toBe(200);
    const list = body<ListBody>(res).data;
    expect(list.professionals.map((p) => p._id)).toEqual([visible.id]);
    expect(list.professionals[0]).toMatchObject({ rating: { average: null, count: 0 }, company: 'Northwind', isVerified: true });
    expect(JSON.stringify(list)).not.toContain(visible.email);
  });

  it('searches title, company, expertise and specializations; filters by expertise; paginates', async () => {
    const tag = `sp${Date.now()}`;
    const a = await buildProfessional(t, { title: `Staff ${tag}`, expertise: 'Cybersecurity' });
    const b = await buildProfessional(t, { company: `${tag} Corp`, expertise: 'Data Science' });
    const c = await buildProfessional(t, { expertise: 'Data Science' });
    await t.database.db.update(professionalProfiles).set({ specializations: ['MLOps', `${tag}-ops`] }).where(eq(professionalProfiles.userId, c.id));
    const all = body<ListBody>(await t.app.inject({ method: 'GET', url: `/api/professionals?search=${tag}&limit=2` })).data;
    expect(all.pagination).toMatchObject({ total: 3, pages: 2 });
    const ds = body<ListBody>(await t.app.inject({ method: 'GET', url: `/api/professionals?search=${tag}&expertise=data%20science` })).data;
    expect(ds.professionals.map((p) => p._id).sort()).toEqual([b.id, c.id].sort());
    const every = body<ListBody>(await t.app.inject({ method: 'GET', url: `/api/professionals?search=${tag}&expertise=all` })).data;
    expect(every.pagination.total).toBe(3);
    expect(every.professionals.some((p) => p._id === a.id)).toBe(true);
  });

  it('400 for an out-of-range limit', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/professionals?limit=0' })).statusCode).toBe(400);
  });
});

describe('GET /api/professionals/:id', () => {
  it('answers the detail with rating average and pricing; contact details only to accepted students (issue 28: a student can read every mentor\'s personal e-mail and phone)', async () => {
    const pro = await buildProfessional(t);
    await t.database.db
      .update(professionalProfiles)
      .set({ ratingSum: 14, ratingCount: 3, hourlyRate: 2500, currency: 'INR', achievements: ['Award'], education: ['B.Tech'] })
      .where(eq(professionalProfiles.userId, pro.id));
    await t.database.db.update(users).set({ bio: 'About me' }).where(eq(users.id, pro.id));
    const anon = await t.app.inject({ method: 'GET', url: `/api/professionals/${pro.id}` });
    expect(anon.statusCode).toBe(200);
    const detail = body<{ data: { professional: ProfessionalDetailDto } }>(anon).data.professional;
    expect(detail).toMatchObject({
      about: 'About me',
      rating: { average: 4.7, count: 3 },
      pricing: { hourlyRate: 2500, currency: 'INR' },
      achievements: ['Award'],
      education: ['B.Tech'],
      email: null,
      phone: null,
    });
    const student = await buildStudent(t);
    const read = async (auth: { authorization: string }) =>
      body<{ data: { professional: ProfessionalDetailDto } }>(await t.app.inject({ method: 'GET', url: `/api/professionals/${pro.id}`, headers: auth })).data.professional;
    // Signed in but not accepted (no request, or a pending one): the fields stay, empty.
    expect(await read(student.auth)).toMatchObject({ email: null, phone: null });
    await t.database.db.insert(connectionRequests).values({ studentId: student.id, professionalId: pro.id, status: 'pending' });
    expect(await read(student.auth)).toMatchObject({ email: null, phone: null });
    const other = await buildProfessional(t);
    expect((await read(other.auth)).email).toBeNull();
    // Accepted: the student sees them; so do the professional and administrators.
    await t.database.db.update(connectionRequests).set({ status: 'accepted' }).where(eq(connectionRequests.studentId, student.id));
    expect((await read(student.auth)).email).toBe(pro.email);
    expect((await read(pro.auth)).email).toBe(pro.email);
    expect((await read((await buildAdmin(t)).auth)).email).toBe(pro.email);
  });

  it('404 for unverified, inactive, non-professional, unknown and malformed ids', async () => {
    const unverified = await buildProfessional(t, { isVerified: false });
    const inactive = await buildProfessional(t, { isActive: false });
    const student = await buildStudent(t);
    for (const id of [unverified.id, inactive.id, student.id, 'ffffffffffffffffffffffff', 'abc']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/professionals/${id}` })).statusCode).toBe(404);
    }
  });
});
