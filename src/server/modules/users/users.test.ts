import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import type { InitialResponse } from '../../../shared/contract/auth';
import type { ManagedUser, ManagedUserList } from '../../../shared/contract/users';
import { invitationPaths } from '../../../shared/contract/users';
import { MESSAGES } from '../../../shared/validation';
import { givenFloor } from '../declarations/declarations.fixtures';
import { LAST_ADMINISTRATOR } from './administrators';
import { INVALID_INVITATION } from './invitations.service';
import { englishId, invitationTokenFor, signInAs, USERS, usersApi } from './users.fixtures';
import { EMAIL_TAKEN } from './users.service';

describeEachDatabase('users (spec §2 /manage-users)', (server) => {
  let admin: string;
  let employee: string;
  let globex: string;
  const api = usersApi(server);
  const { request, ok } = api;

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
  });

  describe('GET users: the list, its search and the spec §7 filters', () => {
    it('lists the company’s people in pages of up to 200, never another company’s', async () => {
      const page = await ok<ManagedUserList>(request(admin, 'GET', USERS));
      const emails = page.data.map((user) => user.email);
      expect(emails).toEqual(expect.arrayContaining([ACCOUNTS.acmeAdmin, ACCOUNTS.employee]));
      expect(emails).not.toContain(ACCOUNTS.globexAdmin);
      expect(page.meta).toMatchObject({ current_page: 1, per_page: 200 });
      const two = await ok<ManagedUserList>(request(admin, 'GET', `${USERS}?per_page=2&page=2`));
      expect(two.data).toHaveLength(2);
      expect(two.meta).toMatchObject({ current_page: 2, per_page: 2, total: page.meta.total });
      expectErrorShape(await request(admin, 'GET', `${USERS}?per_page=201`), 422);
    });

    it('finds people by name or address whatever the case and accents (query)', async () => {
      const zoe = await api.create(admin, { first_name: 'Zoë', last_name: 'Ünal' });
      const found = await ok<ManagedUserList>(request(admin, 'GET', `${USERS}?query=zoe%20un`));
      expect(found.data.map((user) => user.id)).toEqual([zoe.id]);
      const byMail = await ok<ManagedUserList>(request(admin, 'GET', `${USERS}?query=EMPLOYEE@acme`));
      expect(byMail.data.map((user) => user.email)).toEqual([ACCOUNTS.employee]);
    });

    it('filters by user containers, assigned resources, sso and is_visitor, combined', async () => {
      const visitor = await api.create(admin, { is_visitor: true, first_name: 'Vic' });
      const sso = await api.create(admin, { sso: true, first_name: 'Sso' });
      const ids = async (query: string) =>
        (await ok<ManagedUserList>(request(admin, 'GET', `${USERS}?${query}`))).data.map((user) => user.id);
      expect(await ids('is_visitor=1')).toContain(visitor.id);
      expect(await ids('is_visitor=0')).not.toContain(visitor.id);
      expect(await ids('sso=1')).toEqual(expect.arrayContaining([sso.id]));
      expect(await ids('sso=1&is_visitor=1')).not.toContain(sso.id);
      const employees = await ok<ManagedUserList>(
        request(admin, 'GET', `${USERS}?query=${ACCOUNTS.employee}`),
      );
      const containerId = employees.data[0]!.user_containers[0]!.id;
      expect(await ids(`user_containers=${containerId}`)).toContain(employees.data[0]!.id);
      expect(await ids(`user_containers=${containerId}`)).not.toContain(visitor.id);
      const floor = await givenFloor(server());
      const desk = await floor.resource('Assigned desk');
      await ok(request(admin, 'POST', `${USERS}/${visitor.id}/assignments`, { resource_id: desk }), 201);
      expect(await ids('assigned_resources=1')).toContain(visitor.id);
      expect(await ids('assigned_resources=0')).not.toContain(visitor.id);
      expectErrorShape(await request(admin, 'GET', `${USERS}?user_containers=abc`), 422);
    });

    it('refuses someone without the USERS_CONTAINERS permission (403)', async () => {
      expectErrorShape(await request(employee, 'GET', USERS), 403);
      expectErrorShape(await request(employee, 'POST', USERS, {}), 403);
    });
  });

  describe('POST users: add-user and its invitation', () => {
    it('answers 422 with the spec §5 messages per field and writes nothing', async () => {
      const before = (await ok<ManagedUserList>(request(admin, 'GET', USERS))).meta.total;
      const empty = expectErrorShape(await request(admin, 'POST', USERS, {}), 422);
      expect(empty.errors).toMatchObject({
        email: [MESSAGES.required],
        first_name: [MESSAGES.required],
        last_name: [MESSAGES.required],
        language_id: [MESSAGES.required],
      });
      const en = await englishId(server());
      const base = {
        first_name: 'A',
        last_name: 'B',
        language_id: en,
        timezone: 'Europe/Zurich',
        country_id: null,
        is_visitor: false,
        sso: false,
      };
      const badMail = expectErrorShape(
        await request(admin, 'POST', USERS, { ...base, email: 'not-mail' }),
        422,
      );
      expect(badMail.errors).toEqual({ email: [MESSAGES.email] });
      const taken = expectErrorShape(
        await request(admin, 'POST', USERS, { ...base, email: ACCOUNTS.employee.toUpperCase() }),
        422,
      );
      expect(taken.errors).toEqual({ email: [EMAIL_TAKEN] });
      const unknown = expectErrorShape(
        await request(admin, 'POST', USERS, {
          ...base,
          email: 'new@acme.test',
          language_id: 99999,
          timezone: 'Mars/Base',
          container_ids: [99999],
        }),
        422,
      );
      expect(Object.keys(unknown.errors!).sort()).toEqual(['container_ids', 'language_id', 'timezone']);
      expect((await ok<ManagedUserList>(request(admin, 'GET', USERS))).meta.total).toBe(before);
    });

    it('mails an invitation whose link sets the first password and signs the new user in', async () => {
      const invited = await api.create(admin, { first_name: 'Ivy' });
      expect(invited.invitation_pending).toBe(true);
      const token = await invitationTokenFor(server(), invited.email);
      const check = await ok<{ email: string }>(request('', 'GET', invitationPaths.check(token)));
      expect(check).toMatchObject({ email: invited.email, first_name: 'Ivy' });
      const accept = (body: object) => request('', 'POST', invitationPaths.accept, { token, ...body });
      expect(
        expectErrorShape(await accept({ password: 'short', password_confirmation: 'short' }), 422).errors,
      ).toEqual({
        password: ['The field must contain 8 or more characters.'],
      });
      expect(
        expectErrorShape(await accept({ password: 'long enough 1', password_confirmation: 'other' }), 422)
          .errors,
      ).toEqual({
        password_confirmation: [MESSAGES.confirmed],
      });
      const session = await ok<InitialResponse>(
        accept({ password: 'long enough 1', password_confirmation: 'long enough 1' }),
      );
      expect(session.user.email).toBe(invited.email);
      expect(session.access_token).toBeTruthy();
      expect((await signInAs(server(), invited.email, 'long enough 1')).statusCode).toBe(200);
      expect(
        expectErrorShape(
          await accept({ password: 'another pass', password_confirmation: 'another pass' }),
          404,
        ).message,
      ).toBe(INVALID_INVITATION);
      expect(
        (await ok<ManagedUser>(request(admin, 'GET', `${USERS}/${invited.id}`))).invitation_pending,
      ).toBe(false);
    });

    it('sends no invitation to someone who signs in through SSO, and a new one closes the old link', async () => {
      const sso = await api.create(admin, { sso: true });
      const mails = await server()
        .db.kysely.selectFrom('outbox')
        .select('id')
        .where('to_address', '=', sso.email)
        .execute();
      expect(mails).toHaveLength(0);
      const invited = await api.create(admin);
      const first = await invitationTokenFor(server(), invited.email);
      await ok(request(admin, 'POST', `${USERS}/${invited.id}/invitation`));
      const second = await invitationTokenFor(server(), invited.email);
      expect(second).not.toBe(first);
      expectErrorShape(await request('', 'GET', invitationPaths.check(first)), 404);
      await ok(request('', 'GET', invitationPaths.check(second)));
      // Another company's host does not know acme's link.
      expectErrorShape(await request('', 'GET', invitationPaths.check(second), undefined, 'globex'), 404);
    });
  });

  describe('edit/:user_id and its sub-screens', () => {
    it('changes language, timezone and country, and refuses unknown ones with 422', async () => {
      const user = await api.create(admin);
      const fr = await server()
        .db.kysely.selectFrom('languages')
        .select('id')
        .where('code', '=', 'fr')
        .executeTakeFirst();
      const country = await server().db.kysely.selectFrom('countries').select('id').executeTakeFirstOrThrow();
      const changed = await ok<ManagedUser>(
        request(admin, 'PUT', `${USERS}/${user.id}`, {
          ...(fr ? { language_id: fr.id } : {}),
          timezone: 'America/New_York',
          country_id: country.id,
          first_name: 'Renamed',
        }),
      );
      expect(changed).toMatchObject({
        timezone: 'America/New_York',
        country_id: country.id,
        first_name: 'Renamed',
      });
      const blank = expectErrorShape(
        await request(admin, 'PUT', `${USERS}/${user.id}`, { first_name: ' ' }),
        422,
      );
      expect(blank.errors).toEqual({ first_name: [MESSAGES.required] });
      const unknown = expectErrorShape(
        await request(admin, 'PUT', `${USERS}/${user.id}`, { timezone: 'Nowhere/Land', country_id: 99999 }),
        422,
      );
      expect(unknown.errors).toEqual({
        timezone: ['This timezone does not exist.'],
        country_id: ['This country does not exist.'],
      });
      expect((await ok<ManagedUser>(request(admin, 'GET', `${USERS}/${user.id}`))).timezone).toBe(
        'America/New_York',
      );
    });

    it('saves containers by diff, and never takes the last administrator out of theirs', async () => {
      const user = await api.create(admin);
      const { data: containers } = await ok<{ data: { id: number; name: string }[] }>(
        request(admin, 'GET', `${USERS}/assignable-containers`),
      );
      expect(containers.length).toBeGreaterThan(1);
      const saved = await ok<ManagedUser>(
        request(admin, 'PUT', `${USERS}/${user.id}/containers`, {
          container_ids: [containers[0]!.id, containers[1]!.id],
        }),
      );
      expect(saved.user_containers.map((c) => c.id).sort()).toEqual(
        [containers[0]!.id, containers[1]!.id].sort(),
      );
      const fewer = await ok<ManagedUser>(
        request(admin, 'PUT', `${USERS}/${user.id}/containers`, { container_ids: [containers[1]!.id] }),
      );
      expect(fewer.user_containers.map((c) => c.id)).toEqual([containers[1]!.id]);
      const me = (await ok<ManagedUserList>(request(admin, 'GET', `${USERS}?query=${ACCOUNTS.acmeAdmin}`)))
        .data[0]!;
      const refused = await request(admin, 'PUT', `${USERS}/${me.id}/containers`, { container_ids: [] });
      expect(expectErrorShape(refused, 409).message).toBe(LAST_ADMINISTRATOR);
      expect((await ok<ManagedUser>(request(admin, 'GET', `${USERS}/${me.id}`))).user_containers).toEqual(
        me.user_containers,
      );
    });

    it('lets the administrator set a password (minimum length, confirmation) and ends the user’s sessions', async () => {
      const user = await api.create(admin);
      const url = `${USERS}/${user.id}/password`;
      expect(
        expectErrorShape(
          await request(admin, 'PUT', url, { password: '1234567', password_confirmation: '1234567' }),
          422,
        ).errors,
      ).toEqual({
        password: ['The field must contain 8 or more characters.'],
      });
      await ok(request(admin, 'PUT', url, { password: 'first-pass', password_confirmation: 'first-pass' }));
      const login = await signInAs(server(), user.email, 'first-pass');
      expect(login.statusCode).toBe(200);
      const token = login.json<{ access_token: string }>().access_token;
      await ok(request(admin, 'PUT', url, { password: 'second-pass', password_confirmation: 'second-pass' }));
      expectErrorShape(await request(token, 'GET', '/api/company/v1/initial-data'), 401);
      expect((await signInAs(server(), user.email, 'second-pass')).statusCode).toBe(200);
    });

    it('assigns, moves and removes a user’s own resources (assignment CRUD)', async () => {
      const user = await api.create(admin);
      const floor = await givenFloor(server());
      const [first, second] = [await floor.resource('Desk one'), await floor.resource('Desk two')];
      const url = `${USERS}/${user.id}/assignments`;
      const assignment = await ok<{ id: number; resource_name: string; level_path: string }>(
        request(admin, 'POST', url, { resource_id: first }),
        201,
      );
      expect(assignment).toMatchObject({ resource_name: 'Desk one', level_path: floor.levelName });
      expect(
        expectErrorShape(await request(admin, 'POST', url, { resource_id: first }), 422).errors,
      ).toHaveProperty('resource_id');
      const globexFloor = await givenFloor(server(), 'globex');
      const foreign = await globexFloor.resource('Globex desk');
      expect(
        expectErrorShape(await request(admin, 'POST', url, { resource_id: foreign }), 422).errors,
      ).toEqual({
        resource_id: ['This resource does not exist.'],
      });
      const moved = await ok<{ resource_id: number }>(
        request(admin, 'PUT', `${url}/${assignment.id}`, { resource_id: second }),
      );
      expect(moved.resource_id).toBe(second);
      await ok(request(admin, 'DELETE', `${url}/${assignment.id}`));
      expect((await ok<{ data: unknown[] }>(request(admin, 'GET', url))).data).toEqual([]);
    });
  });

  describe('another company (tenancy)', () => {
    it('never reads or changes acme’s users with globex’s token on globex’s host (404)', async () => {
      const user = await api.create(admin);
      const globexCall = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) =>
        request(globex, method, url, body, 'globex');
      expectErrorShape(await globexCall('GET', `${USERS}/${user.id}`), 404);
      expectErrorShape(await globexCall('PUT', `${USERS}/${user.id}`, { first_name: 'Hijacked' }), 404);
      expectErrorShape(
        await globexCall('PUT', `${USERS}/${user.id}/password`, {
          password: 'hijacked!',
          password_confirmation: 'hijacked!',
        }),
        404,
      );
      expectErrorShape(await globexCall('PUT', `${USERS}/${user.id}/containers`, { container_ids: [] }), 404);
      expectErrorShape(await globexCall('POST', `${USERS}/${user.id}/invitation`), 404);
      expectErrorShape(await globexCall('GET', `${USERS}/${user.id}/assignments`), 404);
      expectErrorShape(await globexCall('DELETE', `${USERS}/${user.id}`), 404);
      const list = await ok<ManagedUserList>(globexCall('GET', USERS));
      expect(list.data.map((u) => u.email)).not.toContain(user.email);
      // acme's container ids are not globex's to hand out.
      const containerId =
        user.user_containers[0]?.id ??
        (await ok<{ data: { id: number }[] }>(request(admin, 'GET', `${USERS}/assignable-containers`)))
          .data[0]!.id;
      const globexUser = await ok<ManagedUserList>(globexCall('GET', USERS));
      expect(
        expectErrorShape(
          await globexCall('PUT', `${USERS}/${globexUser.data[0]!.id}/containers`, {
            container_ids: [containerId],
          }),
          422,
        ).errors,
      ).toEqual({ container_ids: ['This container does not exist.'] });
      expect((await ok<ManagedUser>(request(admin, 'GET', `${USERS}/${user.id}`))).first_name).toBe('Pat');
    });
  });
});
