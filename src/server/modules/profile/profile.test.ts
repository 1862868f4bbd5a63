import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import {
  ACCOUNTS,
  call,
  DEMO_PASSWORD,
  expectErrorShape,
  freshIp,
  signIn,
} from '../../../../test/support/server-factories';

const API = '/api/company/v1';

/** A PNG header the image checks read (type and size from the content). */
function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
}

describeEachDatabase('the profile (spec §2 /profile)', (server) => {
  let employee: string;
  let reception: string;
  let globex: string;

  beforeAll(async () => {
    employee = await signIn(server(), ACCOUNTS.employee);
    reception = await signIn(server(), ACCOUNTS.reception);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
  });

  const as = (token: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown) =>
    call(server(), method, `${API}/${path}`, { subdomain: 'acme', token, body });

  describe('GET and PUT /api/company/v1/profile (about, language, timezone, country)', () => {
    it('answers who is signed in', async () => {
      const profile = await as(employee, 'GET', 'profile');
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toMatchObject({
        email: ACCOUNTS.employee,
        name: 'Emil Employee',
        photo_url: null,
      });
    });

    it('changes the language, the timezone and the country, one at a time', async () => {
      const languages = await server().db.kysely.selectFrom('languages').select(['id', 'code']).execute();
      const french = languages.find((language) => language.code === 'fr')!.id;
      const country = (
        await server()
          .db.kysely.selectFrom('countries')
          .select('id')
          .where('code', '=', 'DE')
          .executeTakeFirstOrThrow()
      ).id;
      for (const change of [
        { language_id: french },
        { timezone: 'America/New_York' },
        { country_id: country },
      ]) {
        const response = await as(employee, 'PUT', 'profile', change);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject(change);
      }
      expect((await as(employee, 'GET', 'profile')).json()).toMatchObject({
        language_id: french,
        timezone: 'America/New_York',
        country_id: country,
      });
      const english = languages.find((language) => language.code === 'en')!.id;
      await as(employee, 'PUT', 'profile', { language_id: english, timezone: 'Europe/Zurich' });
    });

    it('refuses unknown entries and fields with 422 and writes nothing', async () => {
      const before = (await as(employee, 'GET', 'profile')).json();
      const refused = expectErrorShape(
        await as(employee, 'PUT', 'profile', {
          language_id: 99999,
          timezone: 'Mars/Olympus',
          country_id: 99999,
        }),
        422,
      );
      expect(refused.errors).toEqual({
        language_id: ['Language is not valid.'],
        timezone: ['Timezone is not valid.'],
        country_id: ['Country is not valid.'],
      });
      expectErrorShape(await as(employee, 'PUT', 'profile', { email: 'me@elsewhere.test' }), 422);
      expect(expectErrorShape(await as(employee, 'PUT', 'profile', { timezone: ' ' }), 422).errors).toEqual({
        timezone: ['This field is required.'],
      });
      expect((await as(employee, 'GET', 'profile')).json()).toEqual(before);
    });

    it('refuses a change without USER_PROFILE update (the reception desk reads only) with 403', async () => {
      expect((await as(reception, 'GET', 'profile')).statusCode).toBe(200);
      expectErrorShape(await as(reception, 'PUT', 'profile', { timezone: 'UTC' }), 403);
      expectErrorShape(await as(reception, 'PUT', 'profile/photo', { content_base64: 'AA==' }), 403);
      expectErrorShape(
        await as(reception, 'POST', 'profile/change-password', {
          current_password: DEMO_PASSWORD,
          password: 'a-new-long-secret',
          password_confirmation: 'a-new-long-secret',
        }),
        403,
      );
    });

    it('answers another company’s token with 401 and the company’s own user only', async () => {
      expectErrorShape(await as(globex, 'GET', 'profile'), 401);
      const own = await call(server(), 'GET', `${API}/profile`, { subdomain: 'globex', token: globex });
      expect(own.json()).toMatchObject({ email: ACCOUNTS.globexAdmin });
    });
  });

  describe('GET /api/company/v1/profile/groups and roles', () => {
    it('lists the user containers the user belongs to and the roles they carry', async () => {
      const groups = (await as(employee, 'GET', 'profile/groups')).json<{ data: Array<{ name: string }> }>();
      const roles = (await as(employee, 'GET', 'profile/roles')).json<{
        data: Array<{ name: string; groups: string[] }>;
      }>();
      expect(groups.data.length).toBeGreaterThan(0);
      expect(roles.data.map((role) => role.name)).toContain('Employee');
      for (const role of roles.data)
        for (const group of role.groups) expect(groups.data.map((entry) => entry.name)).toContain(group);
      const admin = await signIn(server(), ACCOUNTS.acmeAdmin);
      const adminRoles = (await as(admin, 'GET', 'profile/roles')).json<{ data: Array<{ name: string }> }>();
      expect(adminRoles.data.map((role) => role.name)).not.toContain('Employee');
    });
  });

  describe('POST /api/company/v1/profile/change-password', () => {
    const change = (token: string, body: object) => as(token, 'POST', 'profile/change-password', body);

    it('refuses a wrong current password, a common or short password and a mismatch with 422', async () => {
      const cases: Array<[object, Record<string, string[]>]> = [
        [
          {
            current_password: 'not-mine',
            password: 'x9-long-secret',
            password_confirmation: 'x9-long-secret',
          },
          { current_password: ['The password is not correct.'] },
        ],
        [
          { current_password: DEMO_PASSWORD, password: 'iloveyou1', password_confirmation: 'iloveyou1' },
          { password: ['This password is too common. Please choose another.'] },
        ],
        [
          { current_password: DEMO_PASSWORD, password: 'short', password_confirmation: 'short' },
          { password: ['The field must contain 8 or more characters.'] },
        ],
        [
          { current_password: DEMO_PASSWORD, password: 'x9-long-secret', password_confirmation: 'other' },
          { password_confirmation: ['Passwords do not match.'] },
        ],
      ];
      for (const [body, errors] of cases)
        expect(expectErrorShape(await change(employee, body), 422).errors).toEqual(errors);
    });

    it('sets the password and ends the user’s other sessions, keeping this one', async () => {
      const teammate = await signIn(server(), ACCOUNTS.teammate);
      const otherDevice = await signIn(server(), ACCOUNTS.teammate);
      const changed = await change(teammate, {
        current_password: DEMO_PASSWORD,
        password: 'x9-long-secret',
        password_confirmation: 'x9-long-secret',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expectErrorShape(await as(otherDevice, 'GET', 'profile'), 401);
      expect((await as(teammate, 'GET', 'profile')).statusCode).toBe(200);
      const login = (password: string) =>
        call(server(), 'POST', `${API}/auth/login`, {
          subdomain: 'acme',
          body: { email: ACCOUNTS.teammate, password },
          ip: freshIp(),
        });
      expect((await login(DEMO_PASSWORD)).statusCode).toBe(401);
      expect((await login('x9-long-secret')).statusCode).toBe(200);
      await change(teammate, {
        current_password: 'x9-long-secret',
        password: DEMO_PASSWORD,
        password_confirmation: DEMO_PASSWORD,
      });
    });
  });

  describe('PUT, GET and DELETE /api/company/v1/profile/photo', () => {
    it('stores a PNG, serves it to its owner and removes it', async () => {
      const stored = await as(employee, 'PUT', 'profile/photo', {
        content_base64: png(256, 256).toString('base64'),
      });
      expect(stored.statusCode, stored.body).toBe(200);
      const url = stored.json<{ photo_url: string }>().photo_url;
      expect(url).toMatch(/^\/api\/company\/v1\/profile\/photo\?v=/);
      const photo = await call(server(), 'GET', url, { subdomain: 'acme', token: employee });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/png');
      expect(photo.rawPayload.equals(png(256, 256))).toBe(true);
      // Another user of the company reads their own (none), never this one.
      expectErrorShape(await as(reception, 'GET', 'profile/photo'), 404);
      const removed = await as(employee, 'DELETE', 'profile/photo');
      expect(removed.json<{ photo_url: null }>().photo_url).toBeNull();
      expectErrorShape(await as(employee, 'GET', 'profile/photo'), 404);
    });

    it('refuses what is not a PNG or JPEG with 422', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');
      expect(
        expectErrorShape(
          await as(employee, 'PUT', 'profile/photo', { content_base64: svg.toString('base64') }),
          422,
        ).errors,
      ).toEqual({ content_base64: ['The photo must be a PNG or JPEG image.'] });
      const text = await as(employee, 'PUT', 'profile/photo', {
        content_base64: Buffer.from('hello').toString('base64'),
      });
      expect(expectErrorShape(text, 422).errors).toEqual({
        content_base64: ['The photo must be a PNG or JPEG image.'],
      });
      expect((await as(employee, 'GET', 'profile')).json<{ photo_url: null }>().photo_url).toBeNull();
    });
  });
});
