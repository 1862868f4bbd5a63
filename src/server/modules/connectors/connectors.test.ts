import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestServer } from '../../../../test/support/server-app';
import {
  ACCOUNTS,
  call,
  companyIdOf,
  expectErrorShape,
  signIn,
} from '../../../../test/support/server-factories';
import {
  CONNECTOR_MESSAGES,
  SECRET_MASK,
  type CalendarConnector,
  type CalendarField,
  type IntranetLink,
  type LinkedUser,
  type MappableRoom,
  type OwnCalendarLink,
} from '../../../shared/contract/connectors';
import { MESSAGES } from '../../../shared/validation';
import { OUTBOUND_MESSAGES } from '../../integrations/outbound-url';
import { secretBoxFor } from '../../integrations/secrets';
import { loadCalendarConnector } from './calendars.service';

const BASE = '/api/company/v1/connectors';
const CALENDARS = `${BASE}/calendars`;
const FIELDS = `${BASE}/calendar-fields`;
const INTRANETS = `${BASE}/intranets`;

function api(server: () => TestServer) {
  const as =
    (method: 'GET' | 'POST' | 'PUT' | 'DELETE') =>
    (token: string, url: string, body?: unknown, subdomain = 'acme') =>
      call(server(), method, url, { token, subdomain, ...(body !== undefined ? { body } : {}) });
  return { get: as('GET'), post: as('POST'), put: as('PUT'), remove: as('DELETE') };
}

const outlookFields = {
  tenant_id: 'contoso-tenant',
  client_id: 'app-client-id',
  client_secret: 'very-secret-value',
};

