import {
  outlookMeetingItemPath,
  outlookMeetingPath,
  outlookMeetingSentPath,
  outlookPaths,
  outlookResourcePath,
  type BookOutlookPlaceBody,
  type BookOutlookResourceBody,
  type CheckOutlookResourceBody,
  type MoveOutlookMeetingBody,
  type OutlookCheck,
  type OutlookFilters,
  type OutlookHorizon,
  type OutlookMeeting,
  type OutlookMeetingList,
  type OutlookPlaces,
  type PlaceKind,
  type OutlookRoom,
  type OutlookRoomList,
} from '../../../shared/contract/outlook';
import { api } from '../../api/client';
import { preloadApi, useApi } from '../../api/swr';

export interface RoomSearch {
  start: Date;
  end: Date;
  attendees: number;
  levelId?: number | null;
  capacity?: number | null;
  resourceType?: number | null;
  attributes?: readonly number[];
}

function searchParams(search: RoomSearch): URLSearchParams {
  const params = new URLSearchParams({
    start: search.start.toISOString(),
    end: search.end.toISOString(),
    attendees: String(search.attendees),
  });
  if (search.levelId) params.set('level_id', String(search.levelId));
  if (search.capacity) params.set('capacity', String(search.capacity));
  if (search.resourceType) params.set('resource_type', String(search.resourceType));
  for (const attribute of search.attributes ?? []) params.append('resource_attribute', String(attribute));
  return params;
}

/** GET outlook/resources: rooms free for the meeting that seat its attendees, best first. */
export const useFreeRooms = (search: RoomSearch | null) =>
  useApi<OutlookRoomList>(search ? outlookPaths.resources : null, {
    searchParams: search ? searchParams(search) : undefined,
  });

/** The same GET, started early (the pane's first list, while the shell still loads the session). */
export const preloadFreeRooms = (search: RoomSearch) =>
  preloadApi<OutlookRoomList>(outlookPaths.resources, { searchParams: searchParams(search) });

/** GET outlook/resources/{id} */
export const useRoom = (id: number | null) =>
  useApi<OutlookRoom>(id === null ? null : outlookResourcePath(id));

/** GET outlook/meetings: the user's meetings that hold a room (the pane menu's booked rooms). */
export const useBookedMeetings = () => useApi<OutlookMeetingList>(outlookPaths.meetings);

/** GET outlook/filters */
export const useSearchFilters = () => useApi<OutlookFilters>(outlookPaths.filters);

/** GET outlook/meetings/{key}; null when the server holds nothing for it. */
export async function fetchMeeting(key: string): Promise<OutlookMeeting | null> {
  try {
    return await api.get<OutlookMeeting>(outlookMeetingPath(key), { silent: true });
  } catch (error) {
    if (error instanceof Error && 'status' in error && (error as { status: number | null }).status === 404)
      return null;
    throw error;
  }
}

/**
 * GET outlook/meetings?item_id: the meeting the server keeps for this Outlook item, or null; for an
 * item that lost (or never kept) its meeting key.
 */
export async function fetchMeetingOfItem(itemId: string): Promise<OutlookMeeting | null> {
  const list = await api.get<OutlookMeetingList>(outlookPaths.meetings, {
    searchParams: { item_id: itemId },
    silent: true,
  });
  return list.data[0] ?? null;
}

let horizon: Promise<number> | null = null;

/**
 * GET outlook/horizon, once per pane: how many days ahead the company lets a series be booked.
 * Asked for a series only, beside its rules' download: a single meeting never waits for it.
 */
export function fetchHorizonDays(): Promise<number> {
  horizon ??= api.get<OutlookHorizon>(outlookPaths.horizon, { silent: true }).then(
    (answer) => answer.days,
    (error: unknown) => {
      horizon = null;
      throw error;
    },
  );
  return horizon;
}

/** The pane shows refusals inline (and in Outlook's info bar), not in the warning modal. */
export const bookRoom = (body: BookOutlookResourceBody) =>
  api.post<OutlookMeeting>(outlookPaths.resource, body, { silent: true });
export const checkRoom = (body: CheckOutlookResourceBody) =>
  api.post<OutlookCheck>(outlookPaths.check, body, { silent: true });
export const moveMeeting = (key: string, body: MoveOutlookMeetingBody) =>
  api.put<OutlookMeeting>(outlookMeetingPath(key), body, { silent: true });
export const linkItem = (key: string, itemId: string) =>
  api.put<OutlookMeeting>(outlookMeetingItemPath(key), { item_id: itemId }, { silent: true });
export const removeMeeting = (key: string) =>
  api.delete<OutlookMeeting>(outlookMeetingPath(key), { silent: true });
/** POST outlook/meetings/{key}/sent: the meeting went out; its pending room is confirmed (send handler). */
export const confirmSent = (key: string) =>
  api.post<OutlookMeeting>(outlookMeetingSentPath(key), undefined, { silent: true });

const placesQuery = (date: string, kind: PlaceKind) => ({ searchParams: { date, kind } });

/**
 * GET outlook/places: the user's desk (or parking place) on the meeting day, else the free ones.
 * Asked only once the user opens the pane's places screen, never before the first free rooms.
 */
export const usePlaces = (date: string | null, kind: PlaceKind) =>
  useApi<OutlookPlaces>(date ? outlookPaths.places : null, date ? placesQuery(date, kind) : {});

/** POST outlook/places: the place booked for the day (the answer is the screen's new state). */
export const bookPlace = (body: BookOutlookPlaceBody) =>
  api.post<OutlookPlaces>(outlookPaths.places, body, { silent: true });
