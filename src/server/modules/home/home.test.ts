import { beforeAll, describe, expect, it } from 'vitest';
import type { HomeSummary } from '../../../shared/contract/home';
import { describeEachDatabase } from '../../../../test/support/server-app';
import {
  ACCOUNTS,
  call,
  companyIdOf,
  expectErrorShape,
  signIn,
} from '../../../../test/support/server-factories';

const HOME = '/api/company/v1/home';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describeEachDatabase('home', (server) => {
  let employee: string;
  let acmeId: number;
  let ids: Record<'employee' | 'admin' | 'reception', number>;
  let desks: number[];

  const userId = async (email: string) =>
    (
      await server()
        .db.kysely.selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id;

  const booking = (user: number, resource: number, startsIn: number, hours = 2) => ({
    company_id: acmeId,
    resource_id: resource,
    user_id: user,
    starts_at: new Date(Date.now() + startsIn),
    ends_at: new Date(Date.now() + startsIn + hours * HOUR),
  });

  beforeAll(async () => {
    employee = await signIn(server(), ACCOUNTS.employee, 'acme');
    acmeId = await companyIdOf(server(), 'acme');
    ids = {
      employee: await userId(ACCOUNTS.employee),
      admin: await userId(ACCOUNTS.acmeAdmin),
      reception: await userId('reception@acme.test'),
    };
    const db = server().db.kysely;
    desks = (
      await db
        .selectFrom('resources')
        .select('id')
        .where('company_id', '=', acmeId)
        .where('resource_model', '=', 'bookable')
        .orderBy('id')
        .limit(4)
        .execute()
    ).map((row) => row.id);
    // The employee and the administrator share a team; the reception desk is not in it.
    const team = await db
      .insertInto('user_containers')
      .values({ company_id: acmeId, name: 'Home team' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_container_members')
      .values(
        [ids.employee, ids.admin].map((user) => ({
          company_id: acmeId,
          container_id: team.id,
          user_id: user,
        })),
      )
      .execute();
    await db
      .insertInto('declarations')
      .values([
        // the employee's history: desks[1] twice, desks[2] once
        booking(ids.employee, desks[1]!, -10 * DAY),
        booking(ids.employee, desks[1]!, -3 * DAY),
        booking(ids.employee, desks[2]!, -2 * DAY),
        // today, a minute from now: the administrator is in; the reception desk too, but not in the team
        booking(ids.admin, desks[3]!, 60_000, 1),
        booking(ids.reception, desks[0]!, 60_000, 1),
      ])
      .execute();
  });

  describe(`GET ${HOME}`, () => {
    it('names the desk the user books most, for one-tap rebooking', async () => {
      const response = await call(server(), 'GET', HOME, { subdomain: 'acme', token: employee });
      expect(response.statusCode, response.body).toBe(200);
      const summary = response.json<HomeSummary>();
      expect(summary.usual_resource?.id).toBe(desks[1]);
      expect(summary.usual_resource?.name).not.toBe('');
    });

    it('shows who of the team is in today, and only people who share a team with the user', async () => {
      const summary = (
        await call(server(), 'GET', HOME, { subdomain: 'acme', token: employee })
      ).json<HomeSummary>();
      const people = summary.team_in.map((person) => person.user_id);
      expect(people).toContain(ids.admin);
      expect(people).not.toContain(ids.reception);
      expect(people).not.toContain(ids.employee);
    });

    it('has no usual desk for someone who never booked, and refuses a user without PLAN', async () => {
      const admin = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
      const globex = (
        await call(server(), 'GET', HOME, { subdomain: 'globex', token: admin })
      ).json<HomeSummary>();
      expect(globex).toEqual({ usual_resource: null, team_in: [] });
      const reception = await signIn(server(), 'reception@acme.test', 'acme');
      expectErrorShape(await call(server(), 'GET', HOME, { subdomain: 'acme', token: reception }), 403);
    });
  });
});
