import { mutate } from 'swr';
import {
  schedulerMeetingPath,
  schedulerPath,
  schedulerPaths,
  schedulerResourcePath,
  type SchedulerMeeting,
  type SchedulerMeetingList,
  type SchedulerPreview,
  type SchedulerReceptionDeskList,
  type SchedulerResource,
  type SchedulerResourceList,
  type SchedulerState,
} from '../../../shared/contract/scheduler';
import { api } from '../../api/client';
import { refreshApi, useApi } from '../../api/swr';
import { servicePaths } from '../../../shared/contract/services';

/** GET scheduler: my meetings that are not over. */
export const useMeetings = () => useApi<SchedulerMeetingList>(schedulerPath);

export const useMeeting = (id: number | null) =>
  useApi<SchedulerMeeting>(id === null ? null : schedulerMeetingPath(id));

/** GET scheduler/resources: rooms, filtered by level, seats and name. */
export const useRooms = (filters: { levelId: number | null; capacity: number | null; query: string }) =>
  useApi<SchedulerResourceList>(schedulerPaths.resources, {
    searchParams: {
      ...(filters.levelId ? { level_id: filters.levelId } : {}),
      ...(filters.capacity ? { capacity: filters.capacity } : {}),
      ...(filters.query.trim() ? { query: filters.query.trim() } : {}),
    },
  });

/** GET scheduler/reception-desks: where an external attendee may be expected (MY_VISITORS). */
export const useSchedulerReceptionDesks = (enabled: boolean) =>
  useApi<SchedulerReceptionDeskList>(enabled ? schedulerPaths.receptionDesks : null);

export const useRoom = (id: number | null) =>
  useApi<SchedulerResource>(id === null ? null : schedulerResourcePath(id));

/** POST scheduler/preview: conflicts are answers here, not errors, so nothing goes to the modal. */
export const previewMeeting = (state: SchedulerState) =>
  api.post<SchedulerPreview>(schedulerPaths.preview, state, { silent: true });

/** POST scheduler: books the rooms of every occurrence, or nothing (409 naming the dates). */
export async function saveMeeting(state: SchedulerState): Promise<SchedulerMeeting> {
  const meeting = await api.post<SchedulerMeeting>(schedulerPath, state, { silent: true });
  // the orders placed with it too: the services step's list read them before they existed, and
  // their change event reached no screen that was following them then
  await Promise.all([
    mutate((key) => Array.isArray(key) && key[1] === schedulerPath),
    refreshApi(servicePaths.myOrders),
  ]);
  return meeting;
}

/**
 * DELETE scheduler/{id}: the meeting's bookings not yet over are cancelled, its expected visits too
 * (the visitors get the cancellation mail), and the meeting is removed.
 */
export async function cancelMeeting(id: number): Promise<void> {
  await api.delete(schedulerMeetingPath(id), { silent: true });
  await Promise.all([
    mutate((key) => Array.isArray(key) && typeof key[1] === 'string' && key[1].startsWith(schedulerPath)),
    refreshApi(servicePaths.myOrders),
  ]);
}
