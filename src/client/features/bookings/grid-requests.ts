import { bookingPaths, gridPath } from '../../../shared/contract/bookings-paths';
import type { Grid, GridBookings } from '../../../shared/contract/bookings';
import { preferencePaths } from '../../../shared/contract/preferences';
import { api } from '../../api/client';
import { preloadApi, seedApi, startEarly } from '../../api/swr';
import { firstScreenRows } from './grid-geometry';

// The grid's requests, shared by the screen's hooks (api.ts) and the route table's prefetch: a
// small module of the first download, without the booking schemas.

export const gridQuery = (date: string | undefined) => ({ searchParams: date ? { date } : undefined });

export const gridBookingsKey = (presetId: number, date: string) =>
  ['bookings-grid-bookings', presetId, date] as const;

const gridBookingsBody = (presetId: number, date: string) => ({ preset_id: presetId, date });

export const fetchGridBookings = (presetId: number, date: string) => () =>
  api.post<GridBookings>(bookingPaths.gridBookings, gridBookingsBody(presetId, date));

/** The grid's answers for a day: its rows and their bookings. */
export interface GridDayAnswers {
  grid: Grid;
  bookings: GridBookings;
}

/**
 * The grid's first screen: the first rows of the day and their bookings, asked for as a window
 * (spec-silent, ours) so that a grid of a thousand resources draws what is in view before the
 * whole day has come. As many rows as the window shows (the same figure for the prefetch and the
 * screen: the key carries it).
 */
export const gridHeadKey = (presetId: number, date: string | null) =>
  ['bookings-grid-head', presetId, date, firstScreenRows(window.innerHeight)] as const;

/**
 * The first screen's two answers, sent at once (`now`: before the calling task ends) where the day
 * is known, else its bookings once the grid has said which day is today. Silent: the whole day's
 * answers, asked for beside it, say what went wrong.
 */
export function fetchGridHead(presetId: number, date: string | null, now = false): Promise<GridDayAnswers> {
  const limit = firstScreenRows(window.innerHeight);
  const get = now ? api.getNow : api.get;
  const post = now ? api.postNow : api.post;
  const grid = get<Grid>(gridPath(presetId), {
    searchParams: { ...(date ? { date } : {}), limit },
    silent: true,
  });
  const bookingsOf = (day: string) =>
    post<GridBookings>(
      bookingPaths.gridBookings,
      { ...gridBookingsBody(presetId, day), limit },
      { silent: true },
    );
  if (date === null)
    return grid.then(async (head) => ({ grid: head, bookings: await bookingsOf(head.date) }));
  return Promise.all([grid, bookingsOf(date)]).then(([head, bookings]) => ({ grid: head, bookings }));
}

/**
 * A first screen that holds every row is the whole day: the screen's next fetch of the day's grid
 * and bookings takes it instead of asking again.
 */
export function takeHeadAsDay(presetId: number, date: string | undefined, head: GridDayAnswers): void {
  if (head.grid.data.length < head.grid.total) return;
  seedApi(gridPath(presetId), gridQuery(date), head.grid);
  startEarly(gridBookingsKey(presetId, head.grid.date), () => Promise.resolve(head.bookings));
}

/**
 * The grid screen's first answers (its first screen, the user's preferences), started early. The
 * whole day is asked for by the screen once the first screen is drawn.
 */
export function preloadGrid(presetId: number, date: string | undefined): void {
  if (!Number.isInteger(presetId) || presetId <= 0) return;
  startEarly(gridHeadKey(presetId, date ?? null), () => fetchGridHead(presetId, date ?? null, true));
  preloadApi(preferencePaths.userAll);
}
