import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { expectErrorShape } from '../../../../test/support/server-factories';
import {
  CONNECTOR_MESSAGES,
  SECRET_MASK,
  type CalendarConnector,
  type MappableRoom,
} from '../../../shared/contract/connectors';
import { MESSAGES } from '../../../shared/validation';
import { api, BASE, calendarHelpers, CALENDARS, connectorActors } from './connectors.fixtures';

describeEachDatabase(
  'connectors',
  (server) => {
    let admin: string;
    let acmeId: number;
    let rooms: MappableRoom[];
    const http = api(server);
    const { createOutlook, settingsOf } = calendarHelpers(
      server,
      () => admin,
      () => acmeId,
    );

    beforeAll(async () => {
      ({ admin, acmeId, rooms } = await connectorActors(server()));
    });

    describe(`GET ${BASE}/types/all`, () => {
      it('lists sso, calendar and intranet (spec §7 connector types/all)', async () => {
        const response = await http.get(admin, `${BASE}/types/all`);
        expect(response.json<{ data: Array<{ key: string }> }>().data.map((type) => type.key)).toEqual([
          'sso',
          'calendar',
          'intranet',
        ]);
      });
    });

    describe(`POST ${CALENDARS}`, () => {
      it('creates an Outlook connector with its fields, the secret masked in the answer and sealed in the database', async () => {
        const connector = await createOutlook();
        expect(connector).toMatchObject({
          provider: 'outlook',
          name: 'Microsoft 365',
          is_active: true,
          mappings: [],
        });
        const byKey = Object.fromEntries(connector.fields.map((field) => [field.key, field]));
        expect(byKey.tenant_id).toMatchObject({ value: 'contoso-tenant', is_secret: false, required: true });
        expect(byKey.client_secret).toMatchObject({ value: SECRET_MASK, is_secret: true });
        expect(byKey.graph_url!.value).toBe('https://graph.microsoft.com/v1.0');
        const stored = await server()
          .db.kysely.selectFrom('calendar_connector_fields')
          .selectAll()
          .where('calendar_connector_id', '=', connector.id)
          .where('field_key', '=', 'client_secret')
          .executeTakeFirstOrThrow();
        expect(stored.value).toBe('');
        expect(stored.sealed_value).not.toContain('very-secret-value');
        expect((await settingsOf(connector.id)).settings.client_secret).toBe('very-secret-value');
        expect(JSON.stringify((await http.get(admin, CALENDARS)).json())).not.toContain('very-secret-value');
      });

      it('answers 422 with field errors for a missing name, required fields and a bad URL, writing nothing', async () => {
        const before = (await http.get(admin, CALENDARS)).json<{ data: unknown[] }>().data.length;
        const response = await http.post(admin, CALENDARS, {
          provider: 'outlook',
          name: '  ',
          fields: { tenant_id: 'x', notification_url: 'not a url', color: 'red' },
        });
        const error = expectErrorShape(response, 422);
        expect(error.errors).toMatchObject({
          name: [MESSAGES.required],
        });
        const second = expectErrorShape(
          await http.post(admin, CALENDARS, {
            provider: 'outlook',
            name: 'Bad',
            fields: { tenant_id: 'x', notification_url: 'not a url', color: 'red' },
          }),
          422,
        );
        expect(second.errors).toEqual({
          'fields.client_id': [MESSAGES.required],
          'fields.client_secret': [MESSAGES.required],
          'fields.notification_url': [CONNECTOR_MESSAGES.url],
          'fields.color': [CONNECTOR_MESSAGES.unknownField],
        });
        expect((await http.get(admin, CALENDARS)).json<{ data: unknown[] }>().data.length).toBe(before);
      });

      it('refuses an unknown provider as a field error', async () => {
        const error = expectErrorShape(
          await http.post(admin, CALENDARS, { provider: 'exchange', name: 'x' }),
          422,
        );
        expect(Object.keys(error.errors!)).toEqual(['provider']);
      });
    });

    describe(`PUT ${CALENDARS}/{id}`, () => {
      it('keeps the stored secret when the mask is sent back and replaces it when a new one is sent', async () => {
        const connector = await createOutlook('Keep secret');
        const kept = await http.put(admin, `${CALENDARS}/${connector.id}`, {
          name: 'Renamed',
          fields: { client_secret: SECRET_MASK, client_id: 'new-client' },
        });
        expect(kept.statusCode, kept.body).toBe(200);
        expect(kept.json<CalendarConnector>().name).toBe('Renamed');
        expect((await settingsOf(connector.id)).settings).toMatchObject({
          client_secret: 'very-secret-value',
          client_id: 'new-client',
        });
        await http.put(admin, `${CALENDARS}/${connector.id}`, { fields: { client_secret: 'rotated' } });
        expect((await settingsOf(connector.id)).settings.client_secret).toBe('rotated');
      });

      it('answers 422 when a required field is emptied', async () => {
        const connector = await createOutlook('Empty');
        const error = expectErrorShape(
          await http.put(admin, `${CALENDARS}/${connector.id}`, { fields: { tenant_id: '' } }),
          422,
        );
        expect(error.errors).toEqual({ 'fields.tenant_id': [MESSAGES.required] });
      });
    });

    describe(`PUT ${CALENDARS}/{id}/resources`, () => {
      it('maps two rooms to room mailboxes and reads them back', async () => {
        const connector = await createOutlook('Rooms');
        const [first, second] = rooms;
        const response = await http.put(admin, `${CALENDARS}/${connector.id}/resources`, {
          mappings: [
            { resource_id: first!.id, calendar_id: 'room.one@acme.test' },
            { resource_id: second!.id, calendar_id: 'room.two@acme.test' },
          ],
        });
        expect(response.statusCode, response.body).toBe(200);
        const read = (await http.get(admin, `${CALENDARS}/${connector.id}`)).json<CalendarConnector>();
        expect(read.mappings.map((m) => [m.resource_id, m.calendar_id]).sort()).toEqual(
          [
            [first!.id, 'room.one@acme.test'],
            [second!.id, 'room.two@acme.test'],
          ].sort(),
        );
        expect((await settingsOf(connector.id)).rooms).toHaveLength(2);
        // a room follows one calendar only
        const other = await createOutlook('Other');
        const taken = await http.put(admin, `${CALENDARS}/${other.id}/resources`, {
          mappings: [{ resource_id: first!.id, calendar_id: 'x@acme.test' }],
        });
        expect(expectErrorShape(taken, 422).errors).toEqual({
          'mappings.0.resource_id': [CONNECTOR_MESSAGES.roomTaken],
        });
        // the whole list is replaced
        await http.put(admin, `${CALENDARS}/${connector.id}/resources`, { mappings: [] });
        expect(
          (await http.get(admin, `${CALENDARS}/${connector.id}`)).json<CalendarConnector>().mappings,
        ).toEqual([]);
      });

      it('answers 422 for a mailbox that is not an e-mail, a resource that is not a room and a calendar used twice', async () => {
        const connector = await createOutlook('Bad rooms');
        const desk = await server()
          .db.kysely.selectFrom('resources')
          .innerJoin('resource_types', 'resource_types.id', 'resources.resource_type_id')
          .select('resources.id')
          .where('resources.company_id', '=', acmeId)
          .where('resource_types.key', '=', 'desk')
          .executeTakeFirstOrThrow();
        const response = await http.put(admin, `${CALENDARS}/${connector.id}/resources`, {
          mappings: [
            { resource_id: rooms[2]!.id, calendar_id: 'not-an-email' },
            { resource_id: desk.id, calendar_id: 'desk@acme.test' },
            { resource_id: rooms[3]!.id, calendar_id: 'same@acme.test' },
            { resource_id: rooms[4]!.id, calendar_id: 'SAME@acme.test' },
          ],
        });
        expect(expectErrorShape(response, 422).errors).toEqual({
          'mappings.0.calendar_id': [MESSAGES.email],
          'mappings.1.resource_id': [CONNECTOR_MESSAGES.notRoom],
          'mappings.3.calendar_id': [CONNECTOR_MESSAGES.calendarTaken],
        });
      });
    });

    describe(`DELETE ${CALENDARS}/{id}`, () => {
      it('removes the connector with its fields and mappings', async () => {
        const connector = await createOutlook('Gone');
        await http.put(admin, `${CALENDARS}/${connector.id}/resources`, {
          mappings: [{ resource_id: rooms[5]!.id, calendar_id: 'gone@acme.test' }],
        });
        expect((await http.remove(admin, `${CALENDARS}/${connector.id}`)).statusCode).toBe(200);
        expectErrorShape(await http.get(admin, `${CALENDARS}/${connector.id}`), 404);
        const left = await server()
          .db.kysely.selectFrom('calendar_connector_fields')
          .select('id')
          .where('calendar_connector_id', '=', connector.id)
          .execute();
        expect(left).toEqual([]);
      });
    });
  },
  { config: { allowPrivateConnectorUrls: true } },
);
