import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, testDatabases, type TestServer } from '../../../../test/support/server-app';
import { ACCOUNTS, call, signIn } from '../../../../test/support/server-factories';
import { events, secondProcess, subscribed, until } from '../../realtime/realtime.fixtures';
import { DECLARATION_CHANNEL } from './declarations.notify';
import { api, dayAhead, givenFloor, slot, type Floor } from './declarations.fixtures';

for (const kind of testDatabases()) {
  describe(`realtime events (${kind})`, () => {
    let a: TestServer;
    let b: Awaited<ReturnType<typeof secondProcess>>;
    let floor: Floor;
    let employee: string;
    let globexAdmin: string;

    beforeAll(async () => {
      a = await buildTestServer({ database: kind });
      b = await secondProcess(a);
      floor = await givenFloor(a);
      employee = await signIn(a, ACCOUNTS.employee);
      globexAdmin = await signIn(a, ACCOUNTS.globexAdmin, 'globex');
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    describe("spec §4 'declaration changed' across processes", () => {
      it('reaches a socket of the same company on another process, and never one of another company', async () => {
        const acmeOnB = await subscribed(b.app, employee);
        const globexOnB = await subscribed(b.app, globexAdmin, 'globex');
        const acmeOnA = await subscribed(a.app, employee);
        const desk = await floor.resource('Desk Realtime');
        const date = dayAhead(2);

        const [booking] = await api(() => a).bookOk(employee, { resource_id: desk, slots: [slot(date, 9)] });

        await until(() => events(acmeOnB).length > 0, 'the event on process B');
        await until(() => events(acmeOnA).length > 0, 'the event on process A');
        expect(events(acmeOnB)).toEqual([
          {
            type: 'event',
            event: 'declaration_changed',
            data: {
              action: 'created',
              declaration_id: booking!.id,
              resource_id: desk,
              level_ids: [floor.levelId],
              starts_at: slot(date, 9).datetime_from,
              ends_at: slot(date, 9).datetime_to,
            },
          },
        ]);
        // Let any stray delivery arrive before asserting there was none.
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(events(globexOnB)).toEqual([]);
        for (const probe of [acmeOnA, acmeOnB, globexOnB]) probe.socket.close();
      });

      it("ignores a notice of another schema of the database, whose booking ids are that schema's own", async () => {
        const probe = await subscribed(b.app, employee);
        const desk = await floor.resource('Desk Realtime Elsewhere');
        const [booking] = await api(() => a).bookOk(employee, {
          resource_id: desk,
          slots: [slot(dayAhead(8), 9)],
        });
        await until(() => events(probe).length > 0, 'the creation');
        const elsewhere = {
          action: 'cancelled',
          id: booking!.id,
          company_id: floor.companyId,
          resource_id: desk,
          level_id: floor.levelId,
          schema: 'elsewhere',
        };
        await sql`select pg_notify(${DECLARATION_CHANNEL}, ${JSON.stringify(elsewhere)})`.execute(
          a.db.kysely,
        );
        // Let a stray delivery arrive before asserting there was none.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(events(probe)).toHaveLength(1);
        probe.socket.close();
      });

      it('names the level and its ancestors, top first, and announces a cancellation', async () => {
        const db = a.db.kysely;
        const site = await db
          .insertInto('levels')
          .values({
            company_id: floor.companyId,
            parent_id: null,
            kind: 'site',
            timezone: 'Europe/Zurich',
            country_id: null,
            map_id: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db.updateTable('levels').set({ parent_id: site.id }).where('id', '=', floor.levelId).execute();
        try {
          const probe = await subscribed(b.app, employee);
          const desk = await floor.resource('Desk Realtime Tree');
          const [booking] = await api(() => a).bookOk(employee, {
            resource_id: desk,
            slots: [slot(dayAhead(3), 10)],
          });
          await until(() => events(probe).length > 0, 'the creation');
          expect(events(probe)[0]).toMatchObject({ data: { level_ids: [site.id, floor.levelId] } });

          const cancelled = await call(a, 'DELETE', `/api/company/v1/declarations/${booking!.id}`, {
            subdomain: 'acme',
            token: employee,
          });
          expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
          await until(() => events(probe).length > 1, 'the cancellation');
          expect(events(probe)[1]).toMatchObject({
            event: 'declaration_changed',
            data: { action: 'cancelled', declaration_id: booking!.id },
          });
          probe.socket.close();
        } finally {
          await db.updateTable('levels').set({ parent_id: null }).where('id', '=', floor.levelId).execute();
        }
      });
    });
  });
}
