import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestServer } from '../../../../test/support/server-app';
import {
  ACCOUNTS,
  call,
  companyIdOf,
  expectErrorShape,
  signIn,
} from '../../../../test/support/server-factories';
import {
  CALENDAR_ID_MAX_BYTES,
  CONNECTOR_MESSAGES,
  SECRET_MASK,
  type CalendarConnector,
  type CalendarField,
  type MappableRoom,
} from '../../../shared/contract/connectors';
import { format, MESSAGES } from '../../../shared/validation';

/**
 * Bad input to the calendar connectors answers a clear 422 (or the answer a sequential request would
 * get) and changes nothing: never a 500, never a half-written connector or mapping.
 */
const BASE = '/api/company/v1/connectors';
const CALENDARS = `${BASE}/calendars`;
const FIELDS = `${BASE}/calendar-fields`;

/** Characters that do not repeat in a pattern, so PostgreSQL cannot compress the index entry. */
const cjk = (length: number) =>
  Array.from({ length }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20000))).join('');

describeEachDatabase('calendar connectors: bad input changes nothing', (server: () => TestServer) => {
  let admin: string;
  let acmeId: number;
  let rooms: MappableRoom[];
  const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE') => (url: string, body?: unknown) =>
    call(server(), method, url, { token: admin, subdomain: 'acme', ...(body !== undefined ? { body } : {}) });
  const http = { get: request('GET'), post: request('POST'), put: request('PUT') };

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    acmeId = await companyIdOf(server(), 'acme');
    rooms = (await http.get(`${BASE}/rooms`)).json<{ data: MappableRoom[] }>().data;
    expect(rooms.length).toBeGreaterThanOrEqual(6);
  });

  const create = async (provider: 'google' | 'outlook', name: string) => {
    const fields =
      provider === 'google'
        ? { client_id: 'google-client', client_secret: 'google-secret' }
        : { tenant_id: 'contoso', client_id: 'app', client_secret: 'outlook-secret' };
    const response = await http.post(CALENDARS, { provider, name, fields });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CalendarConnector>();
  };
  const mappingsOf = async (id: number) =>
    (await http.get(`${CALENDARS}/${id}`))
      .json<CalendarConnector>()
      .mappings.map((m) => [m.resource_id, m.calendar_id]);
  const mapped = (resourceId: number) =>
    server()
      .db.kysely.selectFrom('calendar_connector_resources')
      .select(['calendar_connector_id', 'calendar_id'])
      .where('company_id', '=', acmeId)
      .where('resource_id', '=', resourceId)
      .execute();

  describe(`PUT ${CALENDARS}/{id}/resources`, () => {
    it('answers 422 at the calendar id for an id too long in bytes (1,024 CJK or Cyrillic letters), keeping the mappings', async () => {
      const connector = await create('google', 'Long ids');
      const url = `${CALENDARS}/${connector.id}/resources`;
      const kept = await http.put(url, { mappings: [{ resource_id: rooms[0]!.id, calendar_id: 'kept' }] });
      expect(kept.statusCode, kept.body).toBe(200);

      for (const calendar of [cjk(1024), 'Ж'.repeat(1024)]) {
        const response = await http.put(url, {
          mappings: [
            { resource_id: rooms[0]!.id, calendar_id: 'fine' },
            { resource_id: rooms[1]!.id, calendar_id: calendar },
          ],
        });
        const error = expectErrorShape(response, 422);
        expect(error.errors).toEqual({
          'mappings.1.calendar_id': [
            format(CONNECTOR_MESSAGES.calendarIdTooLong, { max: CALENDAR_ID_MAX_BYTES }),
          ],
        });
        expect(await mappingsOf(connector.id)).toEqual([[rooms[0]!.id, 'kept']]);
      }

      // 341 letters of 3 bytes fit (1,023 bytes), as do 1,024 ASCII characters
      const fits = await http.put(url, {
        mappings: [
          { resource_id: rooms[0]!.id, calendar_id: cjk(341) },
          { resource_id: rooms[1]!.id, calendar_id: 'a'.repeat(1024) },
        ],
      });
      expect(fits.statusCode, fits.body).toBe(200);
      await http.put(url, { mappings: [] });
    });

    it('refuses calendar ids that differ only in case as the database compares them (Greek final sigma, Turkish dotted I)', async () => {
      const connector = await create('google', 'Case');
      const url = `${CALENDARS}/${connector.id}/resources`;
      for (const [first, second] of [
        ['ΑΣ', 'ασ'],
        ['İstanbul', 'istanbul'],
      ]) {
        const response = await http.put(url, {
          mappings: [
            { resource_id: rooms[2]!.id, calendar_id: first },
            { resource_id: rooms[3]!.id, calendar_id: second },
          ],
        });
        expect(expectErrorShape(response, 422).errors).toEqual({
          'mappings.1.calendar_id': [CONNECTOR_MESSAGES.calendarTaken],
        });
        expect(await mappingsOf(connector.id)).toEqual([]);
      }
    });

    it('gives one of two connectors mapping the same room at the same moment the room, the other the 422 it would get a moment later', async () => {
      const [one, two] = [await create('google', 'Race one'), await create('google', 'Race two')];
      const room = rooms[4]!.id;
      const statuses: number[][] = [];
      for (let round = 0; round < 12; round++) {
        for (const connector of [one, two])
          expect(
            (await http.put(`${CALENDARS}/${connector.id}/resources`, { mappings: [] })).statusCode,
          ).toBe(200);
        const answers = await Promise.all(
          [one, two].map((connector) =>
            http.put(`${CALENDARS}/${connector.id}/resources`, {
              mappings: [{ resource_id: room, calendar_id: `calendar-${connector.id}` }],
            }),
          ),
        );
        statuses.push(answers.map((answer) => answer.statusCode));
        const winners = answers.filter((answer) => answer.statusCode === 200);
        const losers = answers.filter((answer) => answer.statusCode !== 200);
        expect(winners, answers.map((answer) => answer.body).join('\n')).toHaveLength(1);
        expect(expectErrorShape(losers[0]!, 422).errors).toEqual({
          'mappings.0.resource_id': [CONNECTOR_MESSAGES.roomTaken],
        });
        const rows = await mapped(room);
        expect(rows).toHaveLength(1);
        expect(rows[0]!.calendar_connector_id).toBe(winners[0]!.json<CalendarConnector>().id);
      }
      expect(statuses.flat().filter((status) => status >= 500)).toEqual([]);
    });
  });

  describe('the secret mask where no secret is stored', () => {
    it('answers 422 required for a new connector whose required secret is the mask, and creates nothing', async () => {
      const response = await http.post(CALENDARS, {
        provider: 'outlook',
        name: 'Masked secret',
        fields: { tenant_id: 'contoso', client_id: 'app', client_secret: SECRET_MASK },
      });
      expect(expectErrorShape(response, 422).errors).toEqual({ 'fields.client_secret': [MESSAGES.required] });
      const names = (await http.get(CALENDARS)).json<{ data: CalendarConnector[] }>().data.map((c) => c.name);
      expect(names).not.toContain('Masked secret');
    });

    it('answers 422 required when an optional secret field is added as the mask, adding nothing', async () => {
      const connector = await create('google', 'Masked key');
      const response = await http.post(FIELDS, {
        calendar_id: connector.id,
        key: 'service_account_key',
        value: SECRET_MASK,
      });
      expect(expectErrorShape(response, 422).errors).toEqual({ value: [MESSAGES.required] });
      const fields = (await http.get(`${FIELDS}?calendar_id=${connector.id}`)).json<{
        data: CalendarField[];
      }>();
      expect(fields.data.map((field) => field.key)).not.toContain('service_account_key');
    });

    it('answers 422 required when a connector missing its required secret is saved with the mask, changing nothing', async () => {
      const connector = await create('outlook', 'Lost secret');
      // a connector saved without its secret (as the mask once allowed)
      await server()
        .db.kysely.deleteFrom('calendar_connector_fields')
        .where('company_id', '=', acmeId)
        .where('calendar_connector_id', '=', connector.id)
        .where('field_key', '=', 'client_secret')
        .execute();
      const response = await http.put(`${CALENDARS}/${connector.id}`, {
        name: 'Renamed',
        fields: { client_id: 'changed', client_secret: SECRET_MASK },
      });
      expect(expectErrorShape(response, 422).errors).toEqual({ 'fields.client_secret': [MESSAGES.required] });
      const read = (await http.get(`${CALENDARS}/${connector.id}`)).json<CalendarConnector>();
      expect(read.name).toBe('Lost secret');
      expect(read.fields.find((field) => field.key === 'client_id')!.value).toBe('app');

      // an optional secret sent as the mask with none stored is no value: nothing is stored
      const google = await create('google', 'No key');
      const optional = await http.put(`${CALENDARS}/${google.id}`, {
        fields: { service_account_key: SECRET_MASK },
      });
      expect(optional.statusCode, optional.body).toBe(200);
      expect(optional.json<CalendarConnector>().fields.map((field) => field.key)).not.toContain(
        'service_account_key',
      );
    });
  });
});
