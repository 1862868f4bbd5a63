import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { IdParam } from '../../../shared/contract/common';
import {
  CalendarAuthUrl,
  CalendarConnector,
  CalendarConnectorList,
  CalendarField,
  CalendarFieldList,
  CalendarFieldQuery,
  connectorPaths,
  ConnectorTypeList,
  CreateCalendarBody,
  CreateCalendarFieldBody,
  IntranetBody,
  IntranetLink,
  IntranetLinkList,
  LinkedUser,
  LinkedUserList,
  LinkedUserQuery,
  MappableRoomList,
  MappingsBody,
  OAuthCallbackQuery,
  OwnCalendarLink,
  ProviderParam,
  UpdateCalendarBody,
  UpdateCalendarFieldBody,
  withProvider,
  type LinkableProvider,
} from '../../../shared/contract/connectors';
import type { PermissionRequirement } from '../../../shared/permissions';
import type { AppDeps } from '../../context';
import { ERROR_RESPONSES } from '../../http/schemas';
import {
  calendarAuthUrl,
  completeCalendarLink,
  deleteLinkedUser,
  listLinkedUsers,
  ownLink,
  unlinkOwn,
} from './calendar-links.service';
import { createField, deleteField, getField, listFields, updateField } from './calendar-fields.service';
import { listRooms, replaceMappings } from './calendar-mappings.service';
import {
  createCalendar,
  deleteCalendar,
  getCalendar,
  listCalendars,
  updateCalendar,
} from './calendars.service';
import { connectorContext } from './connectors.context';
import {
  createIntranet,
  deleteIntranet,
  getIntranet,
  listIntranets,
  updateIntranet,
} from './intranet.service';

/** spec §6 CONNECTORS (CRUD): each call asks for the action it performs. */
const may = (action: 'create' | 'read' | 'update' | 'delete'): PermissionRequirement => [
  'CONNECTORS',
  action,
];
/** The user's own calendar link is part of their profile (spec §2 /profile, USER_PROFILE). */
const OWN_READ: PermissionRequirement = ['USER_PROFILE', 'read'];
const OWN_CHANGE: PermissionRequirement = ['USER_PROFILE', 'update'];

