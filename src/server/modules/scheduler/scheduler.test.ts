import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import type {
  SchedulerMeeting,
  SchedulerMeetingList,
  SchedulerPersonList,
  SchedulerPreview,
  SchedulerResource,
  SchedulerResourceList,
  SchedulerState,
} from '../../../shared/contract/scheduler';
import { isoWeekday } from '../../../shared/time/zone';
import { dayAhead, givenFloor, insertBooking, type Floor } from '../declarations/declarations.fixtures';

const SCHEDULER = '/api/company/v1/scheduler';

describeEachDatabase('scheduler API', (server) => {
  let employee: string;
  let reception: string;
  let globex: string;
  let floor: Floor;
  let firstMonday: string;

  const request = (method: 'GET' | 'POST', url: string, token: string, body?: unknown, subdomain = 'acme') =>
    call(server(), method, url, { subdomain, token, body });
  const activeOn = async (resourceId: number) => {
    const { rows } = await sql<{ count: string | number }>`
      select count(*) as count from declarations
      where resource_id = ${resourceId} and status in ('booked', 'checked_in')`.execute(server().db.kysely);
    return Number(rows[0]!.count);
  };
  const meetingCount = async () => {
    const { rows } = await sql<{
      count: string | number;
    }>`select count(*) as count from scheduler_meetings`.execute(server().db.kysely);
    return Number(rows[0]!.count);
  };
  /** A weekly Monday and Wednesday meeting over two weeks (four occurrences) in two rooms. */
  const weekly = (rooms: number[], overrides: Partial<SchedulerState> = {}): SchedulerState => ({
    subject: 'Design review',
    attendees: [{ user_id: null, email: 'guest@example.com', name: 'Gary Guest', optional: false }],
    dateTime: { date: firstMonday, startTime: '14:00', endTime: '15:00' },
    timezone: 'Europe/Zurich',
    allDay: false,
    recurrence: {
      dateRange: { start: firstMonday, end: dayAfter(firstMonday, 13) },
      type: 'weekly',
      days: [0, 2],
      interval: 1,
    },
    services: [],
    privateMeeting: false,
    teams: true,
    notes: 'Bring the drafts.',
    host: null,
    rooms,
    alternatives: {},
    ...overrides,
  });
  const dayAfter = (date: string, days: number) => {
    const next = new Date(`${date}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + days);
    return next.toISOString().slice(0, 10);
  };

  beforeAll(async () => {
    employee = await signIn(server(), ACCOUNTS.employee);
    reception = await signIn(server(), ACCOUNTS.reception);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    floor = await givenFloor(server());
    let days = 7;
    while (isoWeekday(dayAhead(days)) !== 1) days += 1;
    firstMonday = dayAhead(days);
  });

  describe(`POST ${SCHEDULER}`, () => {
    it('books a recurring meeting in two rooms, every occurrence, and stores the meeting', async () => {
      const roomA = await floor.resource('Sched A', 'room');
      const roomB = await floor.resource('Sched B', 'room');
      const response = await request('POST', SCHEDULER, employee, weekly([roomA, roomB]));
      expect(response.statusCode, response.body).toBe(201);
      const meeting = response.json<SchedulerMeeting>();
      expect(meeting).toMatchObject({
        subject: 'Design review',
        notes: 'Bring the drafts.',
        teams: true,
        timezone: 'Europe/Zurich',
        start_time: '14:00',
        end_time: '15:00',
        host: { name: 'Emil Employee' },
        organizer: { name: 'Emil Employee' },
        attendees: [{ email: 'guest@example.com', name: 'Gary Guest', user_id: null }],
      });
      expect(meeting.occurrences.map((o) => o.date)).toEqual([
        firstMonday,
        dayAfter(firstMonday, 2),
        dayAfter(firstMonday, 7),
        dayAfter(firstMonday, 9),
      ]);
      for (const occurrence of meeting.occurrences) {
        expect(occurrence.rooms.map((room) => room.name)).toEqual(['Sched A', 'Sched B']);
        expect(occurrence.rooms.every((room) => room.status === 'booked')).toBe(true);
      }
      expect(await activeOn(roomA)).toBe(4);
      expect(await activeOn(roomB)).toBe(4);

      const list = await request('GET', SCHEDULER, employee);
      expect(list.json<SchedulerMeetingList>().data.map((m) => m.id)).toContain(meeting.id);
      const one = await request('GET', `${SCHEDULER}/${meeting.id}`, employee);
      expect(one.json<SchedulerMeeting>().occurrences).toHaveLength(4);
    });

    it('plans an all-day meeting on the rooms’ working day and clock, from whatever zone it is planned in', async () => {
      const office = await givenFloor(server());
      await server()
        .db.kysely.updateTable('levels')
        .set({ working_hours_from: '08:00', working_hours_to: '18:00' })
        .where('id', '=', office.levelId)
        .execute();
      const room = await office.resource('All day room', 'room');
      const state = weekly([room], { allDay: true, timezone: 'America/New_York', recurrence: null });
      const preview = (
        await request('POST', `${SCHEDULER}/preview`, employee, state)
      ).json<SchedulerPreview>();
      expect(preview.occurrences).toHaveLength(1);
      const [occurrence] = preview.occurrences;
      expect(occurrence!.rooms.map((entry) => entry.conflict)).toEqual([null]);
      // 08:00–18:00 in Zurich, where the room is
      const zurich = (instant: string) =>
        new Intl.DateTimeFormat('en-GB', {
          timeZone: 'Europe/Zurich',
          hour: '2-digit',
          minute: '2-digit',
        }).format(new Date(instant));
      expect([zurich(occurrence!.start), zurich(occurrence!.end)]).toEqual(['08:00', '18:00']);
    });

    it('refuses the whole series when one occurrence conflicts (409 naming the date), writes nothing; the preview offers an alternative which then books', async () => {
      const roomA = await floor.resource('Clash A', 'room');
      const roomB = await floor.resource('Clash B', 'room');
      await floor.resource('Clash spare', 'room');
      const third = dayAfter(firstMonday, 7);
      const state = weekly([roomA, roomB]);
      const preview0 = await request('POST', `${SCHEDULER}/preview`, employee, state);
      const startOfThird = preview0.json<SchedulerPreview>().occurrences[2]!.start;
      await insertBooking(server(), {
        companyId: floor.companyId,
        resourceId: roomB,
        email: ACCOUNTS.acmeAdmin,
        startsAt: new Date(startOfThird),
        endsAt: new Date(new Date(startOfThird).getTime() + 30 * 60_000),
      });
      const before = await meetingCount();

      const refused = await request('POST', SCHEDULER, employee, state);
      const error = expectErrorShape(refused, 409);
      expect(error.message).toBe(`Nothing was booked: the series conflicts on ${third}.`);
      expect(error.errors).toEqual({
        'occurrences.2': [
          `Clash B is already booked on ${third} from 14:00 to 15:00. Free instead: Clash spare.`,
        ],
      });
      expect(await activeOn(roomA)).toBe(0);
      expect(await activeOn(roomB)).toBe(1);
      expect(await meetingCount()).toBe(before);

      const preview = await request('POST', `${SCHEDULER}/preview`, employee, state);
      expect(preview.statusCode, preview.body).toBe(200);
      const shown = preview.json<SchedulerPreview>();
      expect(shown.conflicts).toBe(1);
      expect(shown.occurrences).toHaveLength(4);
      const conflicted = shown.occurrences[2]!.rooms[1]!;
      expect(conflicted).toMatchObject({ id: roomB, name: 'Clash B', conflict: { reason: 'taken' } });
      const alternative = conflicted.conflict!.alternative!;
      expect(alternative.name).toBe('Clash spare');
      // issue 40: the conflict's sentence in the request's language.
      const german = await request('POST', `${SCHEDULER}/preview?lang=de`, employee, state);
      expect(german.json<SchedulerPreview>().occurrences[2]!.rooms[1]!.conflict!.message).toBe(
        `Clash B ist am ${third} von 14:00 bis 15:00 bereits gebucht.`,
      );

      const chosen = weekly([roomA, roomB], {
        alternatives: { [third]: { [String(roomB)]: alternative.id } },
      });
      const again = await request('POST', `${SCHEDULER}/preview`, employee, chosen);
      expect(again.json<SchedulerPreview>().conflicts).toBe(0);
      expect(again.json<SchedulerPreview>().occurrences[2]!.rooms[1]).toMatchObject({
        id: alternative.id,
        replaces: roomB,
        conflict: null,
      });
      const booked = await request('POST', SCHEDULER, employee, chosen);
      expect(booked.statusCode, booked.body).toBe(201);
      expect(booked.json<SchedulerMeeting>().occurrences[2]!.rooms.map((r) => r.name)).toEqual([
        'Clash A',
        'Clash spare',
      ]);
      expect(await activeOn(roomA)).toBe(4);
      expect(await activeOn(roomB)).toBe(1 + 3);
    });

    it('answers 422 with field errors for a bad state, and writes nothing', async () => {
      const room = await floor.resource('Invalid room', 'room');
      const before = await meetingCount();
      const errorsOf = async (state: unknown) => {
        const response = await request('POST', SCHEDULER, employee, state);
        return expectErrorShape(response, 422).errors;
      };
      expect(await errorsOf(weekly([room], { subject: '   ' }))).toMatchObject({
        subject: ['This field is required.'],
      });
      expect(await errorsOf(weekly([]))).toMatchObject({ rooms: ['Choose at least one room.'] });
      expect(
        await errorsOf(
          weekly([room], { dateTime: { date: firstMonday, startTime: '25:00', endTime: '10:00' } }),
        ),
      ).toMatchObject({ 'dateTime.startTime': ['Enter a time as HH:MM.'] });
      expect(
        await errorsOf(
          weekly([room], {
            recurrence: {
              dateRange: { start: firstMonday, end: firstMonday },
              type: 'weekly',
              days: [],
              interval: 1,
            },
          }),
        ),
      ).toEqual({ 'recurrence.days': ['Choose at least one day of the week.'] });
      expect(
        await errorsOf(
          weekly([room], {
            recurrence: {
              dateRange: { start: firstMonday, end: dayAfter(firstMonday, 800) },
              type: 'daily',
              days: [],
              interval: 1,
            },
          }),
        ),
      ).toEqual({ recurrence: ['A recurring meeting can have at most 731 occurrences.'] });
      expect(await errorsOf(weekly([room], { timezone: 'Mars/Olympus' }))).toEqual({
        timezone: ['Unknown time zone.'],
      });
      expect(
        await errorsOf(weekly([room], { services: [{ item_id: 1, quantity: 2, resource_id: room + 1000 }] })),
      ).toEqual({ 'services.0.resource_id': ['Services are delivered to one of the meeting’s rooms.'] });
      expect(await errorsOf(weekly([room], { services: [{ item_id: 1, quantity: 0 }] }))).toEqual({
        'services.0.quantity': ['The quantity must be a whole number of 1 or more.'],
      });
      expect(
        await errorsOf(
          weekly([room], {
            attendees: [{ user_id: null, email: 'not-an-email', name: 'X', optional: false }],
          }),
        ),
      ).toMatchObject({ 'attendees.0.email': ['Please enter valid email.'] });
      // An alternative that is the meeting's other room would book that room once for both.
      const other = await floor.resource('Invalid other room', 'room');
      expect(
        await errorsOf(weekly([room, other], { alternatives: { [firstMonday]: { [String(room)]: other } } })),
      ).toEqual({
        [`alternatives.${firstMonday}.${room}`]: [
          'This room is already one of the meeting’s rooms on that date.',
        ],
      });
      expect(await errorsOf(weekly([room], { subject: 'Design\u0000review' }))).toEqual({
        subject: ['The field contains a character that is not allowed.'],
      });
      expect(await activeOn(room)).toBe(0);
      expect(await activeOn(other)).toBe(0);
      expect(await meetingCount()).toBe(before);
    });

    it("refuses a host or attendee from another company as unknown (422), and another company's room (404)", async () => {
      const room = await floor.resource('Tenant room', 'room');
      const gina = await server()
        .db.kysely.selectFrom('users')
        .select('id')
        .where('email', '=', ACCOUNTS.globexAdmin)
        .executeTakeFirstOrThrow();
      const errors = expectErrorShape(
        await request(
          'POST',
          SCHEDULER,
          employee,
          weekly([room], {
            host: { id: gina.id },
            attendees: [{ user_id: gina.id, email: ACCOUNTS.globexAdmin, name: 'Gina', optional: false }],
          }),
        ),
        422,
      ).errors;
      expect(errors).toEqual({
        'host.id': ['This person is not a user of the company.'],
        'attendees.0.user_id': ['This person is not a user of the company.'],
      });
      const globexFloor = await givenFloor(server(), 'globex');
      const theirs = await globexFloor.resource('Globex board room', 'room');
      expectErrorShape(await request('POST', SCHEDULER, employee, weekly([theirs])), 404);
      expect(await activeOn(theirs)).toBe(0);
    });
  });

  describe('permissions and tenancy', () => {
    it('needs a login (401) and PLAN to check or save (403)', async () => {
      expectErrorShape(await call(server(), 'GET', SCHEDULER, { subdomain: 'acme' }), 401);
      const room = await floor.resource('Permission room', 'room');
      expectErrorShape(await request('POST', SCHEDULER, reception, weekly([room])), 403);
      expectErrorShape(await request('POST', `${SCHEDULER}/preview`, reception, weekly([room])), 403);
      expect(await activeOn(room)).toBe(0);
    });

    it("never shows one company's meetings, rooms or people to another", async () => {
      const room = await floor.resource('Private room', 'room');
      const created = await request('POST', SCHEDULER, employee, weekly([room], { recurrence: null }));
      expect(created.statusCode, created.body).toBe(201);
      const { id } = created.json<SchedulerMeeting>();
      // A globex token on the acme host is refused outright.
      const crossHost = await request('GET', `${SCHEDULER}/${id}`, globex);
      expect([401, 403]).toContain(crossHost.statusCode);
      // On its own host, acme's meeting and room are not found, and acme's people are not listed.
      expectErrorShape(await request('GET', `${SCHEDULER}/${id}`, globex, undefined, 'globex'), 404);
      expectErrorShape(
        await request('GET', `${SCHEDULER}/resources/${room}`, globex, undefined, 'globex'),
        404,
      );
      const people = await request('GET', `${SCHEDULER}/attendees?query=acme`, globex, undefined, 'globex');
      expect(people.json<SchedulerPersonList>().data).toEqual([]);
      const rooms = await request('GET', `${SCHEDULER}/resources`, globex, undefined, 'globex');
      expect(rooms.json<SchedulerResourceList>().data.some((r) => r.id === room)).toBe(false);
      expect(
        (await request('GET', SCHEDULER, globex, undefined, 'globex')).json<SchedulerMeetingList>().data,
      ).toEqual([]);
    });
  });

  describe('rooms and attendees', () => {
    it('lists the rooms with their level path, by level, seats and name; one room for resource-info', async () => {
      const all = (await request('GET', `${SCHEDULER}/resources`, employee)).json<SchedulerResourceList>()
        .data;
      expect(all.length).toBeGreaterThan(5);
      const big = (
        await request('GET', `${SCHEDULER}/resources?capacity=12`, employee)
      ).json<SchedulerResourceList>().data;
      expect(big.length).toBeGreaterThan(0);
      expect(big.every((room) => room.capacity >= 12)).toBe(true);
      const first = all.find((room) => room.level.path.includes('Floor 1'))!;
      expect(first.level.path).toMatch(/Acme HQ \/ Building A \/ Floor 1$/);
      const onLevel = (
        await request('GET', `${SCHEDULER}/resources?level_id=${first.level.id}`, employee)
      ).json<SchedulerResourceList>().data;
      expect(onLevel.every((room) => room.level.id === first.level.id)).toBe(true);
      const named = (
        await request('GET', `${SCHEDULER}/resources?query=${encodeURIComponent(first.name)}`, employee)
      ).json<SchedulerResourceList>().data;
      expect(named.map((room) => room.id)).toContain(first.id);
      const info = await request('GET', `${SCHEDULER}/resources/${first.id}`, employee);
      expect(info.json<SchedulerResource>()).toEqual(first);
      expectErrorShape(await request('GET', `${SCHEDULER}/resources/999999`, employee), 404);
    });

    it('finds people of the company by name or email', async () => {
      const found = (
        await request('GET', `${SCHEDULER}/attendees?query=ada`, employee)
      ).json<SchedulerPersonList>();
      expect(found.data).toEqual([
        { id: expect.any(Number), name: 'Ada Admin', email: ACCOUNTS.acmeAdmin, is_visitor: false },
      ]);
      const byMail = (
        await request('GET', `${SCHEDULER}/attendees?query=reception@`, employee)
      ).json<SchedulerPersonList>();
      expect(byMail.data.map((p) => p.email)).toEqual([ACCOUNTS.reception]);
    });
  });
});
