import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS } from '../../../../test/support/server-factories';
import { expandSchedulerRecurrence } from '../../../shared/time/recurrence';
import { isoWeekday } from '../../../shared/time/zone';
import type { ServiceContext } from '../../context';
import { dayAhead, givenFloor, insertBooking, ZONE, type Floor } from '../declarations/declarations.fixtures';
import { bookSeries, checkSeries, SeriesRefused, type SeriesInput } from './series';

describeEachDatabase('scheduler series booking', (server) => {
  let floor: Floor;
  let ctx: ServiceContext;
  let firstTuesday: string;

  const bookingsOf = async (resourceId: number) => {
    const { rows } = await sql<{ count: string | number }>`
      select count(*) as count from declarations
      where resource_id = ${resourceId} and status in ('booked', 'checked_in')`.execute(server().db.kysely);
    return Number(rows[0]!.count);
  };

  /** A weekly series of `count` Tuesdays from 10:00 to 11:00 Zurich time, from the first Tuesday a week ahead. */
  const series = (rooms: number[], count = 20): SeriesInput => {
    const endDate = new Date(`${firstTuesday}T00:00:00Z`);
    endDate.setUTCDate(endDate.getUTCDate() + 7 * (count - 1));
    const expansion = expandSchedulerRecurrence(
      {
        dateRange: { start: firstTuesday, end: endDate.toISOString().slice(0, 10) },
        type: 'weekly',
        days: [1],
        interval: 1,
      },
      { startTime: '10:00', endTime: '11:00', timeZone: ZONE },
    );
    if (!expansion.ok) throw new Error(JSON.stringify(expansion.errors));
    return {
      subject: 'Weekly review',
      isPrivate: false,
      source: 'scheduler',
      attendees: 6,
      occurrences: expansion.occurrences.map((o) => ({ start: o.start, end: o.end, resourceIds: rooms })),
    };
  };

  beforeAll(async () => {
    floor = await givenFloor(server());
    const db = server().db.kysely;
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', ACCOUNTS.employee)
      .executeTakeFirstOrThrow();
    ctx = { db, companyId: floor.companyId, userId: user.id, permissions: [] };
    // The first Tuesday at least a week ahead.
    let days = 7;
    while (isoWeekday(dayAhead(days)) !== 2) days += 1;
    firstTuesday = dayAhead(days);
  });

  describe('a weekly series of 20 whose 17th occurrence conflicts', () => {
    it('is refused whole, naming that date, with a free room of the floor instead, and writes nothing', async () => {
      const roomA = await floor.resource('Series room A', 'room');
      const roomB = await floor.resource('Series room B', 'room');
      const spare = await floor.resource('Series spare room', 'room');
      const input = series([roomA, roomB]);
      expect(input.occurrences).toHaveLength(20);
      const seventeenth = input.occurrences[16]!;
      await insertBooking(server(), {
        companyId: floor.companyId,
        resourceId: roomA,
        email: ACCOUNTS.acmeAdmin,
        startsAt: new Date(seventeenth.start.getTime() + 30 * 60_000),
        endsAt: new Date(seventeenth.end.getTime() + 30 * 60_000),
      });
      const beforeA = await bookingsOf(roomA);

      const refusal = await bookSeries(ctx, input).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(SeriesRefused);
      const refused = refusal as SeriesRefused;
      expect(refused.statusCode).toBe(409);
      const date = refused.conflicts[0]!.date;
      expect(date).toBe(new Date(seventeenth.start).toISOString().slice(0, 10));
      expect(refused.message).toBe(`Nothing was booked: the series conflicts on ${date}.`);
      expect(refused.conflicts).toHaveLength(1);
      expect(refused.conflicts[0]).toMatchObject({
        occurrence: 16,
        resource_id: roomA,
        reason: 'taken',
        message: `Series room A is already booked on ${date} from 10:00 to 11:00.`,
        alternative: { id: spare, name: 'Series spare room', level_id: floor.levelId },
      });
      expect(refused.errors).toEqual({
        'occurrences.16': [
          `Series room A is already booked on ${date} from 10:00 to 11:00. Free instead: Series spare room.`,
        ],
      });
      expect(await bookingsOf(roomA)).toBe(beforeA);
      expect(await bookingsOf(roomB)).toBe(0);

      // The dry run lists the same conflict and writes nothing either.
      const checked = await checkSeries(ctx, input);
      expect(checked.map((c) => [c.occurrence, c.resource_id, c.alternative?.id])).toEqual([
        [16, roomA, spare],
      ]);
      expect(await bookingsOf(roomB)).toBe(0);

      // With the alternative chosen for that date, all 20 occurrences book, two rooms each.
      const chosen: SeriesInput = {
        ...input,
        occurrences: input.occurrences.map((o, index) =>
          index === 16 ? { ...o, resourceIds: [spare, roomB] } : o,
        ),
      };
      const booked = await bookSeries(ctx, chosen);
      expect(booked).toHaveLength(40);
      expect(new Set(booked.map((b) => b.occurrence)).size).toBe(20);
      expect(await bookingsOf(roomA)).toBe(beforeA + 19);
      expect(await bookingsOf(roomB)).toBe(20);
      expect(await bookingsOf(spare)).toBe(1);
      const { rows } = await sql<{ source: string; subject: string }>`
        select distinct source, subject from declarations where resource_id = ${roomB}`.execute(
        server().db.kysely,
      );
      expect(rows).toEqual([{ source: 'scheduler', subject: 'Weekly review' }]);
    });
  });

  it('checks every occurrence, not the first few: a conflict on the last of 52 is found', async () => {
    const room = await floor.resource('Year room', 'room');
    const input = series([room], 52);
    const last = input.occurrences[51]!;
    await insertBooking(server(), {
      companyId: floor.companyId,
      resourceId: room,
      email: ACCOUNTS.acmeAdmin,
      startsAt: last.start,
      endsAt: last.end,
    });
    const conflicts = await checkSeries(ctx, input);
    expect(conflicts.map((c) => c.occurrence)).toEqual([51]);
  });

  it('offers only an alternative that seats the attendees: another floor when this one has none, else none', async () => {
    const big = await floor.resource('Big room', 'room');
    const input = { ...series([big], 1), attendees: 9 };
    await insertBooking(server(), {
      companyId: floor.companyId,
      resourceId: big,
      email: ACCOUNTS.acmeAdmin,
      startsAt: input.occurrences[0]!.start,
      endsAt: input.occurrences[0]!.end,
    });
    // The test floor's rooms seat 8: the smallest free demo room of 9 or more, on another floor.
    const [elsewhere] = await checkSeries(ctx, input);
    expect(elsewhere).toMatchObject({ resource_id: big, reason: 'taken' });
    expect(elsewhere!.alternative!.level_id).not.toBe(floor.levelId);
    expect(elsewhere!.alternative!.capacity).toBeGreaterThanOrEqual(9);
    // No demo room seats 500 people.
    const [none] = await checkSeries(ctx, { ...input, attendees: 500 });
    expect(none).toMatchObject({ resource_id: big, reason: 'taken', alternative: null });
  });

  it('refuses a series with no occurrence, no room, an end before its start or overlapping occurrences (422)', async () => {
    const room = await floor.resource('Shape room', 'room');
    const start = new Date(Date.now() + 7 * 86_400_000);
    const end = new Date(start.getTime() + 3_600_000);
    const base = { subject: '', isPrivate: false, source: 'scheduler', attendees: null } as const;
    const status = (input: SeriesInput) =>
      bookSeries(ctx, input).then(
        () => null,
        (error: { statusCode: number; errors?: unknown }) => [error.statusCode, error.errors],
      );
    expect(await status({ ...base, occurrences: [] })).toEqual([
      422,
      { occurrences: ['A meeting needs at least one occurrence.'] },
    ]);
    expect(await status({ ...base, occurrences: [{ start, end, resourceIds: [] }] })).toEqual([
      422,
      { 'occurrences.0.resource_ids': ['Choose at least one room.'] },
    ]);
    expect(await status({ ...base, occurrences: [{ start: end, end: start, resourceIds: [room] }] })).toEqual(
      [422, { 'occurrences.0.end': ['The end must be after the start.'] }],
    );
    expect(
      await status({
        ...base,
        occurrences: [
          { start, end, resourceIds: [room] },
          { start: new Date(start.getTime() + 60_000), end, resourceIds: [room] },
        ],
      }),
    ).toEqual([422, { occurrences: ['The occurrences of a series cannot overlap.'] }]);
    expect(await bookingsOf(room)).toBe(0);
  });

  it("refuses another company's room as unknown (404)", async () => {
    const globexFloor = await givenFloor(server(), 'globex');
    const theirs = await globexFloor.resource('Globex room', 'room');
    const input = series([theirs], 1);
    await expect(bookSeries(ctx, input)).rejects.toMatchObject({ statusCode: 404 });
    expect(await bookingsOf(theirs)).toBe(0);
  });

  it('names a past occurrence and a closed time as conflicts', async () => {
    const room = await floor.resource('Closed room', 'room');
    const past = {
      start: new Date(Date.now() - 7_200_000),
      end: new Date(Date.now() - 3_600_000),
      resourceIds: [room],
    };
    const future = series([room], 1).occurrences[0]!;
    await server()
      .db.kysely.insertInto('resource_unavailabilities')
      .values({
        company_id: floor.companyId,
        resource_id: room,
        starts_at: future.start,
        ends_at: future.end,
      })
      .execute();
    const conflicts = await checkSeries(ctx, {
      subject: '',
      isPrivate: false,
      source: 'scheduler',
      attendees: null,
      occurrences: [past, future],
    });
    expect(conflicts.map((c) => c.reason)).toEqual(['past', 'closed']);
  });
});
