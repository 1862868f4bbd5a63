import { bookingPaths, gridPath } from '../../../shared/contract/bookings-paths';
import type { Grid, GridBookings } from '../../../shared/contract/bookings';
import { preferencePaths } from '../../../shared/contract/preferences';
import { api } from '../../api/client';
import { preloadApi, startEarly } from '../../api/swr';

// The grid's requests, shared by the screen's hooks (api.ts) and the route table's prefetch: a
// small module of the first download, without the booking schemas.

export const gridQuery = (date: string | undefined) => ({ searchParams: date ? { date } : undefined });

export const gridBookingsKey = (presetId: number, date: string) =>
  ['bookings-grid-bookings', presetId, date] as const;

const gridBookingsBody = (presetId: number, date: string) => ({ preset_id: presetId, date });

export const fetchGridBookings = (presetId: number, date: string) => () =>
  api.post<GridBookings>(bookingPaths.gridBookings, gridBookingsBody(presetId, date));

/** The grid screen's first answers (grid, its day's bookings, the user's preferences), started early. */
export function preloadGrid(presetId: number, date: string | undefined): void {
  if (!Number.isInteger(presetId) || presetId <= 0) return;
  preloadApi<Grid>(gridPath(presetId), gridQuery(date));
  if (date)
    startEarly(gridBookingsKey(presetId, date), () =>
      api.postNow<GridBookings>(bookingPaths.gridBookings, gridBookingsBody(presetId, date)),
    );
  preloadApi(preferencePaths.userAll);
}
