import {
  connectorPaths,
  withId,
  withProvider,
  type CalendarAuthUrl,
  type CalendarConnector,
  type CalendarField,
  type ConnectorType,
  type CreateCalendarBody,
  type IntranetBody,
  type IntranetLink,
  type LinkableProvider,
  type LinkedUser,
  type MappableRoom,
  type MappingsBody,
  type OwnCalendarLink,
  type UpdateCalendarBody,
} from '../../../shared/contract/connectors';
import { api } from '../../api/client';
import { refreshApi, useApi } from '../../api/swr';

type List<T> = { data: T[] };

/**
 * Changes answer their errors inline, beside the fields and in the form's message, instead of the
 * warning modal, which would cover the very field that needs fixing.
 */
const INLINE = { silent: true } as const;

export const useConnectorTypes = () => useApi<List<ConnectorType>>(connectorPaths.types);
export const useCalendars = () => useApi<List<CalendarConnector>>(connectorPaths.calendars);
export const useCalendar = (id: number | null) =>
  useApi<CalendarConnector>(id === null ? null : withId(connectorPaths.calendar, id));
export const useCalendarField = (id: number | null) =>
  useApi<CalendarField>(id === null ? null : withId(connectorPaths.calendarField, id));
export const useRooms = () => useApi<List<MappableRoom>>(connectorPaths.rooms);
export const useLinkedUsers = (calendarId: number) =>
  useApi<List<LinkedUser>>(connectorPaths.linkedUsers, { searchParams: { calendar_id: calendarId } });
export const useIntranets = () => useApi<List<IntranetLink>>(connectorPaths.intranets);
export const useIntranet = (id: number | null) =>
  useApi<IntranetLink>(id === null ? null : withId(connectorPaths.intranet, id));
export const useOwnLink = (provider: LinkableProvider) =>
  useApi<OwnCalendarLink>(withProvider(connectorPaths.ownLink, provider));

export const createCalendar = (body: CreateCalendarBody) =>
  api.post<CalendarConnector>(connectorPaths.calendars, body, INLINE);
export const updateCalendar = (id: number, body: UpdateCalendarBody) =>
  api.put<CalendarConnector>(withId(connectorPaths.calendar, id), body, INLINE);
export const deleteCalendar = (id: number) =>
  api.delete<CalendarConnector>(withId(connectorPaths.calendar, id), INLINE);
export const saveMappings = (id: number, body: MappingsBody) =>
  api.put<CalendarConnector>(withId(connectorPaths.calendarMappings, id), body, INLINE);
export const createField = (calendarId: number, key: string, value: string) =>
  api.post<CalendarField>(connectorPaths.calendarFields, { calendar_id: calendarId, key, value }, INLINE);
/**
 * A field changed or removed: its connector's page reads it again, and the field itself when it is
 * still there (a removed one would answer 404 to its own screen).
 */
async function fieldChanged(field: CalendarField, removed = false): Promise<CalendarField> {
  await Promise.all([
    refreshApi(withId(connectorPaths.calendar, field.calendar_id)),
    refreshApi(connectorPaths.calendars),
    removed ? null : refreshApi(withId(connectorPaths.calendarField, field.id)),
  ]);
  return field;
}
export const updateField = async (id: number, value: string) =>
  fieldChanged(await api.put<CalendarField>(withId(connectorPaths.calendarField, id), { value }, INLINE));
export const deleteField = async (id: number) =>
  fieldChanged(await api.delete<CalendarField>(withId(connectorPaths.calendarField, id), INLINE), true);
export const deleteLinkedUser = (id: number) =>
  api.delete<LinkedUser>(withId(connectorPaths.linkedUser, id), INLINE);
/** An intranet link changed: the list reads it again, and the link itself unless it was deleted. */
async function intranetChanged(link: IntranetLink, removed = false): Promise<IntranetLink> {
  await Promise.all([
    refreshApi(connectorPaths.intranets),
    removed ? null : refreshApi(withId(connectorPaths.intranet, link.id)),
  ]);
  return link;
}
export const createIntranet = async (body: IntranetBody) =>
  intranetChanged(await api.post<IntranetLink>(connectorPaths.intranets, body, INLINE));
export const updateIntranet = async (id: number, body: IntranetBody) =>
  intranetChanged(await api.put<IntranetLink>(withId(connectorPaths.intranet, id), body, INLINE));
export const deleteIntranet = async (id: number) =>
  intranetChanged(await api.delete<IntranetLink>(withId(connectorPaths.intranet, id), INLINE), true);
export const calendarAuthUrl = (provider: LinkableProvider) =>
  api.get<CalendarAuthUrl>(withProvider(connectorPaths.authUrl, provider), INLINE);
export const unlinkOwn = (provider: LinkableProvider) =>
  api.delete<OwnCalendarLink>(withProvider(connectorPaths.ownLink, provider), INLINE);