export function registerConnectorRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['connectors'];
  const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...ERROR_RESPONSES });
  const ctx = (request: Parameters<typeof connectorContext>[0]) => connectorContext(request, deps);
  const redirectUri = (provider: LinkableProvider) =>
    `${deps.originOf(null)}${withProvider(connectorPaths.oauthCallback, provider)}`;

  app.get(
    connectorPaths.types,
    { config: { auth: true, permission: may('read') }, schema: { tags, response: ok(ConnectorTypeList) } },
    async () => ({
      data: await deps.db.kysely
        .selectFrom('connector_types')
        .select(['id', 'key', 'name'])
        .orderBy('id')
        .execute(),
    }),
  );

  // calendars
  const one = { tags, params: IdParam, response: ok(CalendarConnector) };
  app.get(
    connectorPaths.calendars,
    {
      config: { auth: true, permission: may('read') },
      schema: { tags, response: ok(CalendarConnectorList) },
    },
    async (request) => listCalendars(ctx(request)),
  );
  app.post(
    connectorPaths.calendars,
    {
      config: { auth: true, permission: may('create') },
      schema: { tags, body: CreateCalendarBody, response: ok(CalendarConnector) },
    },
    async (request) => createCalendar(ctx(request), request.body),
  );
  app.get(
    connectorPaths.calendar,
    { config: { auth: true, permission: may('read') }, schema: one },
    async (request) => getCalendar(ctx(request), request.params.id),
  );
  app.put(
    connectorPaths.calendar,
    { config: { auth: true, permission: may('update') }, schema: { ...one, body: UpdateCalendarBody } },
    async (request) => updateCalendar(ctx(request), request.params.id, request.body),
  );
  app.delete(
    connectorPaths.calendar,
    { config: { auth: true, permission: may('delete') }, schema: one },
    async (request) => deleteCalendar(ctx(request), request.params.id),
  );
  app.put(
    connectorPaths.calendarMappings,
    { config: { auth: true, permission: may('update') }, schema: { ...one, body: MappingsBody } },
    async (request) => replaceMappings(ctx(request), request.params.id, request.body),
  );
  app.get(
    connectorPaths.rooms,
    { config: { auth: true, permission: may('read') }, schema: { tags, response: ok(MappableRoomList) } },
    async (request) => listRooms(ctx(request)),
  );

  // calendar fields
  const field = { tags, params: IdParam, response: ok(CalendarField) };
  app.get(
    connectorPaths.calendarFields,
    {
      config: { auth: true, permission: may('read') },
      schema: { tags, querystring: CalendarFieldQuery, response: ok(CalendarFieldList) },
    },
    async (request) => listFields(ctx(request), request.query.calendar_id),
  );
  app.post(
    connectorPaths.calendarFields,
    {
      config: { auth: true, permission: may('create') },
      schema: { tags, body: CreateCalendarFieldBody, response: ok(CalendarField) },
    },
    async (request) => createField(ctx(request), request.body),
  );
  app.get(
    connectorPaths.calendarField,
    { config: { auth: true, permission: may('read') }, schema: field },
    async (request) => getField(ctx(request), request.params.id),
  );
  app.put(
    connectorPaths.calendarField,
    {
      config: { auth: true, permission: may('update') },
      schema: { ...field, body: UpdateCalendarFieldBody },
    },
    async (request) => updateField(ctx(request), request.params.id, request.body.value),
  );
  app.delete(
    connectorPaths.calendarField,
    { config: { auth: true, permission: may('delete') }, schema: field },
    async (request) => deleteField(ctx(request), request.params.id),
  );

  // linked users
  app.get(
    connectorPaths.linkedUsers,
    {
      config: { auth: true, permission: may('read') },
      schema: { tags, querystring: LinkedUserQuery, response: ok(LinkedUserList) },
    },
    async (request) => listLinkedUsers(ctx(request), request.query.calendar_id),
  );
  app.delete(
    connectorPaths.linkedUser,
    {
      config: { auth: true, permission: may('delete') },
      schema: { tags, params: IdParam, response: ok(LinkedUser) },
    },
    async (request) => deleteLinkedUser(ctx(request), request.params.id),
  );

  // intranet links
  const intranet = { tags, params: IdParam, response: ok(IntranetLink) };
  app.get(
    connectorPaths.intranets,
    { config: { auth: true, permission: may('read') }, schema: { tags, response: ok(IntranetLinkList) } },
    async (request) => listIntranets(ctx(request)),
  );
  app.post(
    connectorPaths.intranets,
    {
      config: { auth: true, permission: may('create') },
      schema: { tags, body: IntranetBody, response: ok(IntranetLink) },
    },
    async (request) => createIntranet(ctx(request), request.body),
  );
  app.get(
    connectorPaths.intranet,
    { config: { auth: true, permission: may('read') }, schema: intranet },
    async (request) => getIntranet(ctx(request), request.params.id),
  );
  app.put(
    connectorPaths.intranet,
    { config: { auth: true, permission: may('update') }, schema: { ...intranet, body: IntranetBody } },
    async (request) => updateIntranet(ctx(request), request.params.id, request.body),
  );
  app.delete(
    connectorPaths.intranet,
    { config: { auth: true, permission: may('delete') }, schema: intranet },
    async (request) => deleteIntranet(ctx(request), request.params.id),
  );

  // the signed-in user's own calendar link (profile sync-with-outlook, sync-with-google)
  app.get(
    connectorPaths.ownLink,
    {
      config: { auth: true, permission: OWN_READ },
      schema: { tags, params: ProviderParam, response: ok(OwnCalendarLink) },
    },
    async (request) => ownLink(ctx(request), request.params.provider),
  );
  app.delete(
    connectorPaths.ownLink,
    {
      config: { auth: true, permission: OWN_CHANGE },
      schema: { tags, params: ProviderParam, response: ok(OwnCalendarLink) },
    },
    async (request) => unlinkOwn(ctx(request), request.params.provider),
  );
  app.get(
    connectorPaths.authUrl,
    {
      config: { auth: true, permission: OWN_CHANGE },
      schema: { tags, params: ProviderParam, response: ok(CalendarAuthUrl) },
    },
    async (request) =>
      calendarAuthUrl(ctx(request), request.params.provider, redirectUri(request.params.provider)),
  );
  // The provider's redirect: a browser navigation without token or Subdomain; the state names the company.
  app.get(
    connectorPaths.oauthCallback,
    {
      schema: {
        tags,
        params: ProviderParam,
        querystring: OAuthCallbackQuery,
        response: { ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const result = await completeCalendarLink(deps, provider, request.query, redirectUri(provider));
      const target = new URL(`${deps.originOf(result.subdomain)}/profile/sync-with-${provider}`);
      target.searchParams.set('result', result.outcome);
      if (result.message) target.searchParams.set('message', result.message);
      return (reply as unknown as FastifyReply)
        .header('cache-control', 'no-store')
        .redirect(target.toString(), 303);
    },
  );
}
