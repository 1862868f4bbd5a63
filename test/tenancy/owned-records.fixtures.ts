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
import { ensureQrCode } from '../../src/server/modules/qr-codes/qr-codes.queries';
import { sendDueNotifications } from '../../src/server/modules/company-notifications';
import { ACCOUNTS, call, companyIdOf, signIn } from '../support/server-factories';

const COMPANY = '/api/company/v1';

/**
 * One record of each kind the connectors, SSO, Outlook, scheduler, delegation, users, impersonation,
 * reports, visitors, services and notifications routes read by id, made by
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

  // The administrator's own photo (profile/photo answers the caller's, 404 without one): 1×1 PNG.
  const photo = await call(server, 'PUT', `${COMPANY}/profile/photo`, {
    subdomain: 'acme',
    token: owner,
    body: {
      content_base64:
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    },
  });
  expect(photo.statusCode, photo.body).toBe(200);
  // A person of acme's, added by its administrator (spec §2 /manage-users add-user).
  const english = await server.db.kysely
    .selectFrom('languages')
    .select('id')
    .where('code', '=', 'en')
    .executeTakeFirstOrThrow();
  const person = await send<{ id: number }>('POST', `${COMPANY}/users`, {
    email: 'tenancy-person@acme.test',
    first_name: 'Tenancy',
    last_name: 'Person',
    language_id: english.id,
    timezone: ZONE,
    country_id: null,
    is_visitor: false,
    sso: true,
  });
  // The access model: a level role, a level container holding the floor with that role, a mega container.
  const role = await send<{ id: number }>('POST', `${COMPANY}/roles`, {
    name: 'Tenancy floor role',
    kind: 'LEVEL',
  });
  const container = await send<{ id: number }>('POST', `${COMPANY}/containers`, {
    name: 'Tenancy floor',
    access_type: 'LEVEL',
  });
  // (holding no level: the floor's room must stay bookable for the Outlook search below)
  await send('POST', `${COMPANY}/containers/${container.id}/roles`, { role_ids: [role.id] });
  const mega = await send<{ id: number }>('POST', `${COMPANY}/mega-containers`, { name: 'Tenancy mega' });
  await send('POST', `${COMPANY}/mega-containers/${mega.id}/containers`, { container_ids: [container.id] });

  // The administrator's own assigned resource (profile/assigned-resources/{assignmentId} answers
  // the caller's own only).
  const me = await call(server, 'GET', `${COMPANY}/profile`, { subdomain: 'acme', token: owner });
  const ownAssignment = await send<{ id: number }>(
    'POST',
    `${COMPANY}/users/${me.json<{ id: number }>().id}/assignments`,
    {
      resource_id: roomId,
    },
  );

  // An opening of acme by a platform administrator ("open company as administrator"), for its audit list.
  const platform = await signIn(server, ACCOUNTS.platform, null);
  const opened = await call(
    server,
    'POST',
    `/api/master/v1/companies/${await companyIdOf(server, 'acme')}/impersonations`,
    {
      token: platform,
      body: { reason: 'Tenancy sweep: an audit record of acme' },
    },
  );
  expect(opened.statusCode, opened.body).toBe(201);
  const impersonation = await server.db.kysely
    .selectFrom('company_impersonations')
    .select('id')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  // A filter preset of the administrator's reports dashboard (activated by id) and the floor's
  // place in the reports' level finder.
  const reportPreset = await send<{ id: number }>('POST', `${COMPANY}/reports/presets`, {
    name: 'Tenancy preset',
    section: 'dashboard',
    preset: { filters: [] },
  });
  // A reception desk, a visitor invited by the administrator, and a visit of the administrator's own
  // (a visitor with their address: GET visits/my-visits/{id}).
  const desk = await send<{ id: number; kiosk_code: string }>('POST', `${COMPANY}/reception-desks`, {
    translations: [{ language_id: english.id, name: 'Tenancy desk' }],
  });
  const visitTimes = { starts_at: hour.datetime_from, ends_at: hour.datetime_to };
  const visitor = await send<{ id: number; visits: Array<{ id: number }> }>('POST', `${COMPANY}/visitors`, {
    reception_desk_id: desk.id,
    first_name: 'Tenancy',
    last_name: 'Visitor',
    email: 'admin@acme.test',
    visit: visitTimes,
  });
  const visitId = visitor.visits[0]!.id;
  // A service item delivered to the room, and the administrator's order of it for a booking there.
  const types = await call(server, 'GET', `${COMPANY}/services/types`, { subdomain: 'acme', token: owner });
  const catering = types
    .json<{ data: Array<{ id: number; key: string }> }>()
    .data.find((t) => t.key === 'catering')!;
  const offered = await call(server, 'PUT', `${COMPANY}/resources/${roomId}/services`, {
    subdomain: 'acme',
    token: owner,
    body: { service_type_ids: [catering.id] },
  });
  expect(offered.statusCode, offered.body).toBe(200);
  const serviceType = await send<{ id: number }>('POST', `${COMPANY}/services/types`, {
    name: 'Tenancy flowers',
  });
  const serviceItem = await send<{ id: number }>('POST', `${COMPANY}/services/items`, {
    service_type_id: catering.id,
    translations: [{ language_id: english.id, name: 'Tenancy coffee' }],
    price_cents: 300,
    resource_ids: [roomId],
  });
  const image = await call(server, 'PUT', `${COMPANY}/services/items/${serviceItem.id}/image`, {
    subdomain: 'acme',
    token: owner,
    body: {
      content_base64:
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    },
  });
  expect(image.statusCode, image.body).toBe(200);
  const orderBooking = await send<{ data: Array<{ id: number }> }>('POST', `${COMPANY}/declarations`, {
    resource_id: roomId,
    slots: [slot(date, 16, 17)],
  });
  const serviceOrder = await send<{ order_id: number }>('POST', `${COMPANY}/services/orders`, {
    resource_id: roomId,
    declaration_id: orderBooking.data[0]!.id,
    items: [{ service_item_id: serviceItem.id, quantity: 2 }],
  });

  // A company notification sent to the administrator alone, and its delivery in their centre.
  const notification = await send<{ id: number }>('POST', `${COMPANY}/company-notifications`, {
    translations: [{ language_id: english.id, name: 'Tenancy notice', description: '' }],
    send_to: 'users',
    user_ids: [me.json<{ id: number }>().id],
  });
  await sendDueNotifications(server.db.kysely, server.app.deps);
  const delivery = await server.db.kysely
    .selectFrom('user_notifications')
    .select('id')
    .where('notification_id', '=', notification.id)
    .executeTakeFirstOrThrow();

  // a free hour of the room (the meeting above takes it from 9 to 10)
  const free = slot(date, 11, 12);
  const search = new URLSearchParams({ start: free.datetime_from, end: free.datetime_to });

  // the code printed on the room, which its service page (`/service/{code}`) reads
  const roomCode = await ensureQrCode(server.db.kysely, await companyIdOf(server, 'acme'), 1, roomId);

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
      [`${COMPANY}/outlook/places`]: `${COMPANY}/outlook/places?date=${date}&kind=desk`,
      [`${COMPANY}/scheduler/{id}`]: `${COMPANY}/scheduler/${scheduled.id}`,
      [`${COMPANY}/delegations/{id}`]: `${COMPANY}/delegations/${delegation.id}`,
      [`${COMPANY}/delegations/available-permissions/{id}`]: `${COMPANY}/delegations/available-permissions/${delegateId}`,
      [`${COMPANY}/users/{id}`]: `${COMPANY}/users/${person.id}`,
      [`${COMPANY}/users/{id}/assignments`]: `${COMPANY}/users/${person.id}/assignments`,
      [`${COMPANY}/profile/assigned-resources/{assignmentId}`]: `${COMPANY}/profile/assigned-resources/${ownAssignment.id}`,
      // the signed-in user's own: an active Outlook connector (above) makes the consent address
      [`${COMPANY}/users/calendar-auth-url/{provider}`]: `${COMPANY}/users/calendar-auth-url/outlook`,
      [`${COMPANY}/users/calendar-links/{provider}`]: `${COMPANY}/users/calendar-links/outlook`,
      [`${COMPANY}/containers/{id}`]: `${COMPANY}/containers/${container.id}`,
      [`${COMPANY}/containers/{id}/{kind}`]: `${COMPANY}/containers/${container.id}/levels`,
      [`${COMPANY}/mega-containers/{id}`]: `${COMPANY}/mega-containers/${mega.id}`,
      [`${COMPANY}/mega-containers/{id}/containers`]: `${COMPANY}/mega-containers/${mega.id}/containers`,
      [`${COMPANY}/roles/{id}`]: `${COMPANY}/roles/${role.id}`,
      [`${COMPANY}/roles/{id}/rolepermissions`]: `${COMPANY}/roles/${role.id}/rolepermissions`,
      [`${COMPANY}/impersonations/{id}`]: `${COMPANY}/impersonations/${impersonation.id}`,
      [`${COMPANY}/reports/presets/activate/{id}`]: `${COMPANY}/reports/presets/activate/${reportPreset.id}`,
      [`${COMPANY}/reports/levels/{id}/finder`]: `${COMPANY}/reports/levels/${floor.levelId}/finder`,
      [`${COMPANY}/reception-desks/{id}`]: `${COMPANY}/reception-desks/${desk.id}`,
      [`${COMPANY}/reception-desks/{id}/email-templates`]: `${COMPANY}/reception-desks/${desk.id}/email-templates`,
      [`${COMPANY}/visitors/report`]: `${COMPANY}/visitors/report?reception_desk_id=${desk.id}`,
      [`${COMPANY}/reception-desks/allowed-containers/{id}`]: `${COMPANY}/reception-desks/allowed-containers/${desk.id}`,
      [`${COMPANY}/reception-desk/{code}`]: `${COMPANY}/reception-desk/${desk.kiosk_code}`,
      [`${COMPANY}/service/{code}`]: `${COMPANY}/service/${roomCode}`,
      [`${COMPANY}/visitors/{id}`]: `${COMPANY}/visitors/${visitor.id}`,
      [`${COMPANY}/visitors/badge/{visitId}`]: `${COMPANY}/visitors/badge/${visitId}`,
      [`${COMPANY}/visits/{visitId}/{deskId}`]: `${COMPANY}/visits/${visitId}/${desk.id}`,
      [`${COMPANY}/visits/my-visits/{id}`]: `${COMPANY}/visits/my-visits/${visitId}`,
      [`${COMPANY}/services/types/{id}`]: `${COMPANY}/services/types/${serviceType.id}`,
      [`${COMPANY}/services/items/{id}`]: `${COMPANY}/services/items/${serviceItem.id}`,
      [`${COMPANY}/services/items/{id}/image`]: `${COMPANY}/services/items/${serviceItem.id}/image`,
      [`${COMPANY}/services/orders/{id}`]: `${COMPANY}/services/orders/${serviceOrder.order_id}`,
      [`${COMPANY}/services/history`]: `${COMPANY}/services/history?service_order_id=${serviceOrder.order_id}`,
      [`${COMPANY}/company-notifications/{id}`]: `${COMPANY}/company-notifications/${notification.id}`,
      [`${COMPANY}/user-notifications/{id}`]: `${COMPANY}/user-notifications/${delivery.id}`,
      [`${COMPANY}/user-notifications/{id}/read`]: `${COMPANY}/user-notifications/${delivery.id}/read`,
      [`${COMPANY}/access/explain`]: `${COMPANY}/access/explain?user_id=${delegateId}&level_id=${floor.levelId}`,
    },
  };
}
