// Issue 28: "Any approved organisation can mass-mail every verified expert through programme invitations".
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PROGRAMME_MESSAGES } from '@app/shared/programmes';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildProfessional } from '../../../test/factories.ts';
import { emails } from '../../db/schema/platform.ts';
import { buildOrganisationMember } from '../organisations/test-helpers.ts';

const t = useTestApp({ ORG_OUTSIDE_INVITES_PER_DAY: '3' });
const URL = '/api/organisations/me/programmes';

describe('programme invitations to people outside the organisation', () => {
  it('an organisation invites at most its per-day quota of mentors, in parallel too; the platform admin is not limited; its free text is never a link', async () => {
    const uni = await buildOrganisationMember(t);
    const mentors = await Promise.all(Array.from({ length: 6 }, () => buildProfessional(t)));
    const created = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: uni.auth,
      payload: { name: 'Cohort at evil.example/login', startsOn: '2030-03-01', endsOn: '2030-06-30', mentorCapacityDefault: 2 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = body<{ data: { programme: { id: string } } }>(created).data.programme.id;
    const invite = (userIds: string[]) => t.app.inject({ method: 'POST', url: `${URL}/${id}/invitations`, headers: uni.auth, payload: { role: 'mentor', userIds } });

    // Everyone eligible at once is more than the quota: refused whole, nobody invited.
    const all = await t.app.inject({ method: 'POST', url: `${URL}/${id}/invitations`, headers: uni.auth, payload: { role: 'mentor', allEligible: true } });
    expect(all.statusCode, all.body).toBe(429);
    expect(all.body).toContain(PROGRAMME_MESSAGES.outsideQuota(3, 3));

    // Parallel requests of two each: exactly one fits (3 a day).
    const ids = mentors.map((m) => m.id);
    const answers = await Promise.all([invite(ids.slice(0, 2)), invite(ids.slice(2, 4)), invite(ids.slice(4, 6))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429]);
    const unused = ids.filter((_x, i) => answers[Math.floor(i / 2)]?.statusCode !== 200);
    const one = await invite([unused[0] ?? '']);
    expect(one.statusCode, one.body).toBe(200);
    const over = await invite([unused[1] ?? '']);
    expect(over.statusCode).toBe(429);
    expect(over.body).toContain(PROGRAMME_MESSAGES.outsideQuota(3, 0));

    // The platform admin invites beyond it.
    const admin = await buildAdmin(t);
    const platform = await t.app.inject({ method: 'POST', url: '/api/admin/programmes', headers: admin.auth, payload: { name: 'Platform', startsOn: '2030-03-01', endsOn: '2030-06-30', mentorCapacityDefault: 2 } });
    const pid = body<{ data: { programme: { id: string } } }>(platform).data.programme.id;
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/programmes/${pid}/invitations`, headers: admin.auth, payload: { role: 'mentor', userIds: ids } })).statusCode).toBe(200);

    // The invitation e-mail shows the programme's name as text, never as a link.
    await t.runJobs();
    const invited = mentors.find((_m, i) => answers[Math.floor(i / 2)]?.statusCode === 200);
    const mail = (await t.database.db.select().from(emails).where(eq(emails.to, invited?.email ?? ''))).find((m) => m.subject.startsWith('You are invited to Cohort'));
    expect(mail?.text.replace(/\u200b/g, '')).toContain('evil.example/login');
    expect(mail?.text).not.toContain('evil.example');
    expect(mail?.html ?? '').not.toContain('href="https://evil');
  });
});
