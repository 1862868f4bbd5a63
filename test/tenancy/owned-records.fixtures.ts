import { expect } from 'vitest';
import {
  dayAhead,
  givenFloor,
  slot,
  ZONE,
} from '../../src/server/modules/declarations/declarations.fixtures';
import type { CalendarConnector, IntranetLink } from '../../src/shared/contract/connectors';
import type { OutlookMeeting } from '../../src/shared/contract/outlook';
import type { SchedulerMeeting } from '../../src/shared/contract/scheduler';
import type { SsoConnector } from '../../src/shared/contract/sso';
import { generateSigningPair } from '../support/saml-fixtures';
import type { TestServer } from '../support/server-app';
import { call } from '../support/server-factories';

const COMPANY = '/api/company/v1';

/**
 * One record of each kind the connectors, SSO, Outlook, scheduler and delegation routes read by id, made by
 * `owner` (acme's administrator) through the API the way a person would, and the address each
 * route of the API document is called at to read it. Every route answers 200 to its owner.
 */
export interface OwnedRecords {
  /** the OpenAPI path ('/api/company/v1/connectors/calendars/{id}') → the address naming acme's record */
  urls: Record<string, string>;
  /** acme's room that the Outlook search must find for acme and never for another company */
  roomId: number;
}

export async function givenOwnedRecords(server: TestServer, owner: string): Promise<OwnedRecords> {
  const send = async <T>(method: 'POST', url: string, body: unknown): Promise<T> => {
    const response = await call(server, method, url, { subdomain: 'acme', token: owner, body });
    expect([200, 201], `${method} ${url}: ${response.body}`).toContain(response.statusCode);
    return response.json<T>();
  };

  // A Microsoft 365 calendar connector (the provider's default endpoints) and an intranet link.
  const calendar = await send<CalendarConnector>('POST', `${COMPANY}/connectors/calendars`, {
    provider: 'outlook',
    name: 'Tenancy calendar',
    fields: { tenant_id: 'tenancy-tenant', client_id: 'tenancy-client', client_secret: 'tenancy-secret' },
  });
  const field = calendar.fields.find((candidate) => candidate.key === 'tenant_id')!;
  const intranet = await send<IntranetLink>('POST', `${COMPANY}/connectors/intranets`, {
    name: 'Tenancy intranet',
    url: 'https://93.184.215.14/intranet/',
  });

  // An SSO connector, with its default fields.
  const sso = await send<SsoConnector>('POST', `${COMPANY}/connectors/ssos`, {
    provider: 'azure',
    name: 'Tenancy SSO',
    idp_entity_id: 'https://idp.tenancy.example/metadata',
    sso_url: 'https://idp.tenancy.example/sso',
    idp_certificates: [generateSigningPair('tenancy-idp').cert],
    domains: ['tenancy.example'],
  });
  const ssoField = sso.fields[0]!;

  // A room booked from Outlook for a meeting, and a meeting of the scheduler in it.
  const floor = await givenFloor(server);
  const roomId = await floor.resource('Tenancy room', 'room');
  const date = dayAhead(9);
  const hour = slot(date, 9, 10);
  const meetingKey = `tenancy-meeting-${Date.now()}`;
  await send<OutlookMeeting>('POST', `${COMPANY}/outlook/resource`, {
    meeting_key: meetingKey,
    resource_id: roomId,
    occurrences: [{ start: hour.datetime_from, end: hour.datetime_to }],
  });
  const scheduled = await send<SchedulerMeeting>('POST', `${COMPANY}/scheduler`, {
    subject: 'Tenancy review',
    attendees: [],
    dateTime: { date, startTime: '14:00', endTime: '15:00' },
    timezone: ZONE,
    allDay: false,
    recurrence: null,
    services: [],
    privateMeeting: false,
    teams: false,
    notes: '',
    host: null,
    rooms: [roomId],
    alternatives: {},
  });
  // A delegation of the administrator's bookings to a colleague.
  const teammate = await call(server, 'GET', `${COMPANY}/delegations/delegate-users?query=teammate`, {
    subdomain: 'acme',
    token: owner,
  });
  const delegateId = teammate.json<{ data: Array<{ id: number }> }>().data[0]!.id;
  const delegation = await send<{ id: number }>('POST', `${COMPANY}/delegations`, {
    delegate_id: delegateId,
    permissions: ['MY_BOOKINGS'],
  });

  // a free hour of the room (the meeting above takes it from 9 to 10)
  const free = slot(date, 11, 12);
  const search = new URLSearchParams({ start: free.datetime_from, end: free.datetime_to });

  return {
    roomId,
    urls: {
      [`${COMPANY}/connectors/calendar-fields`]: `${COMPANY}/connectors/calendar-fields?calendar_id=${calendar.id}`,
      [`${COMPANY}/connectors/calendar-fields/{id}`]: `${COMPANY}/connectors/calendar-fields/${field.id}`,
      [`${COMPANY}/connectors/calendars/{id}`]: `${COMPANY}/connectors/calendars/${calendar.id}`,
      [`${COMPANY}/connectors/intranets/{id}`]: `${COMPANY}/connectors/intranets/${intranet.id}`,
      [`${COMPANY}/connectors/ssos/{ssoId}`]: `${COMPANY}/connectors/ssos/${sso.id}`,
      [`${COMPANY}/connectors/ssos/{ssoId}/fields`]: `${COMPANY}/connectors/ssos/${sso.id}/fields`,
      [`${COMPANY}/connectors/ssos/{ssoId}/fields/{fieldId}`]: `${COMPANY}/connectors/ssos/${sso.id}/fields/${ssoField.id}`,
      [`${COMPANY}/outlook/meetings/{key}`]: `${COMPANY}/outlook/meetings/${meetingKey}`,
      [`${COMPANY}/outlook/resources`]: `${COMPANY}/outlook/resources?${search.toString()}`,
      [`${COMPANY}/scheduler/{id}`]: `${COMPANY}/scheduler/${scheduled.id}`,
      [`${COMPANY}/delegations/{id}`]: `${COMPANY}/delegations/${delegation.id}`,
      [`${COMPANY}/delegations/available-permissions/{id}`]: `${COMPANY}/delegations/available-permissions/${delegateId}`,
      // the signed-in user's own: an active Outlook connector (above) makes the consent address
      [`${COMPANY}/users/calendar-auth-url/{provider}`]: `${COMPANY}/users/calendar-auth-url/outlook`,
      [`${COMPANY}/users/calendar-links/{provider}`]: `${COMPANY}/users/calendar-links/outlook`,
    },
  };
}