/** The acceptance rule of issue 8 item 5, with the operator's default (internal addresses refused). */
describeEachDatabase('connector URLs without ALLOW_PRIVATE_CONNECTOR_URLS', (server) => {
  let admin: string;
  const http = api(server);
  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
  });

  it('refuses a calendar endpoint at 127.0.0.1 or 169.254.169.254 with the clear message, and stores nothing', async () => {
    const response = await http.post(admin, CALENDARS, {
      provider: 'outlook',
      name: 'Microsoft 365',
      fields: {
        ...outlookFields,
        graph_url: 'http://127.0.0.1:8080/v1.0',
        login_url: 'http://169.254.169.254/',
      },
    });
    const error = expectErrorShape(response, 422);
    expect(error.errors).toEqual({
      'fields.graph_url': [OUTBOUND_MESSAGES.internal],
      'fields.login_url': [OUTBOUND_MESSAGES.internal],
    });
    expect((await http.get(admin, CALENDARS)).json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('refuses an intranet link into the server’s own network', async () => {
    const response = await http.post(admin, INTRANETS, { name: 'Admin', url: 'http://[::1]:9000/' });
    expect(expectErrorShape(response, 422).errors).toEqual({ url: [OUTBOUND_MESSAGES.internal] });
  });

  it('refuses a CalDAV calendar collection at the metadata address', async () => {
    const created = await http.post(admin, CALENDARS, {
      provider: 'caldav',
      name: 'DAV',
      fields: { server_url: 'https://93.184.215.14/dav/', username: 'sync', password: 'pw' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<CalendarConnector>();
    const rooms = (await http.get(admin, `${BASE}/rooms`)).json<{ data: MappableRoom[] }>().data;
    const response = await http.put(admin, `${CALENDARS}/${id}/resources`, {
      mappings: [{ resource_id: rooms[0]!.id, calendar_id: 'http://169.254.169.254/latest/' }],
    });
    expect(expectErrorShape(response, 422).errors).toEqual({
      'mappings.0.calendar_id': [OUTBOUND_MESSAGES.internal],
    });
  });
});

describeEachDatabase(
  'connectors',
  (server) => {
    let admin: string;
    let employee: string;
    let globex: string;
    let acmeId: number;
    let rooms: MappableRoom[];
    const http = api(server);

    beforeAll(async () => {
      admin = await signIn(server(), ACCOUNTS.acmeAdmin);
      employee = await signIn(server(), ACCOUNTS.employee);
      globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
      acmeId = await companyIdOf(server(), 'acme');
      const answer = await http.get(admin, `${BASE}/rooms`);
      expect(answer.statusCode, answer.body).toBe(200);
      rooms = answer.json<{ data: MappableRoom[] }>().data;
    });

    const createOutlook = async (name = 'Microsoft 365', fields: Record<string, string> = outlookFields) => {
      const response = await http.post(admin, CALENDARS, { provider: 'outlook', name, fields });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CalendarConnector>();
    };
    const settingsOf = async (id: number) =>
      (await loadCalendarConnector(server().db.kysely, secretBoxFor(server().config), acmeId, id))!;

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

    describe('a user links their own calendar (profile sync-with-outlook)', () => {
      let tokenServer: Server;
      let tokenBase: string;
      const exchanges: URLSearchParams[] = [];
      beforeAll(async () => {
        tokenServer = createServer((request, response) => {
          let body = '';
          request.on('data', (chunk: Buffer) => (body += chunk.toString()));
          request.on('end', () => {
            const form = new URLSearchParams(body);
            exchanges.push(form);
            if (form.get('code') !== 'good-code') {
              response.writeHead(400, { 'content-type': 'application/json' });
              return response.end(JSON.stringify({ error: 'invalid_grant' }));
            }
            const idToken = `e30.${Buffer.from(JSON.stringify({ email: 'employee@contoso.example' })).toString('base64url')}.sig`;
            response.writeHead(200, { 'content-type': 'application/json' });
            response.end(
              JSON.stringify({ access_token: 'at', refresh_token: 'user-refresh-token', id_token: idToken }),
            );
          });
        });
        await new Promise<void>((resolve) => tokenServer.listen(0, '127.0.0.1', resolve));
        tokenBase = `http://127.0.0.1:${(tokenServer.address() as AddressInfo).port}`;
      });
      afterAll(() => new Promise<void>((resolve) => tokenServer.close(() => resolve())));

      const OWN = '/api/company/v1/users/calendar-links/outlook';
      const AUTH_URL = '/api/company/v1/users/calendar-auth-url/outlook';

      it('builds the consent URL from the connector, completes the link in the callback, and spends the state', async () => {
        // no active Google connector: linking Google is not available
        const google = (
          await http.get(employee, '/api/company/v1/users/calendar-links/google')
        ).json<OwnCalendarLink>();
        expect(google).toMatchObject({ available: false, status: 'none' });
        expectErrorShape(await http.get(employee, '/api/company/v1/users/calendar-auth-url/google'), 409);

        const connectors = (await http.get(admin, CALENDARS)).json<{ data: CalendarConnector[] }>().data;
        for (const other of connectors.filter((c) => c.provider === 'outlook'))
          await http.put(admin, `${CALENDARS}/${other.id}`, { is_active: false });
        const connector = await createOutlook('Link', { ...outlookFields, login_url: tokenBase });

        const answer = await http.get(employee, AUTH_URL);
        expect(answer.statusCode, answer.body).toBe(200);
        const url = new URL(answer.json<{ url: string }>().url);
        expect(`${url.origin}${url.pathname}`).toBe(`${tokenBase}/contoso-tenant/oauth2/v2.0/authorize`);
        expect(url.searchParams.get('client_id')).toBe('app-client-id');
        expect(url.searchParams.get('redirect_uri')).toMatch(/\/api\/connectors\/oauth\/outlook\/callback$/);
        expect(url.searchParams.get('scope')).toContain('Calendars.ReadWrite');
        expect(url.toString()).not.toContain('very-secret-value');
        const state = url.searchParams.get('state')!;
        expect((await http.get(employee, OWN)).json<OwnCalendarLink>().status).toBe('pending');

        const callback = await call(
          server(),
          'GET',
          `/api/connectors/oauth/outlook/callback?code=good-code&state=${encodeURIComponent(state)}`,
        );
        expect(callback.statusCode, callback.body).toBe(303);
        expect(callback.headers.location).toMatch(
          /^http:\/\/acme\.[^/]+\/profile\/sync-with-outlook\?result=linked$/,
        );
        expect(exchanges.at(-1)!.get('client_secret')).toBe('very-secret-value');
        expect(exchanges.at(-1)!.get('grant_type')).toBe('authorization_code');

        expect((await http.get(employee, OWN)).json<OwnCalendarLink>()).toMatchObject({
          status: 'linked',
          account_email: 'employee@contoso.example',
        });
        const linked = (await http.get(admin, `${BASE}/linked-users?calendar_id=${connector.id}`)).json<{
          data: LinkedUser[];
        }>();
        expect(linked.data).toEqual([
          expect.objectContaining({ provider: 'outlook', account_email: 'employee@contoso.example' }),
        ]);
        expect(JSON.stringify(linked)).not.toContain('user-refresh-token');

        // the same callback address a second time is refused (single-use state)
        const replay = await call(
          server(),
          'GET',
          `/api/connectors/oauth/outlook/callback?code=good-code&state=${encodeURIComponent(state)}`,
        );
        expect(replay.headers.location).toContain('result=refused');

        // an administrator removes the link; the user sees it gone
        expect((await http.remove(admin, `${BASE}/linked-users/${linked.data[0]!.id}`)).statusCode).toBe(200);
        expect((await http.get(employee, OWN)).json<OwnCalendarLink>().status).toBe('none');
      });

      it('refuses a callback whose code the provider does not accept, and drops the pending link', async () => {
        const url = new URL((await http.get(employee, AUTH_URL)).json<{ url: string }>().url);
        const callback = await call(
          server(),
          'GET',
          `/api/connectors/oauth/outlook/callback?code=bad&state=${encodeURIComponent(url.searchParams.get('state')!)}`,
        );
        expect(callback.headers.location).toContain('result=refused');
        expect((await http.get(employee, OWN)).json<OwnCalendarLink>().status).toBe('none');
      });

      it('refuses a forged state', async () => {
        const callback = await call(
          server(),
          'GET',
          `/api/connectors/oauth/outlook/callback?code=good-code&state=${acmeId}.forged`,
        );
        expect(callback.statusCode).toBe(303);
        expect(callback.headers.location).toContain('result=refused');
      });

      it('refuses a state naming a company id past the database integer with the same redirect', async () => {
        const callback = await call(
          server(),
          'GET',
          `/api/connectors/oauth/google/callback?code=good-code&state=99999999999.forged`,
        );
        expect(callback.statusCode, callback.body).toBe(303);
        expect(callback.headers.location).toContain('result=refused');
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
