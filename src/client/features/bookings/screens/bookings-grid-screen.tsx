import { defaultSubject } from '../../../../shared/booking/subject';
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  ProgressBar,
  Subtitle2,
} from '@fluentui/react-components';
import { ChevronLeft20Regular, ChevronRight20Regular, Dismiss20Regular } from '@fluentui/react-icons';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { anyZoneDay } from '../../../../shared/time/grid';
import { addDays } from '../../../../shared/time/zone';
import { ApiError, errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useRefetchOnDeclarationChange, useRefetchOnEvent } from '../../../realtime';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { useBookingPreferences } from '../../preferences/use-booking-preferences';
import { bookingActions, useGrid, useGridBookings, useGridHead } from '../api';
import { useBookingsStyles } from '../bookings.styles';
import { BookingGrid } from '../components/booking-grid';
import type { GridScale, MinuteSpan } from '../grid-geometry';
import { slotsOf, toGridRows, type GridBlock, type GridRowModel, type HourMark } from '../grid-model';
import { takeHeadAsDay } from '../grid-requests';

const NO_MARKS: HourMark[] = [];

/** An hour is 80 px wide: a quarter-hour step is 20 px, wide enough to aim at with a pointer. */
const PIXELS_PER_MINUTE = 80 / 60;

/** spec §4: other loaders are counters that never go below 0. */
function useLoadCounter() {
  const [count, setCount] = useState(0);
  const track = useCallback(async <T,>(work: () => Promise<T>): Promise<T> => {
    setCount((current) => current + 1);
    try {
      return await work();
    } finally {
      setCount((current) => Math.max(0, current - 1));
    }
  }, []);
  return { busy: count > 0, track };
}

/**
 * spec §8: a refused store or resize says why from its answer; one that got no answer (the network,
 * a timeout, an abort) shows nothing here, the grid staying as it was.
 */
const refusalOf = (error: unknown): string | null =>
  error instanceof ApiError && error.status === null ? null : errorMessage(error);

/**
 * spec §2 /bookings-grid/{presetId}: the preset's resources down, one day across (previous and next
 * day), each resource in its own zone and hours. Drag over free time (or the keyboard) to book,
 * drag an edge to resize; a refusal keeps the grid as it was and says why.
 */
