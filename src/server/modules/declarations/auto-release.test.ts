import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, TEST_DATABASE_URL } from '../../../../test/support/server-app';
import { ACCOUNTS, call, signIn } from '../../../../test/support/server-factories';
import { CHECK_IN_GRACE_KEY } from '../../../shared/booking/declaration-rules';
import { openDatabase } from '../../db/connection';
import { releaseOverdueBookings } from './auto-release';
import { givenFloor, insertBooking, minutesFromNow, type Floor } from './declarations.fixtures';
import { DECLARATION_CHANNEL } from './declarations.notify';

describeEachDatabase('auto-release and the no-double-booking constraint', (server) => {
  let floor: Floor;
  let desk: number;

  const statusOf = async (id: number) => {
    const row = await server()
      .db.kysely.selectFrom('declarations')
      .select(['status', 'released_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row;
  };
  const booking = (startMinutes: number, endMinutes: number, resourceId = desk, f = floor) =>
    insertBooking(server(), {
      companyId: f.companyId,
      resourceId,
      email: f === floor ? ACCOUNTS.employee : ACCOUNTS.globexAdmin,
      startsAt: minutesFromNow(startMinutes),
      endsAt: minutesFromNow(endMinutes),
    });

  beforeAll(async () => {
    floor = await givenFloor(server());
    desk = await floor.resource('Desk Release');
  });

  describe('releaseOverdueBookings', () => {
    it('releases a booking not checked in 15 minutes after its start, once, and announces it once', async () => {
      const overdue = await booking(-20, 40);
      const inGrace = await booking(-5, 55, await floor.resource('Desk Grace'));
      const present = await booking(-30, 30, await floor.resource('Desk Present'));
      await sql`update declarations set status = 'checked_in', checked_in_at = now() where id = ${present}`.execute(
        server().db.kysely,
      );

      const heard: number[] = [];
      const pglite = server().db.pglite;
      const unlisten = pglite
        ? await pglite.listen(DECLARATION_CHANNEL, (payload) => {
            heard.push((JSON.parse(payload) as { id: number }).id);
          })
        : null;

      const now = new Date();
      const first = await releaseOverdueBookings(server().db.kysely, now);
      expect(first).toContain(overdue);
      expect(first).not.toContain(inGrace);
      expect(first).not.toContain(present);
      expect(await releaseOverdueBookings(server().db.kysely, now)).not.toContain(overdue);
      expect(await statusOf(overdue)).toMatchObject({ status: 'released', released_at: now });
      expect((await statusOf(inGrace)).status).toBe('booked');
      expect((await statusOf(present)).status).toBe('checked_in');

      if (unlisten) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        await unlisten();
        expect(heard.filter((id) => id === overdue)).toHaveLength(1);
      }
    });

    it('releases each booking once when several processes run the job at the same moment', async () => {
      const ids = await Promise.all([booking(-40, 20), booking(-35, 25, await floor.resource('Desk Twice'))]);
      const db = server().db;
      let other = db;
      if (server().kind === 'postgres') {
        // A second "server process": its own pool on the same schema of the same database.
        const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely);
        other = await openDatabase(
          { kind: 'postgres', url: TEST_DATABASE_URL! },
          { searchPath: `${rows[0]!.schema},public`, applicationName: rows[0]!.schema },
        );
      }
      try {
        const now = new Date();
        const runs = await Promise.all([
          releaseOverdueBookings(db.kysely, now),
          releaseOverdueBookings(other.kysely, now),
          releaseOverdueBookings(db.kysely, now),
        ]);
        const released = runs.flat().filter((id) => ids.includes(id));
        expect(released.sort()).toEqual([...ids].sort());
      } finally {
        if (other !== db) await other.close();
      }
    });

    it('gives a booking made after its slot began the whole grace period from when it was made', async () => {
      // 10:40: the 10:00–11:00 slot is booked; it is not released at 10:41, but at 10:55.
      const late = await insertBooking(server(), {
        companyId: floor.companyId,
        resourceId: await floor.resource('Desk Late'),
        email: ACCOUNTS.employee,
        startsAt: minutesFromNow(-40),
        endsAt: minutesFromNow(20),
        createdAt: minutesFromNow(0),
      });
      expect(await releaseOverdueBookings(server().db.kysely, minutesFromNow(1))).not.toContain(late);
      expect(await releaseOverdueBookings(server().db.kysely, minutesFromNow(14))).not.toContain(late);
      expect((await statusOf(late)).status).toBe('booked');
      expect(await releaseOverdueBookings(server().db.kysely, minutesFromNow(16))).toContain(late);
    });

    it('never releases a booking still waiting for approval', async () => {
      const pending = await booking(-60, 60, await floor.resource('Desk Pending'));
      await sql`update declarations set approval_status = 'pending' where id = ${pending}`.execute(
        server().db.kysely,
      );
      expect(await releaseOverdueBookings(server().db.kysely)).not.toContain(pending);
      expect((await statusOf(pending)).status).toBe('booked');
    });

    it('gives a booking approved after its start the whole grace period from its approval', async () => {
      const approvedLate = await booking(-60, 60, await floor.resource('Desk Approved Late'));
      await sql`update declarations set approval_status = 'pending' where id = ${approvedLate}`.execute(
        server().db.kysely,
      );
      const admin = await signIn(server(), ACCOUNTS.acmeAdmin);
      const approved = await call(server(), 'GET', `/api/company/v1/declarations/assign/${approvedLate}/2`, {
        subdomain: 'acme',
        token: admin,
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(await releaseOverdueBookings(server().db.kysely, minutesFromNow(1))).not.toContain(approvedLate);
      expect((await statusOf(approvedLate)).status).toBe('booked');
      expect(await releaseOverdueBookings(server().db.kysely, minutesFromNow(16))).toContain(approvedLate);
    });

    it('skips a booking another process holds locked instead of waiting for it, and releases it on the next run', async () => {
      if (server().kind !== 'postgres') return; // one connection: PGlite has no second claimer
      const db = server().db;
      const held = await booking(-50, 10, await floor.resource('Desk Locked'));
      const free = await booking(-50, 10, await floor.resource('Desk Unlocked'));
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely);
      const other = await openDatabase(
        { kind: 'postgres', url: TEST_DATABASE_URL! },
        { searchPath: `${rows[0]!.schema},public`, applicationName: rows[0]!.schema },
      );
      try {
        let release!: () => void;
        const locked = new Promise<void>((resolve) => {
          release = resolve;
        });
        let ready!: () => void;
        const isLocked = new Promise<void>((resolve) => {
          ready = resolve;
        });
        const holder = other.kysely.transaction().execute(async (tx) => {
          await sql`select id from declarations where id = ${held} for update`.execute(tx);
          ready();
          await locked;
        });
        await isLocked;
        const started = Date.now();
        const first = await releaseOverdueBookings(db.kysely);
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(first).toContain(free);
        expect(first).not.toContain(held);
        release();
        await holder;
        expect(await releaseOverdueBookings(db.kysely)).toContain(held);
      } finally {
        await other.close();
      }
    });

    it('follows the company preference CheckInGraceMinutes; 0 turns auto-release off', async () => {
      const globexFloor = await givenFloor(server(), 'globex');
      const globexDesk = await globexFloor.resource('Globex desk');
      const { id: categoryId } = await server()
        .db.kysely.selectFrom('preference_categories')
        .select('id')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await server()
        .db.kysely.insertInto('company_preferences')
        .values({
          company_id: globexFloor.companyId,
          key: CHECK_IN_GRACE_KEY,
          category_id: categoryId,
          value: '0',
        })
        // the demo seed may already hold the key with its default
        .onConflict((conflict) => conflict.columns(['company_id', 'key']).doUpdateSet({ value: '0' }))
        .execute();
      const kept = await booking(-90, 30, globexDesk, globexFloor);
      expect(await releaseOverdueBookings(server().db.kysely)).not.toContain(kept);
      expect((await statusOf(kept)).status).toBe('booked');

      await sql`update company_preferences set value = '60' where company_id = ${globexFloor.companyId}
        and key = ${CHECK_IN_GRACE_KEY}`.execute(server().db.kysely);
      const soon = await booking(-30, 30, await globexFloor.resource('Globex desk 2'), globexFloor);
      const released = await releaseOverdueBookings(server().db.kysely);
      expect(released).toContain(kept);
      expect(released).not.toContain(soon);
    });
  });

  describe('the exclusion constraint (ARCHITECTURE.md: no double booking by construction)', () => {
    it('refuses an overlapping active booking of an exclusive resource even written straight to the table', async () => {
      const only = await floor.resource('Desk Constraint');
      await booking(60, 120, only);
      await expect(booking(90, 150, only)).rejects.toMatchObject({ code: '23P01' });
      // touching ends do not overlap
      await booking(120, 180, only);
    });

    it('lets cancelled, released and rejected bookings and shared resources overlap', async () => {
      const only = await floor.resource('Desk Free Again');
      const first = await booking(200, 260, only);
      await sql`update declarations set status = 'cancelled' where id = ${first}`.execute(server().db.kysely);
      const second = await booking(200, 260, only);
      await sql`update declarations set approval_status = 'rejected' where id = ${second}`.execute(
        server().db.kysely,
      );
      await booking(200, 260, only);
      const area = await floor.resource('Shared area', 'shared');
      await sql`insert into declarations (company_id, resource_id, user_id, starts_at, ends_at, exclusive)
        select company_id, ${area}, user_id, starts_at, ends_at, false from declarations where id = ${first}`.execute(
        server().db.kysely,
      );
      await sql`insert into declarations (company_id, resource_id, user_id, starts_at, ends_at, exclusive)
        select company_id, ${area}, user_id, starts_at, ends_at, false from declarations where id = ${first}`.execute(
        server().db.kysely,
      );
    });
  });
});
