import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { expectErrorShape } from '../../../../test/support/server-factories';
import type { ReceptionDesk } from '../../../shared/contract/reception-desks';
import type { SchedulerMeeting, SchedulerState } from '../../../shared/contract/scheduler';
import { dayAhead, givenFloor, type Floor } from '../declarations/declarations.fixtures';
import { caller, COMPANY, givenDesk, outboxTo, visitorActors, type VisitorActors } from './visitors.fixtures';

const SCHEDULER = `${COMPANY}/scheduler`;

describeEachDatabase('scheduler: external attendees registered as visitors (issue 42)', (server) => {
  let actors: VisitorActors;
  let desk: ReceptionDesk;
  let floor: Floor;
  const asEmployee = caller(server, () => actors.employee);
  const asReception = caller(server, () => actors.reception);
  const asGlobex = caller(server, () => actors.globex, 'globex');
  const db = () => server().db.kysely;

  beforeAll(async () => {
    actors = await visitorActors(server());
    desk = await givenDesk(server(), actors.admin, actors.en, 'Meeting lobby');
    floor = await givenFloor(server());
  });

  const meeting = (room: number, deskId: number | null, email = 'gwen@guest.test'): SchedulerState => ({
    subject: 'Supplier review',
    attendees: [{ user_id: null, email, name: 'Gwen Guest', optional: false, reception_desk_id: deskId }],
    dateTime: { date: dayAhead(3), startTime: '10:00', endTime: '11:00' },
    timezone: 'Europe/Zurich',
    allDay: false,
    recurrence: null,
    services: [],
    privateMeeting: false,
    teams: false,
    notes: '',
    host: null,
    rooms: [room],
    alternatives: {},
  });

  it('lists the desks to choose from, for hosts only', async () => {
    const response = await asEmployee('GET', `${SCHEDULER}/reception-desks`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: Array<{ id: number; name: string }> }>().data).toContainEqual({
      id: desk.id,
      name: 'Meeting lobby',
    });
    expect((await asGlobex('GET', `${SCHEDULER}/reception-desks`)).json()).toEqual({ data: [] });
  });

  it('books the room and registers the visit in one write; cancelling the meeting cancels both and mails the visitor', async () => {
    const room = await floor.resource('Visitor room', 'room');
    const created = await asEmployee('POST', SCHEDULER, meeting(room, desk.id));
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<SchedulerMeeting>();
    const visit = await db()
      .selectFrom('visits')
      .innerJoin('visitors', 'visitors.id', 'visits.visitor_id')
      .select([
        'visits.id',
        'visits.status',
        'visitors.first_name',
        'visitors.last_name',
        'visits.reception_desk_id',
      ])
      .where('visits.scheduler_meeting_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(visit).toMatchObject({
      status: 'expected',
      first_name: 'Gwen',
      last_name: 'Guest',
      reception_desk_id: desk.id,
    });
    expect((await outboxTo(server(), 'gwen@guest.test')).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Your visit to Acme Corporation on /),
    ]);
    expectErrorShape(await asGlobex('DELETE', `${SCHEDULER}/${id}`), 404);
    expectErrorShape(await asReception('DELETE', `${SCHEDULER}/${id}`), 403);
    const cancelled = await asEmployee('DELETE', `${SCHEDULER}/${id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await db()
      .selectFrom('visits')
      .select('status')
      .where('id', '=', visit.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('cancelled');
    const mails = await outboxTo(server(), 'gwen@guest.test');
    expect(mails.at(-1)!.subject).toMatch(/is cancelled$/);
    const bookings = await db()
      .selectFrom('declarations')
      .select('status')
      .where('resource_id', '=', room)
      .execute();
    expect(bookings.map((booking) => booking.status)).toEqual(['cancelled']);
    expectErrorShape(await asEmployee('DELETE', `${SCHEDULER}/${id}`), 404);
  });

  it('answers 422 for another company’s desk or a colleague registered as a visitor, and writes nothing', async () => {
    const room = await floor.resource('Refused room', 'room');
    const globexDesk = await db()
      .selectFrom('reception_desks')
      .innerJoin('companies', 'companies.id', 'reception_desks.company_id')
      .select('reception_desks.id')
      .where('companies.subdomain', '=', 'globex')
      .executeTakeFirst();
    const stranger = await asEmployee('POST', SCHEDULER, meeting(room, globexDesk?.id ?? 999_999));
    expect(expectErrorShape(stranger, 422).errors).toEqual({
      'attendees.0.reception_desk_id': ['Reception desk id is not valid.'],
    });
    const colleague = meeting(room, desk.id);
    const teammate = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'teammate@acme.test')
      .executeTakeFirstOrThrow();
    colleague.attendees[0] = {
      ...colleague.attendees[0]!,
      user_id: teammate.id,
      email: 'teammate@acme.test',
    };
    expect(expectErrorShape(await asEmployee('POST', SCHEDULER, colleague), 422).errors).toEqual({
      'attendees.0.reception_desk_id': ['Only someone from outside is registered as a visitor.'],
    });
    const booked = await db()
      .selectFrom('declarations')
      .select('id')
      .where('resource_id', '=', room)
      .execute();
    expect(booked).toHaveLength(0);
    expect(await outboxTo(server(), 'gwen@guest.test')).toHaveLength(2);
  });
});
