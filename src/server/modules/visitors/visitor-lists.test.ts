import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { call, expectErrorShape, freshIp } from '../../../../test/support/server-factories';
import type { ImportPreview } from '../../../shared/contract/csv-import';
import type { DeskEmailTemplateList, ReceptionDesk } from '../../../shared/contract/reception-desks';
import type { BlockedEmail, Visitor } from '../../../shared/contract/visitors';
import { VISITOR_RETENTION_KEY } from '../../../shared/validation/visitors';
import { addDays, wallClockAt } from '../../../shared/time/zone';
import { events, subscribed } from '../../realtime/realtime.fixtures';
import { eraseExpiredVisitors } from './visitor-retention';
import {
  caller,
  COMPANY,
  DESKS,
  givenDesk,
  hoursFromNow,
  outboxTo,
  VISITORS,
  visitorActors,
  type VisitorActors,
} from './visitors.fixtures';

/** Issue 42's remaining points: CSV import/export, e-mail templates, block list, anonymisation, retention. */
describeEachDatabase('visitor lists, mails and privacy', (server) => {
  let actors: VisitorActors;
  let desk: ReceptionDesk;
  let zone: string;
  const asAdmin = caller(server, () => actors.admin);
  const asEmployee = caller(server, () => actors.employee);
  const asReception = caller(server, () => actors.reception);
  const asGlobex = caller(server, () => actors.globex, 'globex');
  const db = () => server().db.kysely;
  const count = async (table: 'visitors' | 'visits') =>
    (await db().selectFrom(table).select('id').execute()).length;

  beforeAll(async () => {
    actors = await visitorActors(server());
    desk = await givenDesk(server(), actors.admin, actors.en, 'Import lobby');
    zone = (
      await db()
        .selectFrom('companies')
        .select('timezone')
        .where('subdomain', '=', 'acme')
        .executeTakeFirstOrThrow()
    ).timezone;
  });

  const tomorrow = () => addDays(wallClockAt(new Date(), zone).date, 1);

  describe('CSV import, report and example file', () => {
    const header = 'first_name,last_name,email,phone,visitor_company,language,host_email,date,start,end';

    it('answers the example file: byte order mark, the import’s columns, rows for tomorrow', async () => {
      const response = await asReception('GET', `${VISITORS}/export-example`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.body.startsWith('\uFEFF')).toBe(true);
      const [columns, first] = parse(response.body, { bom: true }) as string[][];
      expect(columns!.join(',')).toBe(header);
      expect(first).toHaveLength(10);
    });

    it('previews each row with its errors and writes nothing; formula cells stay text', async () => {
      const before = [await count('visitors'), await count('visits')];
      const csv = [
        header,
        `Ada,Lovelace,ada@csv.test,,"=HYPERLINK(""http://x"")",en,employee@acme.test,${tomorrow()},09:00,10:00`,
        `,Nameless,not-an-address,,,xx,nobody@acme.test,2026-13-45,9h,10:00`,
        `Late,Comer,late@csv.test,,,,,${tomorrow()},11:00,10:00`,
      ].join('\n');
      const response = await asReception('POST', `${VISITORS}/import/preview`, {
        reception_desk_id: desk.id,
        csv,
      });
      expect(response.statusCode, response.body).toBe(200);
      const preview = response.json<ImportPreview>();
      expect(preview).toMatchObject({ valid: 1, invalid: 2 });
      expect(preview.rows[0]!.errors).toEqual({});
      expect(preview.rows[1]!.errors).toEqual({
        first_name: ['This field is required.'],
        email: ['Please enter valid email.'],
        language: ['This language does not exist.'],
        host_email: ['Host email is not valid.'],
        date: ['Write the date as YYYY-MM-DD.'],
        start: ['Write the time as HH:MM.'],
      });
      expect(preview.rows[2]!.errors).toEqual({ end: ['The visit must end after it starts.'] });
      expect([await count('visitors'), await count('visits')]).toEqual(before);
      // confirming the same file imports nothing and names each bad row's line and column
      const refused = await asReception('POST', `${VISITORS}/import`, { reception_desk_id: desk.id, csv });
      const errors = expectErrorShape(refused, 422).errors!;
      expect(errors['rows.3.first_name']).toEqual(['This field is required.']);
      expect(errors['rows.4.end']).toEqual(['The visit must end after it starts.']);
      expect([await count('visitors'), await count('visits')]).toEqual(before);
    });

    it('imports every row with its visit and invitation; the report neutralises formula cells', async () => {
      const csv = [
        header,
        `Ada,Lovelace,ada.import@csv.test,,"=HYPERLINK(""http://x"")",fr,employee@acme.test,${tomorrow()},09:00,10:00`,
        `Blaise,Pascal,blaise.import@csv.test,,'@Pascaline,,,${tomorrow()},14:00,15:30`,
      ].join('\n');
      const response = await asReception('POST', `${VISITORS}/import`, { reception_desk_id: desk.id, csv });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toEqual({ message: '2 visitors imported.', created: 2 });
      const ada = await db()
        .selectFrom('visitors')
        .selectAll()
        .where('email', '=', 'ada.import@csv.test')
        .executeTakeFirstOrThrow();
      expect(ada.visitor_company).toBe('=HYPERLINK("http://x")');
      const blaise = await db()
        .selectFrom('visitors')
        .select('visitor_company')
        .where('email', '=', 'blaise.import@csv.test')
        .executeTakeFirstOrThrow();
      // the apostrophe an export puts before a formula-like cell comes off again
      expect(blaise.visitor_company).toBe('@Pascaline');
      expect(await outboxTo(server(), 'ada.import@csv.test')).toHaveLength(1);
      const report = await asReception('GET', `${VISITORS}/report?reception_desk_id=${desk.id}&group=future`);
      expect(report.statusCode, report.body).toBe(200);
      const rows = parse(report.body, { bom: true, columns: true }) as Array<Record<string, string>>;
      const row = rows.find((entry) => entry.email === 'ada.import@csv.test')!;
      expect(row).toMatchObject({
        visitor_company: `'=HYPERLINK("http://x")`,
        host_email: 'employee@acme.test',
        language: 'fr',
        date: tomorrow(),
        start: '09:00',
        end: '10:00',
        status: 'expected',
      });
      expect(rows.find((entry) => entry.email === 'blaise.import@csv.test')!.visitor_company).toBe(
        `'@Pascaline`,
      );
    });

    it('answers 422 to a bad body or file, an unknown desk or another company’s desk', async () => {
      expect(
        expectErrorShape(await asReception('POST', `${VISITORS}/import/preview`, {}), 422).errors,
      ).toEqual({
        reception_desk_id: expect.any(Array),
        csv: expect.any(Array),
      });
      const columns = await asReception('POST', `${VISITORS}/import/preview`, {
        reception_desk_id: desk.id,
        csv: 'name,when\nAda,today',
      });
      expect(expectErrorShape(columns, 422).errors!['csv']![0]).toMatch(/^The columns must be first_name, /);
      const globexDesk = await asGlobex('POST', `${VISITORS}/import/preview`, {
        reception_desk_id: desk.id,
        csv: `${header}\nAda,,,,,,,${tomorrow()},09:00,10:00`,
      });
      expect(expectErrorShape(globexDesk, 422).errors).toEqual({
        reception_desk_id: ['Reception desk id is not valid.'],
      });
      expectErrorShape(await asGlobex('GET', `${VISITORS}/report?reception_desk_id=${desk.id}`), 422);
    });

    it('refuses an employee (no reception rights) on every CSV route', async () => {
      const body = { reception_desk_id: desk.id, csv: `${header}\nAda,,,,,,,${tomorrow()},09:00,10:00` };
      expectErrorShape(await asEmployee('POST', `${VISITORS}/import/preview`, body), 403);
      expectErrorShape(await asEmployee('POST', `${VISITORS}/import`, body), 403);
      expectErrorShape(await asEmployee('GET', `${VISITORS}/report?reception_desk_id=${desk.id}`), 403);
      expectErrorShape(await asEmployee('GET', `${VISITORS}/export-example`), 403);
    });
  });

  describe('e-mail templates per desk and type', () => {
    const templates = (id = desk.id) => `${DESKS}/${id}/email-templates`;

    it('lists the built-in mails, saves the desk’s own invitation and sends it; reset goes back', async () => {
      const list = await asAdmin('GET', templates());
      expect(list.statusCode, list.body).toBe(200);
      const data = list.json<DeskEmailTemplateList>().data;
      expect(data.map((entry) => [entry.type_id, entry.type, entry.custom])).toEqual([
        [1, 'invitation', false],
        [2, 'arrival', false],
        [3, 'departure', false],
        [4, 'cancellation', false],
      ]);
      expect(data[2]!.subject).toBeNull();
      const saved = await asAdmin('PUT', `${templates()}/1`, {
        subject: 'Welcome {visitor_first_name} to {desk_name}',
        body: 'Dear {visitor_name}, {host_name} awaits you on {visit_time}. Code {visit_code}.',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ type: 'invitation', custom: true });
      const invited = await asEmployee('POST', VISITORS, {
        reception_desk_id: desk.id,
        first_name: 'Tess',
        last_name: 'Template',
        email: 'tess@template.test',
        visit: hoursFromNow(30),
      });
      expect(invited.statusCode, invited.body).toBe(201);
      const [mail] = await outboxTo(server(), 'tess@template.test');
      expect(mail!.subject).toBe('Welcome Tess to Import lobby');
      expect(mail!.text_body).toMatch(/^Dear Tess Template, Emil Employee awaits you on .+\. Code \S+\.$/);
      expect(mail!.attachments.map((file) => file.filename)).toEqual(['visit-qr-code.gif', 'visit.ics']);
      const reset = await asAdmin('DELETE', `${templates()}/1`);
      expect(reset.json()).toMatchObject({
        custom: false,
        subject: 'Your visit to {company_name} on {visit_time}',
      });
    });

    it('sends the departure mail to the host only once the desk writes one', async () => {
      await asAdmin('PUT', `${templates()}/3`, {
        subject: '{visitor_name} has left',
        body: 'Bye from {desk_name}.',
      });
      const invited = await asEmployee('POST', VISITORS, {
        reception_desk_id: desk.id,
        first_name: 'Dee',
        last_name: 'Parture',
        visit: hoursFromNow(0.1),
      });
      const visitId = invited.json<Visitor>().visits[0]!.id;
      for (const status of ['checked_in', 'checked_out'])
        expect(
          (await asReception('POST', `${COMPANY}/visits/${visitId}/change-status`, { status })).statusCode,
        ).toBe(200);
      const mails = await outboxTo(server(), 'employee@acme.test');
      expect(mails.at(-1)!.subject).toBe('Dee Parture has left');
      expect(mails.at(-2)!.subject).toBe('Dee Parture has arrived');
    });

    it('answers 422 to unknown placeholders and empty fields, 404 to an unknown type', async () => {
      const bad = await asAdmin('PUT', `${templates()}/2`, {
        subject: 'Hi {guest}',
        body: '{visitor} {nope} {visit_code}',
      });
      expect(expectErrorShape(bad, 422).errors).toEqual({
        subject: ['Unknown placeholders: {guest}.'],
        body: ['Unknown placeholders: {nope}.'],
      });
      const empty = await asAdmin('PUT', `${templates()}/2`, { subject: '', body: '' });
      expect(Object.keys(expectErrorShape(empty, 422).errors!)).toEqual(['subject', 'body']);
      expectErrorShape(await asAdmin('PUT', `${templates()}/9`, { subject: 'a', body: 'b' }), 404);
      const list = await asAdmin('GET', templates());
      expect(list.json<DeskEmailTemplateList>().data[1]!.custom).toBe(false);
    });

    it('refuses an employee and another company', async () => {
      expectErrorShape(await asEmployee('GET', templates()), 403);
      expectErrorShape(await asEmployee('PUT', `${templates()}/1`, { subject: 'a', body: 'b' }), 403);
      expectErrorShape(await asGlobex('GET', templates()), 404);
      expectErrorShape(await asGlobex('PUT', `${templates()}/1`, { subject: 'a', body: 'b' }), 404);
      expectErrorShape(await asGlobex('DELETE', `${templates()}/1`), 404);
    });
  });

  describe('block list', () => {
    let blocked: BlockedEmail;

    it('adds an address (409 twice, 422 when not an address); an employee and another company are refused', async () => {
      const added = await asAdmin('POST', `${VISITORS}/blocked-emails`, {
        email: 'Banned@Block.test',
        note: 'Asked',
      });
      expect(added.statusCode, added.body).toBe(201);
      blocked = added.json<BlockedEmail>();
      expectErrorShape(
        await asAdmin('POST', `${VISITORS}/blocked-emails`, { email: 'banned@block.test' }),
        409,
      );
      expect(
        expectErrorShape(await asAdmin('POST', `${VISITORS}/blocked-emails`, { email: 'nope' }), 422).errors,
      ).toEqual({ email: ['Please enter valid email.'] });
      expectErrorShape(await asEmployee('GET', `${VISITORS}/blocked-emails`), 403);
      expectErrorShape(await asEmployee('POST', `${VISITORS}/blocked-emails`, { email: 'x@y.test' }), 403);
      expectErrorShape(await asGlobex('DELETE', `${VISITORS}/blocked-emails/${blocked.id}`), 404);
      expect((await asGlobex('GET', `${VISITORS}/blocked-emails`)).json()).toEqual({ data: [] });
      expect(
        (await asAdmin('GET', `${VISITORS}/blocked-emails`)).json<{ data: BlockedEmail[] }>().data,
      ).toHaveLength(1);
    });

    it('refuses a listed address at invitation (nothing written) and alerts reception live', async () => {
      const reception = await subscribed(server().app, actors.reception);
      const before = await count('visitors');
      const response = await asEmployee('POST', VISITORS, {
        reception_desk_id: desk.id,
        first_name: 'Banned',
        email: 'banned@block.test',
        visit: hoursFromNow(30),
      });
      expect(expectErrorShape(response, 422).errors).toEqual({
        email: ['This person cannot be invited. Please contact reception.'],
      });
      expect(await count('visitors')).toBe(before);
      expect(await outboxTo(server(), 'banned@block.test')).toHaveLength(0);
      await expect
        .poll(() =>
          events(reception, 'reception_desk_changed').map((event) => (event as { data: unknown }).data),
        )
        .toContainEqual({ reception_desk_id: desk.id, alert: 'blocked_visitor', at: 'invitation' });
      reception.socket.close();
    });

    it('answers the kiosk neutrally for a listed address, even with a visit, and alerts reception', async () => {
      const invited = await asEmployee('POST', VISITORS, {
        reception_desk_id: desk.id,
        first_name: 'Kit',
        last_name: 'Later',
        email: 'kit.later@block.test',
        visit: hoursFromNow(0.2),
      });
      expect(invited.statusCode).toBe(201);
      await asAdmin('POST', `${VISITORS}/blocked-emails`, { email: 'kit.later@block.test' });
      const reception = await subscribed(server().app, actors.reception);
      const response = await call(server(), 'POST', `${COMPANY}/reception-desk/${desk.kiosk_code}/check-in`, {
        subdomain: 'acme',
        ip: freshIp(),
        body: { first_name: 'Kit', last_name: 'Later', email: 'kit.later@block.test' },
      });
      expect(expectErrorShape(response, 404).message).toBe(
        'We could not find your visit. Please ask at the reception desk.',
      );
      await expect
        .poll(() =>
          events(reception, 'reception_desk_changed').map((event) => (event as { data: unknown }).data),
        )
        .toContainEqual({ reception_desk_id: desk.id, alert: 'blocked_visitor', at: 'kiosk' });
      reception.socket.close();
      expect(invited.json<Visitor>().visits[0]!.status).toBe('expected');
      const removed = await asAdmin('DELETE', `${VISITORS}/blocked-emails/${blocked.id}`);
      expect(removed.statusCode, removed.body).toBe(200);
    });
  });

  describe('anonymisation and retention', () => {
    it('anonymises a visitor on request: blanked, expected visits cancelled, gone from the lists', async () => {
      const invited = await asEmployee('POST', VISITORS, {
        reception_desk_id: desk.id,
        first_name: 'Anna',
        last_name: 'Nym',
        email: 'anna@nym.test',
        phone: '+41 00',
        visit: hoursFromNow(40),
      });
      const visitor = invited.json<Visitor>();
      expectErrorShape(await asGlobex('POST', `${VISITORS}/${visitor.id}/anonymise`), 404);
      expectErrorShape(await asTeammateOf()('POST', `${VISITORS}/${visitor.id}/anonymise`), 404);
      const done = await asReception('POST', `${VISITORS}/${visitor.id}/anonymise`);
      expect(done.statusCode, done.body).toBe(200);
      const row = await db()
        .selectFrom('visitors')
        .selectAll()
        .where('id', '=', visitor.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ first_name: '', last_name: '', email: '', phone: '', host_id: null });
      expect(row.anonymised_at).not.toBeNull();
      const visit = await db()
        .selectFrom('visits')
        .select('status')
        .where('visitor_id', '=', visitor.id)
        .executeTakeFirstOrThrow();
      expect(visit.status).toBe('cancelled');
      expectErrorShape(await asReception('GET', `${VISITORS}/${visitor.id}`), 404);
    });

    it('erases visitors once the company’s retention period after their last visit is over (shifted clock)', async () => {
      const invited = await asEmployee('POST', VISITORS, {
        reception_desk_id: desk.id,
        first_name: 'Reto',
        last_name: 'Tention',
        visit: hoursFromNow(1),
      });
      const id = invited.json<Visitor>().id;
      const acme = await db()
        .selectFrom('companies')
        .select('id')
        .where('subdomain', '=', 'acme')
        .executeTakeFirstOrThrow();
      const setDays = (value: string) =>
        db()
          .updateTable('company_preferences')
          .set({ value })
          .where('company_id', '=', acme.id)
          .where('key', '=', VISITOR_RETENTION_KEY)
          .execute();
      await setDays('30');
      const exists = async () =>
        (await db().selectFrom('visitors').select('id').where('id', '=', id).executeTakeFirst()) !==
        undefined;
      const day = 86_400_000;
      await eraseExpiredVisitors(db(), new Date(Date.now() + 29 * day));
      expect(await exists()).toBe(true);
      await eraseExpiredVisitors(db(), new Date(Date.now() + 32 * day));
      expect(await exists()).toBe(false);
      expect(
        await db().selectFrom('visits').select('id').where('visitor_id', '=', id).execute(),
      ).toHaveLength(0);
      await setDays('365');
    });
  });

  const asTeammateOf = () => caller(server, () => actors.teammate);
});
