import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { expectErrorShape } from '../../../../test/support/server-factories';
import type { ReceptionDesk } from '../../../shared/contract/reception-desks';
import type { Badge, Visit, Visitor, VisitList, VisitorList } from '../../../shared/contract/visitors';
import {
  caller,
  givenContainer,
  givenDesk,
  hoursFromNow,
  outboxTo,
  VISITORS,
  VISITS,
  visitorActors,
  type VisitorActors,
} from './visitors.fixtures';

describeEachDatabase('visitors and visits', (server) => {
  let actors: VisitorActors;
  let desk: ReceptionDesk;
  const asEmployee = caller(server, () => actors.employee);
  const asTeammate = caller(server, () => actors.teammate);
  const asReception = caller(server, () => actors.reception);
  const asGlobex = caller(server, () => actors.globex, 'globex');

  beforeAll(async () => {
    actors = await visitorActors(server());
    desk = await givenDesk(server(), actors.admin, actors.en, 'Visitors lobby');
  });

  async function invite(email: string, times = hoursFromNow(24), extra: Record<string, unknown> = {}) {
    const response = await asEmployee('POST', VISITORS, {
      reception_desk_id: desk.id,
      first_name: 'Vera',
      last_name: email.split('@')[0],
      email,
      visitor_company: 'Initech',
      visit: times,
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Visitor>();
  }

  describe(`POST ${VISITORS}`, () => {
    it('invites a visitor for tomorrow: the host is the employee, the invitation mail has a QR code and an .ics', async () => {
      const visitor = await invite('vera.tomorrow@initech.test');
      expect(visitor).toMatchObject({
        name: 'Vera vera.tomorrow',
        host_name: 'Emil Employee',
        visitor_company: 'Initech',
      });
      expect(visitor.visits).toHaveLength(1);
      expect(visitor.visits[0]).toMatchObject({ status: 'expected', host_name: 'Emil Employee' });
      const [mail] = await outboxTo(server(), 'vera.tomorrow@initech.test');
      expect(mail!.subject).toMatch(/^Your visit to Acme Corporation on /);
      expect(mail!.text_body).toContain('Emil Employee expects you at Visitors lobby');
      const code = (
        await server()
          .db.kysely.selectFrom('visits')
          .select('code')
          .where('id', '=', visitor.visits[0]!.id)
          .executeTakeFirstOrThrow()
      ).code;
      expect(mail!.text_body).toContain(code);
      const files = mail!.attachments.map((file) => file.filename);
      expect(files).toEqual(['visit-qr-code.gif', 'visit.ics']);
      expect(Buffer.from(mail!.attachments[0]!.base64, 'base64').subarray(0, 6).toString()).toBe('GIF87a');
      const ics = Buffer.from(mail!.attachments[1]!.base64, 'base64').toString();
      expect(ics).toContain('BEGIN:VEVENT');
      expect(ics).toContain('SUMMARY:Visit to Acme Corporation');
    });

    it('answers 422 with field errors and writes nothing (no visitor, no mail)', async () => {
      const visitors = await server().db.kysely.selectFrom('visitors').select('id').execute();
      const response = await asEmployee('POST', VISITORS, {
        reception_desk_id: desk.id,
        first_name: ' ',
        email: 'not-an-address',
        host_id: 999_999,
        visit: { starts_at: hoursFromNow(5).starts_at, ends_at: hoursFromNow(4).starts_at },
      });
      const errors = expectErrorShape(response, 422).errors!;
      expect(errors['first_name']).toEqual(['This field is required.']);
      expect(errors['email']).toEqual(['Please enter valid email.']);
      const again = await asEmployee('POST', VISITORS, {
        reception_desk_id: desk.id,
        first_name: 'Late',
        host_id: 999_999,
        visit: { starts_at: hoursFromNow(5).starts_at, ends_at: hoursFromNow(4).starts_at },
      });
      expect(expectErrorShape(again, 422).errors).toEqual({
        host_id: ['Host id is not valid.'],
        ends_at: ['The visit must end after it starts.'],
      });
      const past = await asEmployee('POST', VISITORS, {
        reception_desk_id: desk.id,
        first_name: 'Past',
        visit: hoursFromNow(-5),
      });
      expect(expectErrorShape(past, 422).errors).toEqual({ ends_at: ['A visit cannot end in the past.'] });
      expect(await server().db.kysely.selectFrom('visitors').select('id').execute()).toHaveLength(
        visitors.length,
      );
    });

    it('spec §5: a visitor of a desk with a fixed user container keeps at least one container', async () => {
      const guests = await givenContainer(server(), actors.admin, 'Lobby guests');
      const fixed = await givenDesk(server(), actors.admin, actors.en, 'Fixed desk', {
        user_container_id: guests,
      });
      const response = await asEmployee('POST', VISITORS, {
        reception_desk_id: fixed.id,
        first_name: 'Cont',
        container_ids: [],
      });
      expect(expectErrorShape(response, 422).errors).toEqual({
        container_ids: ['The last container cannot be deselected.'],
      });
      const joined = await asEmployee('POST', VISITORS, { reception_desk_id: fixed.id, first_name: 'Cont' });
      expect(joined.json<Visitor>().containers).toEqual([{ id: guests, name: 'Lobby guests' }]);
      const emptied = await asEmployee('PUT', `${VISITORS}/${joined.json<Visitor>().id}`, {
        container_ids: [],
      });
      expectErrorShape(emptied, 422);
      const stranger = await givenContainer(server(), actors.admin, 'Not allowed here');
      const wrong = await asEmployee('PUT', `${VISITORS}/${joined.json<Visitor>().id}`, {
        container_ids: [stranger],
      });
      expect(expectErrorShape(wrong, 422).errors).toHaveProperty('container_ids');
    });
  });

  describe(`POST ${VISITS}/group`, () => {
    it('invites a group: one visit each with a shared group key, one invitation each', async () => {
      const response = await asEmployee('POST', `${VISITS}/group`, {
        reception_desk_id: desk.id,
        ...hoursFromNow(48, 2),
        visitors: [
          { first_name: 'Gus', last_name: 'One', email: 'gus.one@group.test' },
          { first_name: 'Gia', last_name: 'Two', email: 'gia.two@group.test' },
        ],
      });
      expect(response.statusCode, response.body).toBe(201);
      const { data } = response.json<VisitList>();
      expect(data).toHaveLength(2);
      expect(new Set(data.map((visit) => visit.group_key)).size).toBe(1);
      expect(data[0]!.group_key).not.toBeNull();
      expect(await outboxTo(server(), 'gus.one@group.test')).toHaveLength(1);
      expect(await outboxTo(server(), 'gia.two@group.test')).toHaveLength(1);
    });

    it('writes none of the group when one visitor is invalid', async () => {
      const response = await asEmployee('POST', `${VISITS}/group`, {
        reception_desk_id: desk.id,
        ...hoursFromNow(48),
        visitors: [
          { first_name: 'Ok', email: 'ok@group.test' },
          { first_name: '', email: 'bad' },
        ],
      });
      expectErrorShape(response, 422);
      expect(await outboxTo(server(), 'ok@group.test')).toHaveLength(0);
    });
  });

  describe('visits of a visitor', () => {
    it('adds, moves (a new invitation) and cancels a visit (the visitor is told)', async () => {
      const visitor = await invite('mover@initech.test');
      const added = await asEmployee('POST', VISITS, { visitor_id: visitor.id, ...hoursFromNow(72) });
      expect(added.statusCode, added.body).toBe(201);
      const visit = added.json<Visit>();
      const moved = await asEmployee('PUT', `${VISITS}/${visit.id}`, hoursFromNow(96));
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await outboxTo(server(), 'mover@initech.test')).toHaveLength(3);
      const cancelled = await asEmployee('DELETE', `${VISITS}/${visit.id}/${desk.id}`);
      expect(cancelled.json<Visit>().status).toBe('cancelled');
      const mails = await outboxTo(server(), 'mover@initech.test');
      expect(mails.at(-1)!.subject).toMatch(/is cancelled$/);
      expect(Buffer.from(mails.at(-1)!.attachments[0]!.base64, 'base64').toString()).toContain(
        'STATUS:CANCELLED',
      );
      const again = await asEmployee('PUT', `${VISITS}/${visit.id}`, hoursFromNow(100));
      expect(expectErrorShape(again, 422).errors).toHaveProperty('status');
    });

    it('spec §4: my visitors are grouped today, past and future', async () => {
      const today = await invite('today@initech.test', hoursFromNow(0.01));
      const future = await invite('future@initech.test', hoursFromNow(24 * 3));
      await server()
        .db.kysely.updateTable('visits')
        .set({
          starts_at: new Date(Date.now() - 10 * 86_400_000),
          ends_at: new Date(Date.now() - 10 * 86_400_000 + 3_600_000),
        })
        .where('id', '=', future.visits[0]!.id)
        .execute();
      const past = future;
      const group = async (name: string) =>
        (await asEmployee('POST', `${VISITORS}/my-visitors`, { group: name }))
          .json<VisitorList>()
          .data.map((v) => v.id);
      expect(await group('today')).toContain(today.id);
      expect(await group('today')).not.toContain(past.id);
      expect(await group('past')).toContain(past.id);
      expect(await group('future')).not.toContain(past.id);
      // another host's visitors are not mine
      const teammates = (
        await asTeammate('POST', `${VISITORS}/my-visitors`, { group: 'today' })
      ).json<VisitorList>();
      expect(teammates.data.map((v) => v.id)).not.toContain(today.id);
      expectErrorShape(await asTeammate('GET', `${VISITORS}/${today.id}`), 404);
      expectErrorShape(await asTeammate('DELETE', `${VISITS}/${today.visits[0]!.id}/${desk.id}`), 404);
    });
  });

  describe('reception', () => {
    it('lists today’s visits of the desk, searches them, checks a visitor in and out; the host is mailed', async () => {
      const visitor = await invite('arrives@initech.test', hoursFromNow(0.5), {
        visitor_company: 'Umbrella',
      });
      const visitId = visitor.visits[0]!.id;
      const list = await asReception('POST', `${VISITORS}/desk-visitors`, {
        reception_desk_id: desk.id,
        group: 'today',
      });
      expect(list.json<VisitList>().data.map((v) => v.id)).toContain(visitId);
      const search = await asReception('POST', `${VISITORS}/desk-visitors`, {
        reception_desk_id: desk.id,
        group: 'today',
        query: 'umbrel',
      });
      expect(search.json<VisitList>().data.map((v) => v.id)).toEqual([visitId]);
      const before = (await outboxTo(server(), 'employee@acme.test')).length;
      const checkedIn = await asReception('POST', `${VISITS}/${visitId}/change-status`, {
        status: 'checked_in',
      });
      expect(checkedIn.json<Visit>()).toMatchObject({
        status: 'checked_in',
        checked_in_at: expect.any(String),
      });
      const hostMails = await outboxTo(server(), 'employee@acme.test');
      expect(hostMails).toHaveLength(before + 1);
      expect(hostMails.at(-1)!.subject).toBe('Vera arrives has arrived');
      const refused = await asReception('POST', `${VISITS}/${visitId}/change-status`, { status: 'expected' });
      expect(expectErrorShape(refused, 422).errors).toEqual({
        status: ['A visit that is checked in cannot be expected.'],
      });
      const out = await asReception('POST', `${VISITS}/${visitId}/change-status`, { status: 'checked_out' });
      expect(out.json<Visit>()).toMatchObject({ status: 'checked_out', checked_out_at: expect.any(String) });
    });

    it('checks in only a visit of today', async () => {
      const visitor = await invite('tomorrow-only@initech.test', hoursFromNow(30));
      const response = await asReception('POST', `${VISITS}/${visitor.visits[0]!.id}/change-status`, {
        status: 'checked_in',
      });
      expect(expectErrorShape(response, 422).errors).toEqual({
        status: ['Only a visit of today can be checked in.'],
      });
    });

    it('registers a walk-in, checked in at once', async () => {
      const response = await asReception('POST', VISITORS, {
        reception_desk_id: desk.id,
        first_name: 'Walter',
        last_name: 'Walkin',
        host_id: null,
        check_in: true,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<Visitor>().visits[0]).toMatchObject({ status: 'checked_in' });
      // a host cannot check anyone in
      const byHost = await asEmployee('POST', VISITORS, {
        reception_desk_id: desk.id,
        first_name: 'W',
        check_in: true,
      });
      expect(expectErrorShape(byHost, 422).errors).toHaveProperty('check_in');
    });

    it('answers the badge (name, host, company, QR code) and prints it as a PDF', async () => {
      const visitor = await invite('badge@initech.test', hoursFromNow(1));
      const visitId = visitor.visits[0]!.id;
      const badge = (await asReception('GET', `${VISITORS}/badge/${visitId}`)).json<Badge>();
      expect(badge).toMatchObject({
        visitor_name: 'Vera badge',
        visitor_company: 'Initech',
        host_name: 'Emil Employee',
      });
      expect(badge.qr_svg).toMatch(/^<svg/);
      const pdf = await asReception('POST', `${VISITORS}/printbadge`, { visit_id: visitId });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('answers 403 to an employee on reception’s routes', async () => {
      const visitor = await invite('role@initech.test', hoursFromNow(1));
      const visitId = visitor.visits[0]!.id;
      expectErrorShape(
        await asEmployee('POST', `${VISITORS}/desk-visitors`, { reception_desk_id: desk.id, group: 'today' }),
        403,
      );
      expectErrorShape(
        await asEmployee('POST', `${VISITS}/${visitId}/change-status`, { status: 'checked_in' }),
        403,
      );
      expectErrorShape(await asEmployee('GET', `${VISITORS}/badge/${visitId}`), 403);
      expectErrorShape(await asEmployee('POST', `${VISITORS}/printbadge`, { visit_id: visitId }), 403);
    });
  });

  describe('another company', () => {
    it('never reads or changes acme’s visitors and visits (404 or 422), nor lists them', async () => {
      const visitor = await invite('secret@initech.test', hoursFromNow(2));
      const visitId = visitor.visits[0]!.id;
      expectErrorShape(await asGlobex('GET', `${VISITORS}/${visitor.id}`), 404);
      expectErrorShape(await asGlobex('PUT', `${VISITORS}/${visitor.id}`, { first_name: 'X' }), 404);
      expectErrorShape(await asGlobex('DELETE', `${VISITORS}/${visitor.id}`), 404);
      expectErrorShape(await asGlobex('GET', `${VISITS}/${visitId}/${desk.id}`), 404);
      expectErrorShape(await asGlobex('DELETE', `${VISITS}/${visitId}/${desk.id}`), 404);
      expectErrorShape(await asGlobex('PUT', `${VISITS}/${visitId}`, hoursFromNow(3)), 404);
      expectErrorShape(
        await asGlobex('POST', `${VISITS}/${visitId}/change-status`, { status: 'no_show' }),
        404,
      );
      expectErrorShape(await asGlobex('GET', `${VISITORS}/badge/${visitId}`), 404);
      expectErrorShape(await asGlobex('POST', `${VISITORS}/printbadge`, { visit_id: visitId }), 404);
      expectErrorShape(await asGlobex('POST', VISITS, { visitor_id: visitor.id, ...hoursFromNow(3) }), 422);
      expectErrorShape(
        await asGlobex('POST', VISITORS, { reception_desk_id: desk.id, first_name: 'X' }),
        422,
      );
      expectErrorShape(
        await asGlobex('POST', `${VISITORS}/desk-visitors`, { reception_desk_id: desk.id, group: 'today' }),
        422,
      );
      const byEmail = await asGlobex('GET', `${VISITORS}/by-email?email=secret@initech.test`);
      expect(byEmail.json<VisitorList>().data).toEqual([]);
      const status = await server()
        .db.kysely.selectFrom('visits')
        .select('status')
        .where('id', '=', visitId)
        .executeTakeFirstOrThrow();
      expect(status.status).toBe('expected');
    });
  });

  describe(`GET ${VISITS}/my-visits`, () => {
    it('answers the visits of visitors with the signed-in person’s address only', async () => {
      const mine = await invite('teammate@acme.test', hoursFromNow(26));
      await invite('someone.else@initech.test', hoursFromNow(26));
      const list = (await asTeammate('GET', `${VISITS}/my-visits`)).json<VisitList>();
      expect(list.data.map((visit) => visit.visitor_email)).toEqual(['teammate@acme.test']);
      const one = await asTeammate('GET', `${VISITS}/my-visits/${mine.visits[0]!.id}`);
      expect(one.json<Visit>()).toMatchObject({
        host_name: 'Emil Employee',
        reception_desk_name: 'Visitors lobby',
      });
      expectErrorShape(await asEmployee('GET', `${VISITS}/my-visits/${mine.visits[0]!.id}`), 404);
    });
  });
});
