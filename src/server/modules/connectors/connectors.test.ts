import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { expectErrorShape } from '../../../../test/support/server-factories';
import {
  CONNECTOR_MESSAGES,
  SECRET_MASK,
  type CalendarField,
  type IntranetLink,
  type MappableRoom,
} from '../../../shared/contract/connectors';
import { MESSAGES } from '../../../shared/validation';
import { OUTBOUND_MESSAGES } from '../../integrations/outbound-url';
import {
  api,
  BASE,
  calendarHelpers,
  CALENDARS,
  connectorActors,
  FIELDS,
  INTRANETS,
} from './connectors.fixtures';

describeEachDatabase(
  'connectors',
  (server) => {
    let admin: string;
    let employee: string;
    let globex: string;
    let acmeId: number;
    let rooms: MappableRoom[];
    const http = api(server);
    const { createOutlook, settingsOf } = calendarHelpers(
      server,
      () => admin,
      () => acmeId,
    );

    beforeAll(async () => {
      ({ admin, employee, globex, acmeId, rooms } = await connectorActors(server()));
    });

    describe(FIELDS, () => {
      it('lists, reads, changes, adds and removes a connector’s fields; secrets stay masked', async () => {
        const connector = await createOutlook('Fields');
        const list = (await http.get(admin, `${FIELDS}?calendar_id=${connector.id}`)).json<{
          data: CalendarField[];
        }>();
        const secret = list.data.find((field) => field.key === 'client_secret')!;
        expect((await http.get(admin, `${FIELDS}/${secret.id}`)).json<CalendarField>().value).toBe(
          SECRET_MASK,
        );
        const kept = await http.put(admin, `${FIELDS}/${secret.id}`, { value: SECRET_MASK });
        expect(kept.statusCode, kept.body).toBe(200);
        expect((await settingsOf(connector.id)).settings.client_secret).toBe('very-secret-value');

        const added = await http.post(admin, FIELDS, {
          calendar_id: connector.id,
          key: 'notification_url',
          value: 'https://hooks.acme.example/graph',
        });
        expect(added.statusCode, added.body).toBe(200);
        const again = await http.post(admin, FIELDS, {
          calendar_id: connector.id,
          key: 'notification_url',
          value: 'https://x.example',
        });
        expect(expectErrorShape(again, 422).errors).toEqual({ key: [CONNECTOR_MESSAGES.fieldExists] });
        const unknown = await http.post(admin, FIELDS, {
          calendar_id: connector.id,
          key: 'colour',
          value: 'red',
        });
        expect(expectErrorShape(unknown, 422).errors).toEqual({ key: [CONNECTOR_MESSAGES.unknownField] });

        const removed = await http.remove(admin, `${FIELDS}/${added.json<CalendarField>().id}`);
        expect(removed.statusCode, removed.body).toBe(200);
        const required = await http.remove(admin, `${FIELDS}/${secret.id}`);
        expect(expectErrorShape(required, 409).message).toBe(CONNECTOR_MESSAGES.requiredField);
      });

      it('answers 422 when a field value breaks its rule', async () => {
        const connector = await createOutlook('Field rules');
        const graph = connector.fields.find((field) => field.key === 'graph_url')!;
        const error = expectErrorShape(
          await http.put(admin, `${FIELDS}/${graph.id}`, { value: 'ftp:/x' }),
          422,
        );
        expect(error.errors).toEqual({ value: [CONNECTOR_MESSAGES.url] });
      });
    });

    describe(INTRANETS, () => {
      it('creates, lists, reads, changes and deletes intranet links', async () => {
        const created = await http.post(admin, INTRANETS, {
          name: 'Intranet',
          url: 'https://intranet.acme.example/',
        });
        expect(created.statusCode, created.body).toBe(200);
        const link = created.json<IntranetLink>();
        expect(link).toMatchObject({
          name: 'Intranet',
          url: 'https://intranet.acme.example/',
          is_active: true,
        });
        expect(
          (await http.get(admin, INTRANETS)).json<{ data: IntranetLink[] }>().data.map((l) => l.id),
        ).toContain(link.id);
        const changed = await http.put(admin, `${INTRANETS}/${link.id}`, {
          name: 'Wiki',
          url: 'https://wiki.acme.example/',
          is_active: false,
        });
        expect(changed.json<IntranetLink>()).toMatchObject({ name: 'Wiki', is_active: false });
        expect((await http.remove(admin, `${INTRANETS}/${link.id}`)).statusCode).toBe(200);
        expectErrorShape(await http.get(admin, `${INTRANETS}/${link.id}`), 404);
      });

      it('answers 422 for a missing name and an address that is not http(s)', async () => {
        const error = expectErrorShape(
          await http.post(admin, INTRANETS, { name: '', url: 'javascript:alert(1)' }),
          422,
        );
        expect(error.errors).toMatchObject({ name: [MESSAGES.required] });
        const url = expectErrorShape(
          await http.post(admin, INTRANETS, { name: 'x', url: 'javascript:alert(1)' }),
          422,
        );
        expect(url.errors).toEqual({ url: [OUTBOUND_MESSAGES.scheme] });
      });
    });

    describe('permission CONNECTORS (spec §6)', () => {
      it('answers 403 to a user without it, on every connector call', async () => {
        for (const url of [
          CALENDARS,
          `${BASE}/types/all`,
          INTRANETS,
          `${BASE}/linked-users`,
          `${BASE}/rooms`,
        ])
          expectErrorShape(await http.get(employee, url), 403);
        expectErrorShape(await http.post(employee, INTRANETS, { name: 'x', url: 'https://x.example/' }), 403);
      });
    });

    describe('tenant isolation', () => {
      it('never shows or changes acme’s connectors, fields, links or intranet links with a globex token', async () => {
        const connector = await createOutlook('Acme only');
        const field = connector.fields[0]!;
        const link = (
          await http.post(admin, INTRANETS, { name: 'Acme intranet', url: 'https://intranet.acme.example/' })
        ).json<IntranetLink>();
        const g = (method: 'get' | 'put' | 'remove', url: string, body?: unknown) =>
          http[method](globex, url, body, 'globex');
        expect((await g('get', CALENDARS)).json<{ data: unknown[] }>().data).toEqual([]);
        expect((await g('get', INTRANETS)).json<{ data: unknown[] }>().data).toEqual([]);
        expect((await g('get', `${BASE}/linked-users`)).json<{ data: unknown[] }>().data).toEqual([]);
        expect(
          (await g('get', `${BASE}/rooms`)).json<{ data: MappableRoom[] }>().data.map((r) => r.id),
        ).not.toContain(rooms[0]!.id);
        expectErrorShape(await g('get', `${CALENDARS}/${connector.id}`), 404);
        expectErrorShape(await g('put', `${CALENDARS}/${connector.id}`, { name: 'Mine' }), 404);
        expectErrorShape(await g('put', `${CALENDARS}/${connector.id}/resources`, { mappings: [] }), 404);
        expectErrorShape(await g('remove', `${CALENDARS}/${connector.id}`), 404);
        expectErrorShape(await g('get', `${FIELDS}?calendar_id=${connector.id}`), 404);
        expectErrorShape(await g('get', `${FIELDS}/${field.id}`), 404);
        expectErrorShape(await g('put', `${FIELDS}/${field.id}`, { value: 'x' }), 404);
        expectErrorShape(await g('remove', `${FIELDS}/${field.id}`), 404);
        expectErrorShape(await g('get', `${INTRANETS}/${link.id}`), 404);
        expectErrorShape(
          await g('put', `${INTRANETS}/${link.id}`, { name: 'x', url: 'https://x.example/' }),
          404,
        );
        expectErrorShape(await g('remove', `${INTRANETS}/${link.id}`), 404);
        // an acme token with the globex subdomain is refused outright
        expect((await http.get(admin, CALENDARS, undefined, 'globex')).statusCode).toBeGreaterThanOrEqual(
          401,
        );
        expect((await http.get(admin, `${CALENDARS}/${connector.id}`)).statusCode).toBe(200);
      });
    });
  },
  { config: { allowPrivateConnectorUrls: true } },
);