export default function BookingsGridScreen() {
  const styles = useBookingsStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const { search } = useLocation();
  const presetId = Number(useParams().presetId);
  const [params, setParams] = useSearchParams();
  const asked = params.get('date') ?? undefined;
  // The first screen comes first (grid-requests.ts fetchGridHead): the whole day is asked for once
  // it has been drawn (or has failed), while the user already reads it.
  const [headDone, setHeadDone] = useState(false);
  const grid = useGrid(headDone ? presetId : null, asked);
  // The day asked for is the day the grid answers: its bookings are fetched beside it, not after.
  const bookings = useGridBookings(
    presetId,
    !headDone ? null : (asked ?? (grid.isLoading ? null : (grid.data?.date ?? null))),
  );
  // The grid and its bookings of one day, drawn together: while another day loads, the last day stays
  // on screen (its scroll too), busy, so that nothing is booked on a day no longer asked for.
  const current =
    grid.data && bookings.data && !grid.isLoading && !bookings.isLoading
      ? { grid: grid.data, bookings: bookings.data }
      : null;
  const [shown, setShown] = useState(current);
  if (current && (current.grid !== shown?.grid || current.bookings !== shown?.bookings)) setShown(current);
  // Until the first day has come, its first screen: the rows in view with their bookings, the rest
  // of the rows drawn empty (the scrollbar already the whole grid's) and the grid busy.
  const head = useGridHead(presetId, asked ?? null, !shown);
  useEffect(() => {
    if (headDone || (!head.data && !head.error)) return;
    if (head.data) takeHeadAsDay(presetId, asked, head.data);
    // A task after the commit: the first screen goes to the screen before the day's answers come in.
    const later = setTimeout(() => setHeadDone(true), 0);
    return () => clearTimeout(later);
  }, [headDone, head.data, head.error, presetId, asked]);
  const failed = grid.error ?? bookings.error;
  const switching = (!shown && !failed) || grid.isLoading || bookings.isLoading;
  // The day on screen or on its way; none while the address names a day the grid refuses.
  const day = grid.error ? null : (asked ?? shown?.grid.date ?? null);
  const { preferences } = useBookingPreferences();
  const { busy, track } = useLoadCounter();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState('');

  // Other people's bookings show without a reload: a change on one of the grid's resources that
  // day (in any of their zones), once per burst.
  const refresh = () => void bookings.mutate();
  const resourceIds = useMemo(() => new Set(shown?.grid.data.map((resource) => resource.id)), [shown]);
  useRefetchOnDeclarationChange((change) => {
    if (!day || !resourceIds.has(change.resource_id)) return false;
    const { from, to } = anyZoneDay(day);
    return new Date(change.starts_at) < to && new Date(change.ends_at) > from;
  }, refresh);
  // A resource added, moved or closed, a level's hours changed (spec §4 'grid changed'): rows and
  // open hours are read again, once per burst. After a reconnect the hook above rereads the bookings.
  useRefetchOnEvent('grid_changed', (afterReconnect) => {
    void grid.mutate();
    if (!afterReconnect) refresh();
  });

  // No first screen once a day is shown: its request is then off (no key, no data).
  const drawn = shown ?? head.data ?? null;
  const rows = useMemo(() => (drawn ? toGridRows(drawn.grid, drawn.bookings.data) : []), [drawn]);
  const marks = drawn?.grid.hours ?? NO_MARKS;
  const scale = useMemo<GridScale>(
    () => ({
      start: 0,
      end: Math.max(1440, ...rows.map((row) => row.dayMinutes)),
      pixelsPerMinute: PIXELS_PER_MINUTE,
      step: 15,
    }),
    [rows],
  );

  const showDay = (date: string) => {
    setRefusal(null);
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('date', date);
      return next;
    });
  };

  const onCreate = useCallback(
    (row: GridRowModel, span: MinuteSpan) =>
      track(async () => {
        setRefusal(null);
        try {
          await bookingActions.store({
            resource_id: row.id,
            slots: slotsOf(row, span),
            subject: defaultSubject(
              drawn?.grid.data.find((resource) => resource.id === row.id) ?? { capacity: 1 },
              preferences?.defaultMeetingTitle,
            ),
            is_grid: true,
          });
          await bookings.mutate();
          setDone(
            t('bookings.grid.booked', 'Booked {resource} {time}', {
              resource: row.name,
              time: `${row.formatMinute(span.start)} – ${row.formatMinute(span.end)}`,
            }),
          );
          return true;
        } catch (error) {
          setRefusal(refusalOf(error));
          return false;
        }
      }),
    [track, bookings, preferences, drawn, t],
  );

  const onResize = useCallback(
    (row: GridRowModel, block: GridBlock, span: MinuteSpan) =>
      track(async () => {
        setRefusal(null);
        try {
          // spec §3 resize payload: id, resource_id, slots, is_grid (subject, privacy and host stay).
          await bookingActions.resize({
            id: block.id,
            resource_id: row.id,
            slots: slotsOf(row, span),
            is_grid: true,
          });
          await bookings.mutate();
          setDone(
            t('bookings.grid.resized', '{title} now {time}', {
              title: block.title,
              time: `${row.formatMinute(span.start)} – ${row.formatMinute(span.end)}`,
            }),
          );
          return true;
        } catch (error) {
          setRefusal(refusalOf(error));
          return false;
        }
      }),
    [track, bookings, t],
  );

  const infoHref = useCallback(
    (row: GridRowModel) => `${href('r_bookings-grid-info', { presetId, resourceId: row.id })}${search}`,
    [presetId, search],
  );
  // Someone else's booking the user may not see (MY_BOOKINGS alone: no host, no subject) opens its
  // resource's information, not a booking the server would not show.
  const onOpen = useCallback(
    (row: GridRowModel, block: GridBlock) =>
      void navigate(
        block.hidden
          ? infoHref(row)
          : { pathname: href('r_bookings-grid-edit', { presetId, bookingId: block.id }), search },
      ),
    [navigate, presetId, search, infoHref],
  );

  // spec §4: the indicator is on while the grid is requested with the loader (first load, another
  // day) or a creation or resize runs; background refreshes do not show it.
  const loading = switching || busy;

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <Button
          icon={<ChevronLeft20Regular />}
          disabledFocusable={!day}
          onClick={() => day && showDay(addDays(day, -1))}
        >
          {t('bookings.grid.previous', 'Previous day')}
        </Button>
        <Subtitle2 as="h2" aria-live="polite">
          {drawn?.grid.date_label ?? ''}
        </Subtitle2>
        <Button
          icon={<ChevronRight20Regular />}
          iconPosition="after"
          disabledFocusable={!day}
          onClick={() => day && showDay(addDays(day, 1))}
        >
          {t('bookings.grid.next', 'Next day')}
        </Button>
        <span className={styles.grow} />
        <RouterLink to={{ pathname: href('r_bookings-grid-add', { presetId }), search }}>
          {t('bookings.add', 'Add booking')}
        </RouterLink>
      </div>
      <div className={styles.progress}>
        {loading && (
          <ProgressBar
            aria-label={t('bookings.grid.loading', 'Loading the grid…')}
            thickness="large"
            data-testid="grid-loading"
          />
        )}
      </div>
      {failed && <ErrorText message={errorMessage(failed)} />}
      {grid.error && asked && (
        // A day the grid refuses (say ?date=2026-02-30) has no previous or next: today is the way out.
        <Button
          appearance="primary"
          onClick={() =>
            setParams((current) => {
              const next = new URLSearchParams(current);
              next.delete('date');
              return next;
            })
          }
        >
          {t('bookings.grid.today', 'Show today')}
        </Button>
      )}
      {refusal && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{refusal}</MessageBarBody>
          <MessageBarActions
            containerAction={
              <Button
                appearance="transparent"
                aria-label={t('general.actions.close', 'Close')}
                icon={<Dismiss20Regular />}
                onClick={() => setRefusal(null)}
              />
            }
          />
        </MessageBar>
      )}
      <div
        role="status"
        style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      >
        {done}
      </div>
      {!drawn || failed ? null : drawn.grid.total === 0 ? (
        <p>{t('bookings.grid.empty', 'The preset names no resources.')}</p>
      ) : (
        <BookingGrid
          rows={rows}
          scale={scale}
          marks={marks}
          infoHref={infoHref}
          onCreate={onCreate}
          onResize={onResize}
          onOpen={onOpen}
          pending={drawn.grid.total - rows.length}
          busy={busy || switching}
          label={t('bookings.grid.label', 'Bookings of {date}', { date: drawn.grid.date_label })}
        />
      )}
    </div>
  );
}
