import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SCIM_ERROR_SCHEMA, SCIM_PATCH_SCHEMA, SCIM_USER_SCHEMA } from '@app/shared/scim';
import { useTestApp } from '../../../test/harness.ts';
import { buildStudent } from '../../../test/factories.ts';
import { hashPassword } from '../../lib/password.ts';
import { users } from '../../db/schema/users.ts';
import { buildOrganisationMember, type BuiltMember } from '../organisations/test-helpers.ts';

// SCIM 2.0 as Entra ID drives it: discovery, filter before create, create, PATCH active=false, delete.

const t = useTestApp({ LOGIN_MAX_PER_IP: '100000', LOGIN_MAX_PER_ACCOUNT: '100000' });
const body = (res: { body: string }) => JSON.parse(res.body);
const SCIM = 'application/scim+json';

async function tokenFor(admin: BuiltMember, name = 'Entra ID') {
  const res = await t.app.inject({ method: 'POST', url: '/api/organisations/me/scim-tokens', headers: admin.auth, payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return body(res).data as { secret: string; token: { id: string }; baseUrl: string };
}

function scim(secret: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/scim/v2${url}`,
    headers: { authorization: `Bearer ${secret}`, ...(payload ? { 'content-type': SCIM } : {}) },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
}

describe('SCIM tokens', () => {
  it('are shown once, listed without the secret, revocable, and only by the organisation admin', async () => {
    const admin = await buildOrganisationMember(t, { type: 'university' });
    const created = await tokenFor(admin);
    expect(created.secret).toMatch(/^scim_/);
    expect(created.baseUrl).toBe('http://localhost:3000/api/scim/v2');
    const list = await t.app.inject({ method: 'GET', url: '/api/organisations/me/scim-tokens', headers: admin.auth });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(body(list).data.tokens).toHaveLength(1);
    expect((await scim(created.secret, 'GET', '/ServiceProviderConfig')).statusCode).toBe(200);
    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/organisations/me/scim-tokens/${created.token.id}`, headers: admin.auth });
    expect(revoke.statusCode).toBe(200);
    const after = await scim(created.secret, 'GET', '/Users');
    expect(after.statusCode).toBe(401);
    expect(body(after).schemas).toEqual([SCIM_ERROR_SCHEMA]);
    const student = await buildStudent(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/organisations/me/scim-tokens', headers: student.auth })).statusCode).toBe(403);
    const other = await buildOrganisationMember(t, { type: 'university' });
    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/organisations/me/scim-tokens/${created.token.id}`, headers: other.auth });
    expect(foreign.statusCode).toBe(404);
    const empty = await t.app.inject({ method: 'POST', url: '/api/organisations/me/scim-tokens', headers: admin.auth, payload: { name: '' } });
    expect(empty.statusCode).toBe(400);
    expect(body(empty).message).toBe('Please give the token a name');
  });

  it('no token, a made-up token, or a JWT of a signed-in person is refused', async () => {
    const student = await buildStudent(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/scim/v2/Users' })).statusCode).toBe(401);
    expect((await scim('scim_madeup', 'GET', '/Users')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/scim/v2/Users', headers: student.auth })).statusCode).toBe(401);
  });
});

describe('an Entra-like provisioning sequence', () => {
  it('discovers, filters, creates, reads, patches active=false (sign-in stops), reactivates, deletes', async () => {
    const admin = await buildOrganisationMember(t, { type: 'university' });
    const { secret } = await tokenFor(admin);
    const userName = `dana@${admin.domain}`;

    for (const path of ['/ServiceProviderConfig', '/ResourceTypes', '/Schemas']) {
      const res = await scim(secret, 'GET', path);
      expect(res.statusCode, path).toBe(200);
      expect(String(res.headers['content-type'])).toContain(SCIM);
    }
    expect(body(await scim(secret, 'GET', '/ServiceProviderConfig')).patch.supported).toBe(true);

    // Entra first looks the user up by userName.
    const none = await scim(secret, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`);
    expect(none.statusCode).toBe(200);
    expect(body(none)).toMatchObject({ totalResults: 0, Resources: [] });

    const created = await scim(secret, 'POST', '/Users', {
      schemas: [SCIM_USER_SCHEMA],
      externalId: 'entra-object-1',
      userName,
      active: true,
      displayName: 'Dana Kim',
      emails: [{ primary: true, type: 'work', value: userName }],
      name: { formatted: 'Dana Kim', familyName: 'Kim', givenName: 'Dana' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = body(created);
    expect(user).toMatchObject({ userName, externalId: 'entra-object-1', active: true, name: { givenName: 'Dana', familyName: 'Kim' } });
    expect(created.headers.location).toBe(user.meta.location);

    const dup = await scim(secret, 'POST', '/Users', { userName: userName.toUpperCase(), emails: [{ value: `other@${admin.domain}` }] });
    expect(dup.statusCode).toBe(409);
    expect(body(dup).scimType).toBe('uniqueness');

    const found = await scim(secret, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${userName.toUpperCase()}"`)}`);
    expect(body(found).totalResults).toBe(1);
    expect(body(found).Resources[0].id).toBe(user.id);
    expect(body(await scim(secret, 'GET', `/Users?filter=${encodeURIComponent('externalId eq "entra-object-1"')}`)).totalResults).toBe(1);
    const badFilter = await scim(secret, 'GET', `/Users?filter=${encodeURIComponent('name.givenName co "Da"')}`);
    expect(badFilter.statusCode).toBe(400);
    expect(body(badFilter).scimType).toBe('invalidFilter');
    expect((await scim(secret, 'GET', `/Users/${user.id}`)).statusCode).toBe(200);

    // The person sets a password (as after a reset) and signs in; then Entra disables them.
    await t.database.db.update(users).set({ passwordHash: await hashPassword('Passw0rd!') }).where(eq(users.id, user.id));
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: userName, password: 'Passw0rd!' } });
    expect(login.statusCode, login.body).toBe(200);
    const session = { authorization: `Bearer ${body(login).data.token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: session })).statusCode).toBe(200);

    const disable = await scim(secret, 'PATCH', `/Users/${user.id}`, {
      schemas: [SCIM_PATCH_SCHEMA],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(disable.statusCode, disable.body).toBe(200);
    expect(body(disable).active).toBe(false);
    // Signed out everywhere at once, and no new sign-in.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: session })).statusCode).toBe(401);
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: userName, password: 'Passw0rd!' } });
    expect(refused.statusCode).toBe(403);

    const rename = await scim(secret, 'PATCH', `/Users/${user.id}`, {
      schemas: [SCIM_PATCH_SCHEMA],
      Operations: [
        { op: 'replace', value: { active: true, 'name.familyName': 'Kim-Lee' } },
        { op: 'replace', path: 'emails[type eq "work"].value', value: `dana.kim@${admin.domain}` },
      ],
    });
    expect(rename.statusCode, rename.body).toBe(200);
    expect(body(rename)).toMatchObject({ active: true, name: { familyName: 'Kim-Lee' }, emails: [{ value: `dana.kim@${admin.domain}` }] });
    const badPatch = await scim(secret, 'PATCH', `/Users/${user.id}`, { Operations: [{ op: 'replace', path: 'roles', value: 'admin' }] });
    expect(badPatch.statusCode).toBe(400);
    expect(body(badPatch).scimType).toBe('invalidPath');
    const badOp = await scim(secret, 'PATCH', `/Users/${user.id}`, { Operations: [{ op: 'explode', path: 'active' }] });
    expect(badOp.statusCode).toBe(400);

    const replaced = await scim(secret, 'PUT', `/Users/${user.id}`, {
      schemas: [SCIM_USER_SCHEMA],
      userName,
      active: true,
      name: { givenName: 'Dana', familyName: 'Kim' },
      emails: [{ value: `dana.kim@${admin.domain}`, primary: true }],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(body(replaced).externalId).toBeUndefined();

    const del = await scim(secret, 'DELETE', `/Users/${user.id}`);
    expect(del.statusCode).toBe(204);
    expect((await scim(secret, 'GET', `/Users/${user.id}`)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.isActive).toBe(false); // history kept, sign-in stopped
    const afterDelete = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: `dana.kim@${admin.domain}`, password: 'Passw0rd!' } });
    expect(afterDelete.statusCode).toBe(403);
  });

  it("one organisation's token never reaches another organisation's people", async () => {
    const a = await buildOrganisationMember(t, { type: 'university' });
    const b = await buildOrganisationMember(t, { type: 'university' });
    const ta = await tokenFor(a);
    const tb = await tokenFor(b);
    const created = await scim(ta.secret, 'POST', '/Users', { userName: `eve@${a.domain}`, emails: [{ value: `eve@${a.domain}`, primary: true }] });
    expect(created.statusCode).toBe(201);
    const id = body(created).id;
    expect((await scim(tb.secret, 'GET', `/Users/${id}`)).statusCode).toBe(404);
    expect((await scim(tb.secret, 'PATCH', `/Users/${id}`, { Operations: [{ op: 'replace', path: 'active', value: false }] })).statusCode).toBe(404);
    expect((await scim(tb.secret, 'PUT', `/Users/${id}`, { userName: 'x' })).statusCode).toBe(404);
    expect((await scim(tb.secret, 'DELETE', `/Users/${id}`)).statusCode).toBe(404);
    expect(body(await scim(tb.secret, 'GET', '/Users')).totalResults).toBe(0);
    // An address that belongs to someone outside the organisation is not taken over.
    const outsider = await buildStudent(t, { email: `outsider@${b.domain}` });
    const grab = await scim(tb.secret, 'POST', '/Users', { userName: outsider.email, emails: [{ value: outsider.email }] });
    expect(grab.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row?.isActive).toBe(true);
  });

  it('bad input gets a clear SCIM error and changes nothing', async () => {
    const admin = await buildOrganisationMember(t, { type: 'university' });
    const { secret } = await tokenFor(admin);
    const noName = await scim(secret, 'POST', '/Users', { emails: [{ value: `x@${admin.domain}` }] });
    expect(noName.statusCode).toBe(400);
    expect(body(noName).schemas).toEqual([SCIM_ERROR_SCHEMA]);
    const noMail = await scim(secret, 'POST', '/Users', { userName: 'no-mail' });
    expect(noMail.statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/scim/v2/Users',
      headers: { authorization: `Bearer ${secret}`, 'content-type': SCIM },
      payload: '{"userName":',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await scim(secret, 'GET', '/Users/not-an-id')).statusCode).toBe(404);
    expect(body(await scim(secret, 'GET', '/Users')).totalResults).toBe(0);
  });
});
