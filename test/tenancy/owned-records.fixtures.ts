import { expect } from 'vitest';
import {
  dayAhead,
  givenFloor,
  slot,
  ZONE,
} from '../../src/server/modules/declarations/declarations.fixtures';
import type { CalendarConnector, IntranetLink } from '../../src/shared/contract/connectors';
import { NEW_TEMPLATE } from '../../src/shared/contract/qr-code-templates';
import { runLogExports } from '../../src/server/modules/logs';
import type { OutlookMeeting } from '../../src/shared/contract/outlook';
import type { SchedulerMeeting } from '../../src/shared/contract/scheduler';
import type { SsoConnector } from '../../src/shared/contract/sso';
import { generateSigningPair } from '../support/saml-fixtures';
import type { TestServer } from '../support/server-app';
import { ensureQrCode } from '../../src/server/modules/qr-codes/qr-codes.queries';
import { ACCOUNTS, call, companyIdOf, signIn } from '../support/server-factories';
import { pdfBase64 } from '../../src/server/modules/company-documents/company-documents.fixtures';

const COMPANY = '/api/company/v1';

/**
 * One record of each kind the connectors, SSO, Outlook, scheduler, delegation, users, impersonation,
 * reports, visitors, services, cockpit, QR codes, real-time map and company documents routes read by
 * id, made by
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
  const send = async <T = unknown>(method: 'POST', url: string, body: unknown): Promise<T> => {
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

  // the administrator's cockpit widget for occupancy (made on the first read of their widgets)
  const widgets = await call(server, 'GET', `${COMPANY}/cockpit/widgets`, {
    subdomain: 'acme',
    token: owner,
  });
  expect(widgets.statusCode, widgets.body).toBe(200);
  const occupancyWidget = widgets
    .json<{ data: Array<{ id: number; type: string }> }>()
    .data.find((widget) => widget.type === 'occupancy')!;
  // A company document with its PDF (read by id by its administrators, the PDF by every reader).
  const companyDocument = await send<{ id: number }>('POST', `${COMPANY}/company-documents`, {
    translations: [{ language_code: 'en', name: 'Tenancy document', content: '<p>Tenancy rules.</p>' }],
    application_ids: [8],
    publish_date: new Date(Date.now() - 3_600_000).toISOString(),
    pdf: { file_name: 'tenancy.pdf', content_base64: await pdfBase64() },
  });

  // a free hour of the room (the meeting above takes it from 9 to 10)
  const free = slot(date, 11, 12);
  const search = new URLSearchParams({ start: free.datetime_from, end: free.datetime_to });

  // a display of the room (its template, its code shown once) with a booker, which `/display/{code}` reads
  const displayTemplate = await send<{ id: number }>('POST', `${COMPANY}/devices/templates`, {
    name: 'Tenancy panel',
    device_type: 'DISPLAY',
    language_id: null,
    accent: 'teal',
    actions: ['book_now', 'check_in', 'check_out'],
    durations: [30],
    is_default: false,
  });
  const display = await send<{ id: number; code: string }>('POST', `${COMPANY}/devices`, {
    name: 'Tenancy display',
    resource_id: roomId,
    template_id: displayTemplate.id,
  });
  await send('POST', `${COMPANY}/devices/users`, {
    model_id: display.id,
    type: 'contact',
    user_ids: [delegateId],
  });

  // the code printed on the room, which its service page (`/service/{code}`) reads
  const roomCode = await ensureQrCode(server.db.kysely, await companyIdOf(server, 'acme'), 1, roomId);

  // a QR label template and the room's code as the QR codes list gives it
  const qrTemplate = await send<{ id: number }>('POST', `${COMPANY}/qr-code-templates`, {
    ...NEW_TEMPLATE,
    name: 'Tenancy labels',
  });
  const roomCodeRow = await server.db.kysely
    .selectFrom('qr_codes')
    .select('id')
    .where('code', '=', roomCode)
    .executeTakeFirstOrThrow();

  // a finished audit-log export, so that its file can be read
  const logExport = await send<{ id: number }>('POST', `${COMPANY}/logs/exports`, {
    from: '2030-01-01T00:00:00Z',
    to: '2030-01-02T00:00:00Z',
  });
  await runLogExports(server.db.kysely);
  // A floor map shown on a wall screen (its realtime switched on, a temporary token issued).
  const maps = await call(server, 'GET', `${COMPANY}/maps`, { subdomain: 'acme', token: owner });
  const mapId = maps.json<{ data: Array<{ id: number }> }>().data[0]!.id;
  const realtime = await call(server, 'PUT', `${COMPANY}/maps/${mapId}`, {
    subdomain: 'acme',
    token: owner,
    body: { realtime: 1 },
  });
  expect(realtime.statusCode, realtime.body).toBe(200);
  const wall = await send<{ access_token: string }>('POST', `${COMPANY}/maps/${mapId}/temp-token`, {
    realtime: true,
  });

  return {
    roomId,
    urls: {
      [`${COMPANY}/logs/exports/{id}`]: `${COMPANY}/logs/exports/${logExport.id}`,
      [`${COMPANY}/logs/exports/{id}/file`]: `${COMPANY}/logs/exports/${logExport.id}/file`,
      // the company's own switch: every company has configs/1
      [`${COMPANY}/logs/configs/{id}`]: `${COMPANY}/logs/configs/1`,
      [`${COMPANY}/qr-code-templates/{id}`]: `${COMPANY}/qr-code-templates/${qrTemplate.id}`,
      [`${COMPANY}/qr-codes/{id}`]: `${COMPANY}/qr-codes/${roomCodeRow.id}`,
      [`${COMPANY}/qr-codes/read/{code}`]: `${COMPANY}/qr-codes/read/${roomCode}`,
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
      [`${COMPANY}/devices/users`]: `${COMPANY}/devices/users?model_id=${display.id}`,
      [`${COMPANY}/display/{code}`]: `${COMPANY}/display/${display.code}`,
      [`${COMPANY}/visitors/{id}`]: `${COMPANY}/visitors/${visitor.id}`,
      [`${COMPANY}/visitors/badge/{visitId}`]: `${COMPANY}/visitors/badge/${visitId}`,
      [`${COMPANY}/visits/{visitId}/{deskId}`]: `${COMPANY}/visits/${visitId}/${desk.id}`,
      [`${COMPANY}/visits/my-visits/{id}`]: `${COMPANY}/visits/my-visits/${visitId}`,
      [`${COMPANY}/services/types/{id}`]: `${COMPANY}/services/types/${serviceType.id}`,
      [`${COMPANY}/services/items/{id}`]: `${COMPANY}/services/items/${serviceItem.id}`,
      [`${COMPANY}/services/items/{id}/image`]: `${COMPANY}/services/items/${serviceItem.id}/image`,
      [`${COMPANY}/services/orders/{id}`]: `${COMPANY}/services/orders/${serviceOrder.order_id}`,
      [`${COMPANY}/services/history`]: `${COMPANY}/services/history?service_order_id=${serviceOrder.order_id}`,
      [`${COMPANY}/cockpit/items/{widgetId}`]: `${COMPANY}/cockpit/items/${occupancyWidget.id}`,
      [`${COMPANY}/cockpit/item/{widgetId}/{itemId}`]: `${COMPANY}/cockpit/item/${occupancyWidget.id}/today`,
      [`${COMPANY}/real-time/maps/{id}`]: `${COMPANY}/real-time/maps/${mapId}`,
      [`${COMPANY}/real-time/wall/{code}`]: `${COMPANY}/real-time/wall/${wall.access_token}`,
      [`${COMPANY}/real-time/wall/{code}/image`]: `${COMPANY}/real-time/wall/${wall.access_token}/image`,
      [`${COMPANY}/company-documents/{id}`]: `${COMPANY}/company-documents/${companyDocument.id}`,
      [`${COMPANY}/company-documents/{id}/pdf`]: `${COMPANY}/company-documents/${companyDocument.id}/pdf`,
      [`${COMPANY}/company-documents/{id}/acceptances`]: `${COMPANY}/company-documents/${companyDocument.id}/acceptances`,
      [`${COMPANY}/company-documents/{id}/acceptances/export`]: `${COMPANY}/company-documents/${companyDocument.id}/acceptances/export`,
      [`${COMPANY}/access/explain`]: `${COMPANY}/access/explain?user_id=${delegateId}&level_id=${floor.levelId}`,
      // one-click: the periods of acme's floor, and where an acme person sits (find-person)
      [`${COMPANY}/one-click/periods`]: `${COMPANY}/one-click/periods?level_id=${floor.levelId}`,
      [`${COMPANY}/one-click/find-person/{id}`]: `${COMPANY}/one-click/find-person/${person.id}`,
    },
  };
}
