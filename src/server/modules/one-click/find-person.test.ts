import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ContactList,
  FindPersonResult,
  FindPersonVisibility,
  PersonList,
} from '../../../shared/contract/one-click';
import { FIND_PERSON_VISIBLE_KEY, ONE_CLICK_MESSAGES } from '../../../shared/one-click/rules';
import { describeEachDatabase } from '../../../../test/support/server-app';
import {
  ACCOUNTS,
  call,
  companyIdOf,
  expectErrorShape,
  signIn,
} from '../../../../test/support/server-factories';

const ONE_CLICK = '/api/company/v1/one-click';
const HOUR = 3_600_000;

describeEachDatabase('find a person', (server) => {
  let employee: string;
  let admin: string;
  let reception: string;
  let globex: string;
  let acmeId: number;
  let ids: Record<'admin' | 'employee' | 'teammate' | 'globex', number>;
  let desk: { id: number; level_id: number };

  const as = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    call(server(), method, `${ONE_CLICK}${url}`, { subdomain: 'acme', token, body });
  const userId = async (email: string) =>
    (
      await server()
        .db.kysely.selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id;
  const search = async (query: string, token = employee) =>
    (await as(token, 'POST', '/find-person', { query })).json<PersonList>().data.map((person) => person.id);
  const setCompanyDefault = (value: string) =>
    server()
      .db.kysely.updateTable('company_preferences')
      .set({ value })
      .where('company_id', '=', acmeId)
      .where('key', '=', FIND_PERSON_VISIBLE_KEY)
      .execute();

  beforeAll(async () => {
    employee = await signIn(server(), ACCOUNTS.employee, 'acme');
    admin = await signIn(server(), ACCOUNTS.acmeAdmin, 'acme');
    reception = await signIn(server(), ACCOUNTS.reception, 'acme');
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    acmeId = await companyIdOf(server(), 'acme');
    ids = {
      admin: await userId(ACCOUNTS.acmeAdmin),
      employee: await userId(ACCOUNTS.employee),
      teammate: await userId(ACCOUNTS.teammate),
      globex: await userId(ACCOUNTS.globexAdmin),
    };
    // A desk of the demo floors, placed on its floor's map: the administrator sits there now.
    const { rows } = await sql<{ id: number; level_id: number }>`
      select r.id, r.level_id from resources r join levels l on l.company_id = r.company_id and l.id = r.level_id
      where r.company_id = ${acmeId} and l.map_id is not null and r.map_x is not null
        and r.resource_model = 'bookable' and r.capacity = 1
      order by r.id limit 1`.execute(server().db.kysely);
    desk = rows[0]!;
    await server()
      .db.kysely.insertInto('declarations')
      .values({
        company_id: acmeId,
        resource_id: desk.id,
        user_id: ids.admin,
        starts_at: new Date(Date.now() - HOUR),
        ends_at: new Date(Date.now() + HOUR),
      })
      .execute();
  });

  describe(`POST ${ONE_CLICK}/find-person`, () => {
    it('finds colleagues of the company by name or e-mail, never the caller and never another company', async () => {
      expect(await search('ada')).toEqual([ids.admin]);
      expect(await search('acme.test')).toEqual(expect.arrayContaining([ids.admin, ids.teammate]));
      expect(await search('acme.test')).not.toContain(ids.employee);
      expect(await search('globex')).toEqual([]);
      expect(await search('Gina')).toEqual([]);
    });

    it('answers 422 for an empty query, and 403 to a user without ONE-CLICK', async () => {
      const refused = expectErrorShape(await as(employee, 'POST', '/find-person', { query: '  ' }), 422);
      expect(refused.errors?.query).toEqual(['This field is required.']);
      expectErrorShape(await as(reception, 'POST', '/find-person', { query: 'ada' }), 403);
      expectErrorShape(await as(reception, 'GET', `/find-person/${ids.admin}`), 403);
    });
  });

  describe(`GET ${ONE_CLICK}/find-person/{id}`, () => {
    it('shows where a colleague sits today on the floor map, and the nearest desk to book beside them', async () => {
      const response = await as(employee, 'GET', `/find-person/${ids.admin}`);
      expect(response.statusCode, response.body).toBe(200);
      const found = response.json<FindPersonResult>();
      expect(found.user.id).toBe(ids.admin);
      expect(found.declarations).toHaveLength(1);
      const [place] = found.declarations;
      expect(place).toMatchObject({ resource_id: desk.id, level_id: desk.level_id });
      expect(place!.map_id).not.toBeNull();
      expect(place!.map_x).not.toBeNull();
      expect(found.nearby).not.toBeNull();
      expect(found.nearby!.resource_id).not.toBe(desk.id);
      expect(found.nearby!.map_id).toBe(place!.map_id);
    });

    it('does not show a private booking', async () => {
      await server()
        .db.kysely.updateTable('declarations')
        .set({ is_private: true })
        .where('company_id', '=', acmeId)
        .where('user_id', '=', ids.admin)
        .execute();
      try {
        const found = (await as(employee, 'GET', `/find-person/${ids.admin}`)).json<FindPersonResult>();
        expect(found.declarations).toEqual([]);
      } finally {
        await server()
          .db.kysely.updateTable('declarations')
          .set({ is_private: false })
          .where('company_id', '=', acmeId)
          .where('user_id', '=', ids.admin)
          .execute();
      }
    });

    it("never finds another company's person, from either side (404)", async () => {
      expectErrorShape(await as(employee, 'GET', `/find-person/${ids.globex}`), 404);
      const fromGlobex = await call(server(), 'GET', `${ONE_CLICK}/find-person/${ids.admin}`, {
        subdomain: 'globex',
        token: globex,
      });
      expectErrorShape(fromGlobex, 404);
      // an acme token on globex's host is no credential there
      expectErrorShape(
        await call(server(), 'GET', `${ONE_CLICK}/find-person/${ids.admin}`, {
          subdomain: 'globex',
          token: employee,
        }),
        401,
      );
    });
  });

  describe('hiding from find-person', () => {
    it('hides a person who opted out in their profile from the search, the result and their colleagues’ contacts', async () => {
      const kept = await as(employee, 'POST', '/contacts', { user_ids: [ids.admin] });
      expect(kept.json<ContactList>().data).toEqual([
        expect.objectContaining({ id: ids.admin, findable: true }),
      ]);

      const hidden = await as(admin, 'PUT', '/find-person/visibility', { own: false });
      expect(hidden.json<FindPersonVisibility>()).toEqual({
        own: false,
        company_default: true,
        visible: false,
      });
      try {
        expect(await search('ada')).toEqual([]);
        const refused = expectErrorShape(await as(employee, 'GET', `/find-person/${ids.admin}`), 404);
        expect(refused.message).toBe(ONE_CLICK_MESSAGES.unknownPerson);
        expect((await as(employee, 'GET', '/contacts')).json<ContactList>().data[0]?.findable).toBe(false);
      } finally {
        await as(admin, 'PUT', '/find-person/visibility', { own: null });
      }
      expect(await search('ada')).toEqual([ids.admin]);
    });

    it("follows the company's default for people who never chose, and a person's own choice over it", async () => {
      await setCompanyDefault('0');
      try {
        expect(await search('ada')).toEqual([]);
        const mine = (await as(admin, 'GET', '/find-person/visibility')).json<FindPersonVisibility>();
        expect(mine).toEqual({ own: null, company_default: false, visible: false });
        await as(admin, 'PUT', '/find-person/visibility', { own: true });
        expect(await search('ada')).toEqual([ids.admin]);
      } finally {
        await setCompanyDefault('1');
        await as(admin, 'PUT', '/find-person/visibility', { own: null });
      }
    });

    it('lets anyone signed in, with or without ONE-CLICK, choose; a bad value is 422 and changes nothing', async () => {
      const own = await as(reception, 'PUT', '/find-person/visibility', { own: false });
      expect(own.statusCode, own.body).toBe(200);
      expectErrorShape(await as(reception, 'PUT', '/find-person/visibility', { own: 'no' }), 422);
      expect((await as(reception, 'GET', '/find-person/visibility')).json<FindPersonVisibility>().own).toBe(
        false,
      );
      await as(reception, 'PUT', '/find-person/visibility', { own: null });
    });
  });

  describe(`POST ${ONE_CLICK}/contacts`, () => {
    it("refuses another company's person or an unknown id (422), keeping the list as it was", async () => {
      await as(employee, 'POST', '/contacts', { user_ids: [ids.teammate] });
      const refused = expectErrorShape(
        await as(employee, 'POST', '/contacts', { user_ids: [ids.admin, ids.globex] }),
        422,
      );
      expect(refused.errors?.['user_ids.1']).toEqual([ONE_CLICK_MESSAGES.unknownPerson]);
      expect((await as(employee, 'GET', '/contacts')).json<ContactList>().data.map((c) => c.id)).toEqual([
        ids.teammate,
      ]);
    });
  });
});
