import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import { api, dayAhead, givenFloor, PLAN, slot } from '../declarations/declarations.fixtures';

interface Answer {
  date: string;
  timezone: string;
  data: Array<{ resource_id: number; occupancy_percentage: number; occupied: boolean; mine: boolean }>;
}

describeEachDatabase('plan map occupancy', (server) => {
  let admin: string;
  let employee: string;
  const http = api(server);
  const url = (levelId: number, query: string) => `${PLAN}/occupancy/level/${levelId}/resources?${query}`;

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
  });

  describe(`GET ${PLAN}/occupancy/level/{id}/resources`, () => {
    it('answers each resource’s day occupancy, and whether the chosen slot is full or mine (spec §2 map markers)', async () => {
      const floor = await givenFloor(server());
      const full = await floor.resource('Map Desk Full');
      const half = await floor.resource('Map Desk Half');
      const free = await floor.resource('Map Desk Free');
      const date = dayAhead(7);
      await http.bookOk(admin, { resource_id: full, slots: [slot(date, 0, 24)] });
      await http.bookOk(admin, { resource_id: half, slots: [slot(date, 0, 12)] });

      const day = await http.get(employee, url(floor.levelId, `date=${date}`));
      expect(day.statusCode, day.body).toBe(200);
      const answer = day.json<Answer>();
      expect(answer.date).toBe(date);
      const byId = new Map(answer.data.map((row) => [row.resource_id, row]));
      expect(byId.get(full)).toEqual({
        resource_id: full,
        occupancy_percentage: 100,
        occupied: true,
        mine: false,
        awaiting_cleaning: false,
      });
      expect(byId.get(half)).toMatchObject({ occupancy_percentage: 50, occupied: false });
      expect(byId.get(free)).toMatchObject({ occupancy_percentage: 0, occupied: false });

      const morning = slot(date, 9);
      const inSlot = await http.get(
        admin,
        url(
          floor.levelId,
          `date=${date}&datetime_from=${morning.datetime_from}&datetime_to=${morning.datetime_to}`,
        ),
      );
      const slotById = new Map(inSlot.json<Answer>().data.map((row) => [row.resource_id, row]));
      expect(slotById.get(half)).toMatchObject({ occupied: true, mine: true });
      expect(slotById.get(free)).toMatchObject({ occupied: false, mine: false });
      const evening = slot(date, 18);
      const later = await http.get(
        admin,
        url(
          floor.levelId,
          `date=${date}&datetime_from=${evening.datetime_from}&datetime_to=${evening.datetime_to}`,
        ),
      );
      expect(later.json<Answer>().data.find((row) => row.resource_id === half)).toMatchObject({
        occupied: false,
        mine: false,
      });
    });

    it('refuses a half slot, a reversed slot or a bad date with 422, and another company’s level with 404', async () => {
      const floor = await givenFloor(server());
      const date = dayAhead(8);
      const hour = slot(date, 9);
      expectErrorShape(await http.get(admin, url(floor.levelId, `datetime_from=${hour.datetime_from}`)), 422);
      expectErrorShape(
        await http.get(
          admin,
          url(floor.levelId, `datetime_from=${hour.datetime_to}&datetime_to=${hour.datetime_from}`),
        ),
        422,
      );
      expectErrorShape(await http.get(admin, url(floor.levelId, 'date=2027-02-30')), 422);
      const globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
      expectErrorShape(await http.get(globex, url(floor.levelId, ''), 'globex'), 404);
    });
  });
});
