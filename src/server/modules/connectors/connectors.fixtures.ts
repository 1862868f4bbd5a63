import { expect } from 'vitest';
import type { TestServer } from '../../../../test/support/server-app';
import { ACCOUNTS, call, companyIdOf, signIn } from '../../../../test/support/server-factories';
import type { CalendarConnector, MappableRoom } from '../../../shared/contract/connectors';
import { secretBoxFor } from '../../integrations/secrets';
import { loadCalendarConnector } from './calendars.service';

export const BASE = '/api/company/v1/connectors';
export const CALENDARS = `${BASE}/calendars`;
export const FIELDS = `${BASE}/calendar-fields`;
export const INTRANETS = `${BASE}/intranets`;

export function api(server: () => TestServer) {
  const as =
    (method: 'GET' | 'POST' | 'PUT' | 'DELETE') =>
    (token: string, url: string, body?: unknown, subdomain = 'acme') =>
      call(server(), method, url, { token, subdomain, ...(body !== undefined ? { body } : {}) });
  return { get: as('GET'), post: as('POST'), put: as('PUT'), remove: as('DELETE') };
}

export const outlookFields = {
  tenant_id: 'contoso-tenant',
  client_id: 'app-client-id',
  client_secret: 'very-secret-value',
};

/** A calendar connector made by `admin`, and the settings the calendar sync reads of one. */
export function calendarHelpers(server: () => TestServer, admin: () => string, acmeId: () => number) {
  const http = api(server);
  const createOutlook = async (name = 'Microsoft 365', fields: Record<string, string> = outlookFields) => {
    const response = await http.post(admin(), CALENDARS, { provider: 'outlook', name, fields });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CalendarConnector>();
  };
  const settingsOf = async (id: number) =>
    (await loadCalendarConnector(server().db.kysely, secretBoxFor(server().config), acmeId(), id))!;
  return { createOutlook, settingsOf };
}

/** What every connectors test file starts from: the demo accounts signed in, and acme's rooms. */
export async function connectorActors(server: TestServer): Promise<{
  admin: string;
  employee: string;
  globex: string;
  acmeId: number;
  rooms: MappableRoom[];
}> {
  const http = api(() => server);
  const admin = await signIn(server, ACCOUNTS.acmeAdmin);
  const employee = await signIn(server, ACCOUNTS.employee);
  const globex = await signIn(server, ACCOUNTS.globexAdmin, 'globex');
  const acmeId = await companyIdOf(server, 'acme');
  const answer = await http.get(admin, `${BASE}/rooms`);
  expect(answer.statusCode, answer.body).toBe(200);
  const rooms = answer.json<{ data: MappableRoom[] }>().data;
  return { admin, employee, globex, acmeId, rooms };
}
