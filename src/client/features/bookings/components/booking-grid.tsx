import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLabel } from '../../../i18n/i18n';
import { useInitialData } from '../../../session/hooks';
import {
  HEADER_HEIGHT,
  NAME_WIDTH,
  ROW_HEIGHT,
  ROW_OVERSCAN,
  scrollerHeight,
  openingMinute,
  widthOf,
  xOfMinute,
  type GridScale,
} from '../grid-geometry';
import type { GridRowModel, HourMark } from '../grid-model';
import { GridRow } from './booking-grid-row';
import type {
  CreateBooking,
  Cursor,
  Gesture,
  OpenBooking,
  ResizeBooking,
  RowHandlers,
} from './booking-grid-gestures';
import { gridTexts, RESIZE_HINT, ROW_HINT } from './booking-grid-texts';
import { useBookingGridStyles } from './booking-grid.styles';

export interface BookingGridProps {
  rows: readonly GridRowModel[];
  /** rows after these still on their way (the first screen came first): drawn empty */
  pending?: number;
  /** the grid's pixels per minute and width in minutes; each row brings its own step */
  scale: GridScale;
  marks: readonly HourMark[];
  infoHref: (row: GridRowModel) => string;
  onCreate: CreateBooking;
  onResize: ResizeBooking;
  onOpen: OpenBooking;
  /** a creation or resize is under way: no new one starts meanwhile */
  busy: boolean;
  label: string;
}

/**
 * The booking grid: resources down, one day across. Rows are virtualized, so a thousand resources
 * draw as fast as twenty. Free time is selected by dragging (or with the arrow keys, Shift to
 * extend, Enter to book); a booking's edges are dragged to resize it (or Shift+arrows for its end,
 * Alt+arrows for its start, Enter to save, Escape to undo).
 */
export function BookingGrid(props: BookingGridProps) {
  const { rows, scale, busy, label, pending = 0 } = props;
  const styles = useBookingGridStyles();
  const t = useLabel();
  const scroller = useRef<HTMLDivElement>(null);
  // The rule warns for the React Compiler, which this build does not use: nothing here memoizes what
  // the virtualizer answers (its items and size are read on every render, scrollToIndex in a handler).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length + pending,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: ROW_OVERSCAN,
    // The scroller's size before it is measured: its first render then draws every row in view, not
    // the overscan alone followed by a second render of the rest before the first paint.
    initialRect: { width: 0, height: scrollerHeight(window.innerHeight) },
  });
  const [gesture, setGesture] = useState<Gesture | null>(null);
  const [cursor, setCursor] = useState<Cursor | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const width = widthOf(scale);
  // Rows and bookings come and go as the grid scrolls: they take the classes and the label texts from
  // here rather than each inserting the styles and looking the labels up again.
  const texts = useMemo(() => gridTexts(t), [t]);
  const userZone = useInitialData()?.user.timezone ?? null;

  // The day opens at the current hour (today) or the first row's opening, not at midnight.
  const firstRow = rows[0];
  const openedDay = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (!firstRow || !scroller.current || openedDay.current === firstRow.dayStart) return;
    openedDay.current = firstRow.dayStart;
    scroller.current.scrollLeft = xOfMinute(scale, openingMinute(firstRow, Date.now()));
  }, [firstRow, scale]);

  const focusRow = useCallback(
    (index: number) => {
      const row = rows[index];
      if (!row) return;
      virtualizer.scrollToIndex(index, { align: 'auto' });
      // The row may only now be drawn.
      requestAnimationFrame(() =>
        scroller.current?.querySelector<HTMLElement>(`[data-timeline="${row.id}"]`)?.focus(),
      );
    },
    [rows, virtualizer],
  );

  // What rows call back through: read in their event handlers only, so a row need not redraw when
  // the screen's callbacks are new ones.
  const handlers = useRef<RowHandlers>(null as unknown as RowHandlers);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- refreshed after every render on purpose
  useLayoutEffect(() => {
    handlers.current = {
      onCreate: props.onCreate,
      onResize: props.onResize,
      onOpen: props.onOpen,
      setGesture,
      setCursor,
      announce: setAnnouncement,
      focusRow,
      busy,
    };
  });

  return (
    <div
      className={styles.scroller}
      ref={scroller}
      role="region"
      aria-label={label}
      aria-busy={busy || undefined}
    >
      <div style={{ width: NAME_WIDTH + width, height: HEADER_HEIGHT + virtualizer.getTotalSize() }}>
        <div className={styles.header} style={{ width: NAME_WIDTH + width }} aria-hidden>
          <div className={styles.corner}>{t('bookings.grid.resource', 'Resource')}</div>
          <div className={styles.hours} style={{ width }}>
            {props.marks.map((mark) => (
              <span key={mark.minute} className={styles.hour} style={{ left: xOfMinute(scale, mark.minute) }}>
                {mark.label}
              </span>
            ))}
          </div>
        </div>
        <div className={styles.body} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row)
              return (
                <div
                  key={`pending-${item.index}`}
                  className={styles.row}
                  style={{ top: item.start, width: NAME_WIDTH + width }}
                  aria-hidden
                >
                  <div className={styles.name}>
                    <span className={styles.pendingName} />
                  </div>
                </div>
              );
            return (
              <GridRow
                key={row.id}
                row={row}
                zone={userZone}
                index={item.index}
                top={item.start}
                scale={scale}
                width={width}
                busy={busy}
                marks={props.marks}
                infoHref={props.infoHref}
                gesture={gesture?.rowId === row.id ? gesture : null}
                cursor={cursor?.rowId === row.id ? cursor : null}
                handlers={handlers}
                styles={styles}
                t={t}
                texts={texts}
              />
            );
          })}
        </div>
      </div>
      <span id={RESIZE_HINT} style={VISUALLY_HIDDEN}>
        {t(
          'bookings.grid.resize-hint',
          'Shift and the arrow keys move its end, Alt and the arrow keys its start; Enter saves, Escape undoes.',
        )}
      </span>
      <span id={ROW_HINT} style={VISUALLY_HIDDEN}>
        {t(
          'bookings.grid.row-hint',
          'The arrow keys choose a time, Shift extends it, Enter books it; up and down change the resource.',
        )}
      </span>
      <div aria-live="polite" style={VISUALLY_HIDDEN}>
        {announcement}
      </div>
    </div>
  );
}

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
