import useSWR, { mutate } from 'swr';
import type {
  Booking,
  BookingPreset,
  BookingPresetList,
  CreatePresetBody,
  DeclarationCost,
  DeclarationCostBody,
  Grid,
  GridBookings,
  PresetResult,
  ResizeBody,
  ResourcesAvailability,
  ResourcesAvailabilityBody,
  StoreBookingBody,
  UpdateBookingBody,
  UpdatePresetBody,
} from '../../../shared/contract/bookings';
import {
  bookingPath,
  bookingPaths,
  bookingPresetActivatePath,
  bookingPresetPath,
  gridPath,
  presetBookingsPath,
} from '../../../shared/contract/bookings-paths';
import type { APPROVAL_STATUSES } from '../../../shared/booking/declaration-rules';
import type { Declaration } from '../../../shared/contract/declarations';
import { approveStatusId, declarationPaths } from '../../../shared/contract/declarations-paths';
import type { DelegationList, DelegationPerson } from '../../../shared/contract/delegations';
import { delegationsPath } from '../../../shared/contract/delegations-paths';
import { api } from '../../api/client';
import type { ApiError } from '../../api/errors';
import { useApi, useEarly } from '../../api/swr';
import { fillPath } from '../../routing/tree';
import {
  fetchGridBookings,
  fetchGridHead,
  gridBookingsKey,
  gridHeadKey,
  gridQuery,
  type GridDayAnswers,
} from './grid-requests';

/** The refusals of these calls show where they happened (the form, the grid), not in the warning modal. */
const silent = { silent: true } as const;
const SWR_OPTIONS = { revalidateOnFocus: false, shouldRetryOnError: false } as const;

/**
 * After a booking is stored, changed or deleted here: every cached list, grid and grid-bookings
 * answer is fetched again (the grid stays mounted under its add and edit screens).
 */
export function refreshBookings(): Promise<unknown> {
  return mutate((key) => {
    if (!Array.isArray(key)) return false;
    const [kind, path] = key as unknown[];
    return (
      (typeof kind === 'string' && kind.startsWith('bookings-')) ||
      (kind === 'api' && typeof path === 'string' && path.includes('/bookings/grid'))
    );
  });
}

export function usePresets() {
  return useApi<BookingPresetList>(bookingPaths.presets);
}

/** spec §7 POST bookings per preset; a POST that reads, so swr keys it by the preset and extension. */
export function usePresetBookings(presetId: number | null, extendPeriod = 0) {
  return useSWR<PresetResult, ApiError>(
    presetId === null ? null : ['bookings-preset', presetId, extendPeriod],
    // The query goes as searchParams: the client's lang parameter replaces a query written in the path.
    () =>
      api.post<PresetResult>(
        presetBookingsPath(presetId!),
        {},
        {
          searchParams: extendPeriod > 0 ? { extend_period: extendPeriod } : undefined,
        },
      ),
    { ...SWR_OPTIONS, keepPreviousData: true },
  );
}

/** The grid and its bookings keep the day on screen while another day loads (the grid's scroll stays). */
export function useGrid(presetId: number | null, date: string | undefined) {
  return useApi<Grid>(presetId === null ? null : gridPath(presetId), gridQuery(date), {
    keepPreviousData: true,
  });
}

export function useGridBookings(presetId: number, date: string | null) {
  return useEarly<GridBookings>(
    date === null ? null : gridBookingsKey(presetId, date),
    fetchGridBookings(presetId, date!),
    { keepPreviousData: true },
  );
}

/**
 * The first screen of the day (grid-requests.ts fetchGridHead), asked for only while `wanted`:
 * while the grid has nothing on screen and the whole day has not come.
 */
export function useGridHead(presetId: number, date: string | null, wanted: boolean) {
  return useEarly<GridDayAnswers>(wanted ? gridHeadKey(presetId, date) : null, () =>
    fetchGridHead(presetId, date),
  );
}

/**
 * The people who delegated MY_BOOKINGS to the user and for whom it is in force now (spec §5
 * delegations): the booking form offers to book for them. Asked only when `ask` (when the user may
 * not book for anyone anyway); a refusal reads as nobody.
 */
export function useDelegators(ask: boolean): DelegationPerson[] {
  const received = useApi<DelegationList>(ask ? delegationsPath : null, {
    searchParams: { direction: 'received' },
    silent: true,
  });
  return (received.data?.data ?? [])
    .filter((delegation) => delegation.in_force.includes('MY_BOOKINGS'))
    .map((delegation) => delegation.delegated_by);
}

export function useBooking(id: number | null) {
  return useApi<Booking>(id === null ? null : bookingPath(id));
}

export const presetActions = {
  create: (body: CreatePresetBody) => api.post<BookingPreset>(bookingPaths.presets, body, silent),
  update: (id: number, body: UpdatePresetBody) => api.put<BookingPreset>(bookingPresetPath(id), body, silent),
  setActive: (id: number, active: boolean) =>
    api.post<BookingPreset>(bookingPresetActivatePath(id, active), {}, silent),
  reorder: (order: { id: number; order: number }[]) =>
    api.post<BookingPresetList>(bookingPaths.presetsOrder, { order }, silent),
  remove: (id: number) => api.delete<unknown>(bookingPresetPath(id), silent),
};

export const bookingActions = {
  store: (body: StoreBookingBody) =>
    api.post<Booking | { data: Booking[] }>(bookingPaths.store, body, silent),
  update: (id: number, body: UpdateBookingBody) => api.put<Booking>(bookingPath(id), body, silent),
  resize: (body: ResizeBody) => api.put<Booking>(bookingPaths.resize, body, silent),
  remove: (id: number) => api.delete<Booking>(bookingPath(id), silent),
  availability: (body: ResourcesAvailabilityBody) =>
    api.post<ResourcesAvailability>(bookingPaths.resourcesAvailability, body, silent),
  cost: (body: DeclarationCostBody) => api.post<DeclarationCost>(bookingPaths.declarationCost, body, silent),
  /** spec §7 GET declarations/assign/{declarationId}/{statusId} */
  assignApproval: (id: number, status: (typeof APPROVAL_STATUSES)[number]) =>
    api.get<Declaration>(
      fillPath(declarationPaths.assign, { declarationId: id, statusId: approveStatusId(status) }),
      silent,
    ),
};
