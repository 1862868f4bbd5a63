import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import type { CalendarConnector, MappableRoom } from '../../../shared/contract/connectors';
import { OUTBOUND_MESSAGES } from '../../integrations/outbound-url';
import { api, BASE, CALENDARS, INTRANETS, outlookFields } from './connectors.fixtures';

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
