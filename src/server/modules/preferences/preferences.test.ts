import { beforeAll, describe, expect, it } from 'vitest';
import { PREFERENCE_DEFINITIONS, PREFERENCE_MESSAGES } from '../../../shared/validation/preferences';
import { describeEachDatabase } from '../../../../test/support/server-app';
import {
  ACCOUNTS,
  call,
  companyIdOf,
  expectErrorShape,
  signIn,
} from '../../../../test/support/server-factories';
import { seedCompanyPreferences } from '../../seed/preferences.seed';

const BASE = '/api/company/v1';
type Row = {
  key: string;
  value: string | null;
  is_automatic: boolean;
  preference_category: { id: number; key: string };
  preference_values: Array<{ value: string; label: string }>;
  effective_value?: string | null;
  source?: 'user' | 'company';
  preference_user_values?: unknown[];
};

describeEachDatabase('preferences', (server) => {
  let admin: string;
  let employee: string;
  let globex: string;
  const acme = { subdomain: 'acme' };

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
  });

  const companyList = async (token = admin, subdomain = 'acme', query = '') => {
    const response = await call(server(), 'GET', `${BASE}/company-preferences/all${query}`, {
      subdomain,
      token,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Row[] }>().data;
  };
  const userList = async (token = employee, query = '') => {
    const response = await call(server(), 'GET', `${BASE}/user-preferences/all${query}`, { ...acme, token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Row[] }>().data;
  };
  const find = (rows: Row[], key: string) => {
    const row = rows.find((candidate) => candidate.key === key);
    if (!row) throw new Error(`no ${key}`);
    return row;
  };
  const putCompany = (key: string, body: unknown, token = admin, subdomain = 'acme') =>
    call(server(), 'PUT', `${BASE}/company-preferences/${key}`, { subdomain, token, body });
  const putUser = (key: string, body: unknown, token = employee) =>
    call(server(), 'PUT', `${BASE}/user-preferences/${key}`, { ...acme, token, body });

  describe('GET /api/company/v1/preferences/categories/all', () => {
    it('answers the categories to any signed-in user', async () => {
      const response = await call(server(), 'GET', `${BASE}/preferences/categories/all`, {
        ...acme,
        token: employee,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.map((category: { key: string }) => category.key)).toEqual(
        expect.arrayContaining(['GENERAL', 'MENU', 'TIME', 'BOOKINGS', 'REPORTS']),
      );
    });
  });

  describe('GET /api/company/v1/company-preferences/all', () => {
    it('answers every booking key of spec §3, SHOW_CAMERA_BUTTON and the check-in grace, with their values', async () => {
      const rows = await companyList();
      for (const definition of PREFERENCE_DEFINITIONS)
        expect(rows.map((row) => row.key)).toContain(definition.key);
      expect(find(rows, 'SHOW_CAMERA_BUTTON').value).toBe('1');
      expect(find(rows, 'CheckInGraceMinutes').value).toBe('15');
      expect(find(rows, 'DefaultSlot').preference_values.map((option) => option.value)).toEqual([
        'all-day',
        'half-day',
        'hours',
        '30-minutes',
        '15-minutes',
      ]);
      expect(find(rows, 'PLAN').is_automatic).toBe(false);
      expect(find(rows, 'CLEAN').is_automatic).toBe(true);
    });

    it('offers only the company’s declarable levels as the default location', async () => {
      const options = find(await companyList(), 'DefaultLocation').preference_values;
      expect(options.map((option) => option.label)).toContain('Parking');
      expect(options.map((option) => option.label)).not.toContain('Acme HQ');
      const globexOptions = find(await companyList(globex, 'globex'), 'DefaultLocation').preference_values;
      const acmeIds = new Set(options.map((option) => option.value));
      expect(globexOptions.some((option) => acmeIds.has(option.value))).toBe(false);
    });

    it('answers only the categories named in preference_category_ids', async () => {
      const all = await companyList();
      const time = find(all, 'MorningFrom').preference_category.id;
      const rows = await companyList(admin, 'acme', `?preference_category_ids=${time}`);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.preference_category.id === time)).toBe(true);
      expect(rows.map((row) => row.key)).not.toContain('DefaultSlot');
    });

    it('answers 422 for category ids that are not a list of numbers', async () => {
      const response = await call(
        server(),
        'GET',
        `${BASE}/company-preferences/all?preference_category_ids=a,b`,
        {
          ...acme,
          token: admin,
        },
      );
      expect(Object.keys(expectErrorShape(response, 422).errors ?? {})).toEqual(['preference_category_ids']);
    });

    it('is refused without COMPANY_PREFERENCES (the employee)', async () => {
      expectErrorShape(
        await call(server(), 'GET', `${BASE}/company-preferences/all`, { ...acme, token: employee }),
        403,
      );
      expectErrorShape(await putCompany('HighOccupancyColor', { value: '#000000' }, employee), 403);
    });
  });

  describe('PUT /api/company/v1/company-preferences/{key}', () => {
    it('changes the company value, which then applies to every user without their own', async () => {
      const response = await putCompany('HighOccupancyColor', { value: '#123abc' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().value).toBe('#123abc');
      const mine = find(await userList(), 'HighOccupancyColor');
      expect(mine.effective_value).toBe('#123abc');
      expect(mine.source).toBe('company');
    });

    it.each([
      ['HighOccupancyColor', 'red', PREFERENCE_MESSAGES.color],
      ['HighOccupancyPercentage', '101', 'The value must be a whole number from 0 to 100.'],
      ['AverageOccupancyPercentage', '90', PREFERENCE_MESSAGES.averageBelowHigh],
      ['HighOccupancyPercentage', '40', PREFERENCE_MESSAGES.highAboveAverage],
      ['MorningFrom', '13:00', PREFERENCE_MESSAGES.timeOrder],
      ['NightFrom', '25:00', PREFERENCE_MESSAGES.time],
      ['AvailableSlots', '', PREFERENCE_MESSAGES.slotsEmpty],
      ['AvailableSlots', 'all-day,half-day', PREFERENCE_MESSAGES.slotsWithoutDefault],
      ['AvailableSlots', 'hours,weeks', 'Available slots is not valid.'],
      ['DefaultSlot', 'weeks', 'Default slot is not valid.'],
      ['DateTimeMode', 'h12', 'Time mode is not valid.'],
      ['CheckInGraceMinutes', '-5', 'The value must be a whole number from 0 to 1440.'],
      ['DefaultMeetingTitle', '   ', 'This field is required.'],
    ])('refuses %s = %j with 422 (%s) and writes nothing', async (key, value, message) => {
      const before = find(await companyList(), key).value;
      const answer = expectErrorShape(await putCompany(key, { value }), 422);
      expect(answer.errors).toEqual({ value: [message] });
      expect(find(await companyList(), key).value).toBe(before);
    });

    it('refuses a default location that is not a declarable level of the company', async () => {
      const globexLevel = find(await companyList(globex, 'globex'), 'DefaultLocation').preference_values[0]!;
      const acmeSite = await server()
        .db.kysely.selectFrom('levels')
        .select('id')
        .where('company_id', '=', await companyIdOf(server(), 'acme'))
        .where('is_declarable', '=', false)
        .executeTakeFirstOrThrow();
      for (const value of [globexLevel.value, String(acmeSite.id), 'abc'])
        expect(expectErrorShape(await putCompany('DefaultLocation', { value }), 422).errors).toEqual({
          value: [PREFERENCE_MESSAGES.level],
        });
      const parking = find(await companyList(), 'DefaultLocation').preference_values.find(
        (option) => option.label === 'Parking',
      )!;
      expect((await putCompany('DefaultLocation', { value: parking.value })).statusCode).toBe(200);
      expect((await putCompany('DefaultLocation', { value: '' })).statusCode).toBe(200);
    });

    it('keeps multi-select values in the catalogue order and accepts slots holding the default', async () => {
      const response = await putCompany('WeekendDays', { value: '6, 5' });
      expect(response.json().value).toBe('5,6');
      expect((await putCompany('AvailableSlots', { value: 'hours,all-day' })).json().value).toBe(
        'all-day,hours',
      );
      expect(
        (await putCompany('AvailableSlots', { value: 'all-day,half-day,hours,30-minutes,15-minutes' }))
          .statusCode,
      ).toBe(200);
    });

    it('turns a menu module automatic (hidden from the side menu) and refuses is_automatic on a valued key', async () => {
      expect((await putCompany('CLEAN', { is_automatic: false })).json().is_automatic).toBe(false);
      const menu = (
        await call(server(), 'GET', `${BASE}/preferences/menu`, { ...acme, token: employee })
      ).json();
      expect(menu.data.find((row: { key: string }) => row.key === 'CLEAN').is_automatic).toBe(false);
      expect((await putCompany('CLEAN', { is_automatic: true })).statusCode).toBe(200);
      expect(expectErrorShape(await putCompany('CLEAN', {}), 422).errors).toEqual({
        is_automatic: ['This field is required.'],
      });
      expect(
        expectErrorShape(await putCompany('DefaultSlot', { value: 'hours', is_automatic: true }), 422).errors,
      ).toEqual({
        is_automatic: ['Is automatic is not valid.'],
      });
    });

    it('answers 404 for a key the company does not have', async () => {
      expectErrorShape(await putCompany('NoSuchKey', { value: '1' }), 404);
    });

    it('changes one company only: globex’s colour leaves acme’s as it was', async () => {
      const acmeBefore = find(await companyList(), 'LowOccupancyColor').value;
      expect((await putCompany('LowOccupancyColor', { value: '#010203' }, globex, 'globex')).statusCode).toBe(
        200,
      );
      expect(find(await companyList(), 'LowOccupancyColor').value).toBe(acmeBefore);
      expect(find(await companyList(globex, 'globex'), 'LowOccupancyColor').value).toBe('#010203');
    });
  });

  describe('user preferences', () => {
    it('an override applies to its user only, and DELETE returns to the company value', async () => {
      const response = await putUser('DefaultSlot', { value: 'all-day' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        effective_value: 'all-day',
        source: 'user',
        preference_user_values: [{ value: 'all-day' }],
      });
      expect(find(await userList(), 'DefaultSlot').effective_value).toBe('all-day');
      expect(find(await userList(admin), 'DefaultSlot')).toMatchObject({
        effective_value: 'hours',
        source: 'company',
      });

      const reset = await call(server(), 'DELETE', `${BASE}/user-preferences/DefaultSlot`, {
        ...acme,
        token: employee,
      });
      expect(reset.json()).toMatchObject({
        effective_value: 'hours',
        source: 'company',
        preference_user_values: [],
      });
    });

    it('the user’s date format reaches the initial data (what every screen formats dates with)', async () => {
      expect((await putUser('DateFormat', { value: 'yyyy-MM-dd' })).statusCode).toBe(200);
      const initial = (
        await call(server(), 'GET', `${BASE}/initial-data`, { ...acme, token: employee })
      ).json();
      expect(initial.usertimepreference.date_format).toBe('yyyy-MM-dd');
      await call(server(), 'DELETE', `${BASE}/user-preferences/DateFormat`, { ...acme, token: employee });
    });

    it('refuses a company-only key (SHOW_CAMERA_BUTTON, AvailableSlots, the grace) with 403 and writes nothing', async () => {
      for (const [key, value] of [
        ['SHOW_CAMERA_BUTTON', '0'],
        ['AvailableSlots', 'hours'],
        ['CheckInGraceMinutes', '0'],
      ] as const) {
        expect(expectErrorShape(await putUser(key, { value }), 403).message).toBe(
          'Only the company can set this preference.',
        );
        expect(find(await userList(), key).source).toBe('company');
      }
    });

    it('checks the override against what applies to the user (slots of the company, own percentages)', async () => {
      expect((await putCompany('AvailableSlots', { value: 'half-day,hours' })).statusCode).toBe(200);
      expect(expectErrorShape(await putUser('DefaultSlot', { value: 'all-day' }), 422).errors).toEqual({
        value: [PREFERENCE_MESSAGES.defaultNotAvailable],
      });
      expect((await putUser('DefaultSlot', { value: 'half-day' })).statusCode).toBe(200);
      expect(
        (await putCompany('AvailableSlots', { value: 'all-day,half-day,hours,30-minutes,15-minutes' }))
          .statusCode,
      ).toBe(200);
      await call(server(), 'DELETE', `${BASE}/user-preferences/DefaultSlot`, { ...acme, token: employee });

      expect((await putUser('AverageOccupancyPercentage', { value: '20' })).statusCode).toBe(200);
      expect((await putUser('HighOccupancyPercentage', { value: '30' })).statusCode).toBe(200);
      expect(expectErrorShape(await putUser('HighOccupancyPercentage', { value: '20' }), 422).errors).toEqual(
        {
          value: [PREFERENCE_MESSAGES.highAboveAverage],
        },
      );
      const colour = expectErrorShape(await putUser('LowOccupancyColor', { value: '#12345' }), 422);
      expect(colour.errors).toEqual({ value: [PREFERENCE_MESSAGES.color] });
      expect(find(await userList(), 'LowOccupancyColor').source).toBe('company');
    });

    it('needs a session', async () => {
      expectErrorShape(await call(server(), 'GET', `${BASE}/user-preferences/all`, acme), 401);
      expectErrorShape(await putUser('DefaultSlot', { value: 'hours' }, ''), 401);
    });
  });

  describe('seedCompanyPreferences', () => {
    it('gives a new company every key at its initial value, and keeps values already set when run again', async () => {
      const db = server().db.kysely;
      const acmeId = await companyIdOf(server(), 'acme');
      const template = await db
        .selectFrom('companies')
        .selectAll()
        .where('id', '=', acmeId)
        .executeTakeFirstOrThrow();
      const {
        id: _id,
        created_at: _created,
        ...rest
      } = template as typeof template & { created_at?: unknown };
      const company = await db
        .insertInto('companies')
        .values({ ...rest, subdomain: 'initech-prefs', name: 'Initech' } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      await seedCompanyPreferences(db, company.id);
      const rows = await db
        .selectFrom('company_preferences')
        .select(['key', 'value'])
        .where('company_id', '=', company.id)
        .execute();
      expect(rows.map((row) => row.key).sort()).toEqual(PREFERENCE_DEFINITIONS.map((d) => d.key).sort());
      await db
        .updateTable('company_preferences')
        .set({ value: '30' })
        .where('company_id', '=', company.id)
        .where('key', '=', 'CheckInGraceMinutes')
        .execute();
      await seedCompanyPreferences(db, company.id);
      const grace = await db
        .selectFrom('company_preferences')
        .select('value')
        .where('company_id', '=', company.id)
        .where('key', '=', 'CheckInGraceMinutes')
        .executeTakeFirstOrThrow();
      expect(grace.value).toBe('30');
      await db.deleteFrom('companies').where('id', '=', company.id).execute();
    });
  });

  describe('GET /api/company/v1/preferences/menu', () => {
    it('answers the company’s menu preferences, the user’s own choice winning', async () => {
      const valueOf = (body: { data: Array<{ key: string; is_automatic: boolean }> }, key: string) =>
        body.data.find((p) => p.key === key)?.is_automatic;
      const before = (
        await call(server(), 'GET', `${BASE}/preferences/menu`, { ...acme, token: employee })
      ).json();
      expect(valueOf(before, 'PLAN')).toBe(false);
      expect(before.data.some((p: { key: string }) => p.key === 'StartUpPage')).toBe(false);

      expect((await putUser('PLAN', { is_automatic: true })).statusCode).toBe(200);
      const after = (
        await call(server(), 'GET', `${BASE}/preferences/menu`, { ...acme, token: employee })
      ).json();
      expect(valueOf(after, 'PLAN')).toBe(true);
      const adminMenu = (
        await call(server(), 'GET', `${BASE}/preferences/menu`, { ...acme, token: admin })
      ).json();
      expect(valueOf(adminMenu, 'PLAN')).toBe(false);
      await call(server(), 'DELETE', `${BASE}/user-preferences/PLAN`, { ...acme, token: employee });
    });

    it('needs a session', async () => {
      expectErrorShape(await call(server(), 'GET', `${BASE}/preferences/menu`, acme), 401);
    });
  });
});
