import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { call, expectErrorShape } from '../../../../test/support/server-factories';
import type { ReceptionDesk, ReceptionDeskList } from '../../../shared/contract/reception-desks';
import {
  caller,
  DESKS,
  givenContainer,
  givenDesk,
  visitorActors,
  type VisitorActors,
} from '../visitors/visitors.fixtures';

describeEachDatabase('reception desks', (server) => {
  let actors: VisitorActors;
  const asAdmin = caller(server, () => actors.admin);
  const asEmployee = caller(server, () => actors.employee);
  const asReception = caller(server, () => actors.reception);

  beforeAll(async () => {
    actors = await visitorActors(server());
  });

  describe(`POST ${DESKS}`, () => {
    it('adds a desk with names, level, container, allowed containers, hours and language', async () => {
      const level = await server()
        .db.kysely.selectFrom('levels')
        .innerJoin('companies', 'companies.id', 'levels.company_id')
        .select('levels.id')
        .where('companies.subdomain', '=', 'acme')
        .executeTakeFirstOrThrow();
      const guests = await givenContainer(server(), actors.admin, 'Desk guests');
      const contractors = await givenContainer(server(), actors.admin, 'Desk contractors');
      const response = await asAdmin('POST', DESKS, {
        translations: [
          { language_id: actors.en, name: 'Main lobby' },
          { language_id: actors.fr, name: 'Hall principal' },
        ],
        level_id: level.id,
        user_container_id: guests,
        allowed_container_ids: [contractors],
        working_hours_from: '07:30',
        working_hours_to: '18:00',
        language_id: actors.fr,
      });
      expect(response.statusCode, response.body).toBe(201);
      const desk = response.json<ReceptionDesk>();
      expect(desk).toMatchObject({
        name: 'Main lobby',
        level_id: level.id,
        user_container_id: guests,
        user_container_name: 'Desk guests',
        working_hours_from: '07:30',
        working_hours_to: '18:00',
        language_id: actors.fr,
        locale: expect.stringMatching(/^fr/),
        timezone: 'Europe/Zurich',
      });
      // the fixed user container is always one a visitor may join
      expect(desk.allowed_containers.map((c) => c.id).sort()).toEqual([guests, contractors].sort());
      expect(desk.kiosk_code).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const allowed = await asEmployee('GET', `${DESKS}/allowed-containers/${desk.id}`);
      expect(allowed.json()).toMatchObject({ user_container_id: guests });
    });

    it('answers 422 with field errors and writes nothing on bad input', async () => {
      const before = await server().db.kysely.selectFrom('reception_desks').select('id').execute();
      const blank = await asAdmin('POST', DESKS, { translations: [{ language_id: actors.en, name: ' ' }] });
      expect(expectErrorShape(blank, 422).errors).toEqual({
        'translations.0.name': ['This field is required.'],
      });
      const response = await asAdmin('POST', DESKS, {
        translations: [{ language_id: actors.fr, name: 'Only French' }],
        level_id: 999_999,
        user_container_id: 999_999,
        working_hours_from: '18:00',
        working_hours_to: '08:00',
      });
      const errors = expectErrorShape(response, 422).errors!;
      // the company's language (English) must be named
      expect(errors['translations']).toEqual(['This field is required.']);
      expect(errors['level_id']).toEqual(['Level id is not valid.']);
      expect(errors['user_container_id']).toEqual(['User container id is not valid.']);
      expect(errors['working_hours_to']).toEqual(['The working time must end after it starts.']);
      expect(await server().db.kysely.selectFrom('reception_desks').select('id').execute()).toHaveLength(
        before.length,
      );
      expectErrorShape(await asAdmin('POST', DESKS, {}), 422);
    });

    it('refuses a level container as a desk’s user container', async () => {
      const level = await call(server(), 'POST', '/api/company/v1/containers', {
        subdomain: 'acme',
        token: actors.admin,
        body: { name: 'Desk level container', access_type: 'LEVEL' },
      });
      const response = await asAdmin('POST', DESKS, {
        translations: [{ language_id: actors.en, name: 'Wrong container' }],
        allowed_container_ids: [level.json<{ id: number }>().id],
      });
      expect(expectErrorShape(response, 422).errors).toHaveProperty('allowed_container_ids');
    });

    it('answers 403 to an employee and to reception (RECEPTIONS read only)', async () => {
      const body = { translations: [{ language_id: actors.en, name: 'Nope' }] };
      expectErrorShape(await asEmployee('POST', DESKS, body), 403);
      expectErrorShape(await asReception('POST', DESKS, body), 403);
    });
  });

  describe(`PUT ${DESKS}/{id}`, () => {
    it('moves a desk below another, and refuses to put a desk below itself or its own children', async () => {
      const top = await givenDesk(server(), actors.admin, actors.en, 'Campus desk');
      const child = await givenDesk(server(), actors.admin, actors.en, 'Building desk', {
        parent_id: top.id,
      });
      expect(child).toMatchObject({ parent_id: top.id, parent_name: 'Campus desk' });
      const loop = await asAdmin('PUT', `${DESKS}/${top.id}`, { parent_id: child.id });
      expect(expectErrorShape(loop, 422).errors).toEqual({
        parent_id: ['A reception desk cannot be placed below itself.'],
      });
      // spec §7 GET with parents and exclude_id: the candidates for the top desk's parent
      const parents = (
        await asAdmin('GET', `${DESKS}?parents=1&exclude_id=${top.id}`)
      ).json<ReceptionDeskList>();
      const ids = parents.data.map((desk) => desk.id);
      expect(ids).not.toContain(top.id);
      expect(ids).not.toContain(child.id);
      const renamed = await asAdmin('PUT', `${DESKS}/${child.id}`, {
        translations: [{ language_id: actors.en, name: 'Building B desk' }],
        working_hours_to: '20:00',
      });
      expect(renamed.json()).toMatchObject({ name: 'Building B desk', working_hours_to: '20:00' });
    });

    it('shows the kiosk code only to those who manage desks', async () => {
      const desk = await givenDesk(server(), actors.admin, actors.en, 'Code desk');
      const seenByHost = (await asEmployee('GET', `${DESKS}/${desk.id}`)).json<ReceptionDesk>();
      expect(seenByHost.kiosk_code).toBeNull();
      expect(seenByHost.name).toBe('Code desk');
    });
  });

  describe(`DELETE ${DESKS}/{id}`, () => {
    it('deletes the desk; its children stay, without a parent', async () => {
      const top = await givenDesk(server(), actors.admin, actors.en, 'Doomed desk');
      const child = await givenDesk(server(), actors.admin, actors.en, 'Orphan desk', { parent_id: top.id });
      expect((await asAdmin('DELETE', `${DESKS}/${top.id}`)).statusCode).toBe(200);
      expectErrorShape(await asAdmin('GET', `${DESKS}/${top.id}`), 404);
      expect((await asAdmin('GET', `${DESKS}/${child.id}`)).json()).toMatchObject({ parent_id: null });
    });
  });

  describe('another company', () => {
    it('never reads, changes or deletes acme’s desk (404), nor lists it', async () => {
      const desk = await givenDesk(server(), actors.admin, actors.en, 'Acme only desk');
      const asGlobex = caller(server, () => actors.globex, 'globex');
      expectErrorShape(await asGlobex('GET', `${DESKS}/${desk.id}`), 404);
      expectErrorShape(await asGlobex('PUT', `${DESKS}/${desk.id}`, { working_hours_to: '19:00' }), 404);
      expectErrorShape(await asGlobex('DELETE', `${DESKS}/${desk.id}`), 404);
      expectErrorShape(await asGlobex('GET', `${DESKS}/allowed-containers/${desk.id}`), 404);
      const list = (await asGlobex('GET', DESKS)).json<ReceptionDeskList>();
      expect(list.data.map((d) => d.id)).not.toContain(desk.id);
      expect(JSON.stringify(list)).not.toMatch(/acme/i);
    });

    it('cannot name acme’s desk as a parent, nor add it to a container', async () => {
      const desk = await givenDesk(server(), actors.admin, actors.en, 'Acme parent');
      const asGlobex = caller(server, () => actors.globex, 'globex');
      const en = actors.en;
      const response = await asGlobex('POST', DESKS, {
        translations: [{ language_id: en, name: 'Globex desk' }],
        parent_id: desk.id,
      });
      expect(expectErrorShape(response, 422).errors).toHaveProperty('parent_id');
    });
  });

  describe('containers of reception desks (the access model)', () => {
    it('takes a desk as a member of a reception-desk container, named', async () => {
      const desk = await givenDesk(server(), actors.admin, actors.en, 'Member desk');
      const container = await call(server(), 'POST', '/api/company/v1/containers', {
        subdomain: 'acme',
        token: actors.admin,
        body: { name: 'Front desks', access_type: 'RECEPTION_DESK' },
      });
      const id = container.json<{ id: number }>().id;
      const added = await asAdmin('POST', `/api/company/v1/containers/${id}/receptiondesks`, {
        reception_desk_ids: [desk.id],
      });
      expect(added.statusCode, added.body).toBe(200);
      const members = await asAdmin('GET', `/api/company/v1/containers/${id}/receptiondesks`);
      expect(members.json()).toEqual({ data: [{ id: desk.id, name: 'Member desk' }] });
    });
  });
});
