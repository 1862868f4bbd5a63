import { mergeClasses } from '@fluentui/react-components';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useLabel, type LabelFn } from '../../../i18n/i18n';
import { format } from '../../../../shared/validation/messages';
import {
  dragSelection,
  firstStep,
  HEADER_HEIGHT,
  keyboardSelection,
  NAME_WIDTH,
  resizedSpan,
  ROW_HEIGHT,
  ROW_OVERSCAN,
  scrollerHeight,
  stepCursor,
  widthOf,
  xOfMinute,
  type Edge,
  type GridScale,
  type MinuteSpan,
} from '../grid-geometry';
import type { GridBlock, GridRowModel, HourMark } from '../grid-model';
import { useBookingGridStyles } from './booking-grid.styles';

export interface BookingGridProps {
  rows: readonly GridRowModel[];
  /** rows after these still on their way (the first screen came first): drawn empty */
  pending?: number;
  /** the grid's pixels per minute and width in minutes; each row brings its own step */
  scale: GridScale;
  marks: readonly HourMark[];
  infoHref: (row: GridRowModel) => string;
  /** answers whether the booking was made; the grid shows nothing new until the caller's data does */
  onCreate: (row: GridRowModel, span: MinuteSpan) => Promise<boolean>;
  onResize: (row: GridRowModel, block: GridBlock, span: MinuteSpan) => Promise<boolean>;
  onOpen: (row: GridRowModel, block: GridBlock) => void;
  /** a creation or resize is under way: no new one starts meanwhile */
  busy: boolean;
  label: string;
}

type Gesture =
  | { kind: 'create'; rowId: number; fromX: number; span: MinuteSpan | null; moved: boolean }
  | { kind: 'resize'; rowId: number; blockId: number; edge: Edge; fromX: number; span: MinuteSpan };

/** A keyboard selection on one row: anchor and cursor steps. */
interface Cursor {
  rowId: number;
  anchor: number;
  cursor: number;
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

type GridStyles = ReturnType<typeof useBookingGridStyles>;

/** The labels every row and booking shows, looked up once; placeholders filled per row. */
interface GridTexts {
  rowRole: string;
  /** 'Free time of {resource}' */
  row: string;
  /** '{title}, {time}, {before} min free before, {after} min free after' */
  booking: string;
  /** the title of a booking whose subject and host the user may not see */
  taken: string;
}

const gridTexts = (t: LabelFn): GridTexts => ({
  rowRole: t('bookings.grid.row-role', 'booking row'),
  row: t('bookings.grid.row', 'Free time of {resource}'),
  booking: t('bookings.grid.booking', '{title}, {time}, {before} min free before, {after} min free after'),
  taken: t('bookings.grid.booked', 'Booked'),
});

const RESIZE_HINT = 'booking-grid-resize-hint';
/** How far the pointer moves before a press on free time is a drag that books. */
const DRAG_THRESHOLD_PX = 6;
const ROW_HINT = 'booking-grid-row-hint';

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

interface RowHandlers {
  onCreate: BookingGridProps['onCreate'];
  onResize: BookingGridProps['onResize'];
  onOpen: BookingGridProps['onOpen'];
  setGesture: (gesture: Gesture | null) => void;
  setCursor: (cursor: Cursor | null) => void;
  announce: (text: string) => void;
  focusRow: (index: number) => void;
  busy: boolean;
}

interface RowProps {
  row: GridRowModel;
  index: number;
  top: number;
  scale: GridScale;
  width: number;
  busy: boolean;
  marks: readonly HourMark[];
  infoHref: (row: GridRowModel) => string;
  gesture: Gesture | null;
  cursor: Cursor | null;
  handlers: RefObject<RowHandlers>;
  styles: GridStyles;
  t: LabelFn;
  texts: GridTexts;
}

/** What a selection cannot cross: the bookings and the closed time between the day's openings. */
function spansOf(row: GridRowModel): MinuteSpan[] {
  return [...row.closed, ...row.blocks.map((block) => block.span)];
}

/** Where the hour marks' lines lie on a row: from the first mark to the last, one every mark (an hour). */
function hourLinesStyle(scale: GridScale, marks: readonly HourMark[]) {
  if (marks.length === 0) return null;
  const left = xOfMinute(scale, marks[0]!.minute);
  const right = xOfMinute(scale, marks.at(-1)!.minute);
  const period = marks.length > 1 ? xOfMinute(scale, marks[1]!.minute) - left : 1;
  return { left, width: right - left + 1, backgroundSize: `${Math.max(1, period)}px 100%` };
}

const describe = (formatMinute: (minute: number) => string, span: MinuteSpan) =>
  `${formatMinute(span.start)} – ${formatMinute(span.end)}`;

// A row redraws when its data, place or gesture change; scrolling only draws the rows coming in.
const GridRow = memo(function GridRow(props: RowProps) {
  const { row, index, top, width, busy, gesture, cursor, handlers, styles, t, texts } = props;
  const { pixelsPerMinute } = props.scale;
  const scale = useMemo(
    () => ({ start: 0, end: row.dayMinutes, pixelsPerMinute, step: row.step }),
    [row.dayMinutes, row.step, pixelsPerMinute],
  );
  const formatMinute = row.formatMinute;
  const keyboardSpan = cursor
    ? keyboardSelection(cursor.anchor, cursor.cursor, row.open, spansOf(row), scale.step)
    : null;
  const selection = gesture?.kind === 'create' ? gesture.span : keyboardSpan;

  const localX = (event: PointerEvent<HTMLElement>) =>
    event.clientX - event.currentTarget.getBoundingClientRect().left;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || busy) return;
    const x = localX(event);
    const span = dragSelection(scale, x, x, row.open, spansOf(row));
    if (!span) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    handlers.current.setCursor(null);
    handlers.current.setGesture({ kind: 'create', rowId: row.id, fromX: x, span, moved: false });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (gesture?.kind !== 'create') return;
    const x = localX(event);
    const span = dragSelection(scale, gesture.fromX, x, row.open, spansOf(row));
    const moved = gesture.moved || Math.abs(x - gesture.fromX) >= DRAG_THRESHOLD_PX;
    if (
      moved !== gesture.moved ||
      (span && (span.start !== gesture.span?.start || span.end !== gesture.span?.end))
    )
      handlers.current.setGesture({ ...gesture, span: span ?? gesture.span, moved });
  };
  const onPointerUp = () => {
    if (gesture?.kind !== 'create') return;
    handlers.current.setGesture(null);
    // A click alone books nothing (it focuses the row): only a drag over free time does.
    if (gesture.span && gesture.moved) void handlers.current.onCreate(row, gesture.span);
  };

  const select = (updated: Cursor) => {
    handlers.current.setCursor(updated);
    const span = keyboardSelection(updated.anchor, updated.cursor, row.open, spansOf(row), scale.step);
    handlers.current.announce(
      span
        ? t('bookings.grid.selected', 'Selected {time} on {resource}', {
            time: describe(formatMinute, span),
            resource: row.name,
          })
        : t('bookings.grid.taken', '{time} on {resource} cannot be booked', {
            time: describe(formatMinute, { start: updated.cursor, end: updated.cursor + scale.step }),
            resource: row.name,
          }),
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    // The first key press selects the first step of the resource's hours.
    const first = firstStep(row.open, scale);
    const current = cursor ?? { rowId: row.id, anchor: first, cursor: first };
    const move = (direction: -1 | 1) => {
      if (!cursor) return select(current);
      const next = stepCursor(current.cursor, direction, scale);
      select(event.shiftKey ? { ...current, cursor: next } : { rowId: row.id, anchor: next, cursor: next });
    };
    switch (event.key) {
      case 'ArrowRight':
        event.preventDefault();
        return move(1);
      case 'ArrowLeft':
        event.preventDefault();
        return move(-1);
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (cursor) handlers.current.setCursor(null);
        return handlers.current.focusRow(index + (event.key === 'ArrowDown' ? 1 : -1));
      case 'Escape':
        if (cursor) handlers.current.setCursor(null);
        return;
      case 'Enter':
      case ' ':
        event.preventDefault();
        if (busy) return;
        if (!cursor) return select(current);
        if (!keyboardSpan) return;
        handlers.current.setCursor(null);
        void handlers.current.onCreate(row, keyboardSpan);
        return;
    }
  };

  const hourLines = useMemo(() => hourLinesStyle(scale, props.marks), [scale, props.marks]);
  const openLeft = xOfMinute(scale, row.open.start);
  const openRight = xOfMinute(scale, row.open.end);
  return (
    <div className={styles.row} style={{ top, width: NAME_WIDTH + width }} data-row={row.id}>
      <div className={styles.name}>
        <RouterLink to={props.infoHref(row)}>{row.name}</RouterLink>
        <span className={styles.zone}>{row.timezone}</span>
      </div>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a composite widget: the arrow keys pick the time, as a calendar grid does */}
      <div
        className={styles.timeline}
        style={{ width }}
        data-timeline={row.id}
        role="application"
        aria-roledescription={texts.rowRole}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
        tabIndex={0}
        aria-label={format(texts.row, { resource: row.name })}
        aria-describedby={ROW_HINT}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => handlers.current.setGesture(null)}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          if (cursor && !event.currentTarget.contains(event.relatedTarget as Node | null))
            handlers.current.setCursor(null);
        }}
      >
        <div className={styles.open} style={{ left: openLeft, width: Math.max(0, openRight - openLeft) }} />
        {hourLines && <span className={styles.hourLines} style={hourLines} />}
        {selection && (
          <div
            className={styles.selection}
            data-selection
            style={{
              left: xOfMinute(scale, selection.start),
              width: xOfMinute(scale, selection.end) - xOfMinute(scale, selection.start),
            }}
          />
        )}
        {row.blocks.map((block) => (
          <Block
            key={block.id}
            row={row}
            block={block}
            scale={scale}
            busy={busy}
            formatMinute={formatMinute}
            resizing={gesture?.kind === 'resize' && gesture.blockId === block.id ? gesture : null}
            handlers={handlers}
            styles={styles}
            t={t}
            texts={texts}
          />
        ))}
      </div>
    </div>
  );
});

function Block({
  row,
  block,
  scale,
  busy,
  formatMinute,
  resizing,
  handlers,
  styles,
  t,
  texts,
}: {
  row: GridRowModel;
  block: GridBlock;
  scale: GridScale;
  busy: boolean;
  formatMinute: (minute: number) => string;
  resizing: Extract<Gesture, { kind: 'resize' }> | null;
  handlers: RefObject<RowHandlers>;
  styles: GridStyles;
  t: LabelFn;
  texts: GridTexts;
}) {
  const [keyboardSpan, setKeyboardSpan] = useState<MinuteSpan | null>(null);
  // The click that ends an edge drag is not a click on the booking.
  const dragged = useRef(false);
  const shown = resizing?.span ?? keyboardSpan ?? block.span;
  const changed = shown.start !== block.span.start || shown.end !== block.span.end;
  const left = xOfMinute(scale, shown.start);
  const width = Math.max(4, xOfMinute(scale, shown.end) - left);
  const time = changed ? describe(formatMinute, shown) : block.time;
  const title = block.title || texts.taken;
  const label = format(texts.booking, { title, time, before: block.previousGap, after: block.nextGap });

  const commit = async (span: MinuteSpan) => {
    await handlers.current.onResize(row, block, span);
    // Either way the block shows the caller's data again: the new span when saved, the old one when
    // refused (a conflict leaves the grid unchanged).
    setKeyboardSpan(null);
  };

  const startResize = (edge: Edge) => (event: PointerEvent<HTMLSpanElement>) => {
    if (event.button !== 0 || busy) return;
    event.stopPropagation();
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    handlers.current.setGesture({
      kind: 'resize',
      rowId: row.id,
      blockId: block.id,
      edge,
      fromX: event.clientX,
      span: block.span,
    });
  };
  const moveResize = (event: PointerEvent<HTMLSpanElement>) => {
    if (!resizing) return;
    event.stopPropagation();
    const delta = (event.clientX - resizing.fromX) / scale.pixelsPerMinute;
    const span = resizedSpan(block.span, resizing.edge, delta, scale);
    if (span.start !== resizing.span.start || span.end !== resizing.span.end)
      handlers.current.setGesture({ ...resizing, span });
  };
  const endResize = (event: PointerEvent<HTMLSpanElement>) => {
    if (!resizing) return;
    event.stopPropagation();
    handlers.current.setGesture(null);
    dragged.current = true;
    setTimeout(() => (dragged.current = false), 0);
    if (changed) void commit(resizing.span);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!block.editable) return;
    const direction = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (direction !== 0 && (event.shiftKey || event.altKey)) {
      event.preventDefault();
      event.stopPropagation();
      const next = resizedSpan(
        keyboardSpan ?? block.span,
        event.altKey ? 'start' : 'end',
        direction * scale.step,
        scale,
      );
      setKeyboardSpan(next);
      handlers.current.announce(
        t('bookings.grid.resizing', '{time}: Enter saves, Escape undoes', {
          time: describe(formatMinute, next),
        }),
      );
    } else if (event.key === 'Escape' && keyboardSpan) {
      event.preventDefault();
      event.stopPropagation();
      setKeyboardSpan(null);
    } else if (event.key === 'Enter' && keyboardSpan && changed) {
      event.preventDefault();
      event.stopPropagation();
      if (!busy) void commit(keyboardSpan);
    }
  };

  const edge = (which: Edge) => (
    <span
      className={mergeClasses(styles.handle, which === 'start' ? styles.handleStart : styles.handleEnd)}
      data-edge={which}
      aria-hidden
      onPointerDown={startResize(which)}
      onPointerMove={moveResize}
      onPointerUp={endResize}
      onPointerCancel={() => handlers.current.setGesture(null)}
    />
  );
  return (
    <button
      type="button"
      className={mergeClasses(styles.booking, !block.editable && styles.others, changed && styles.preview)}
      style={{ left, width }}
      data-booking={block.id}
      // the gaps for sighted users too
      title={label}
      aria-label={label}
      aria-describedby={block.editable ? RESIZE_HINT : undefined}
      onPointerDown={(event) => event.stopPropagation()}
      onClick={() => {
        if (dragged.current) dragged.current = false;
        else if (!changed) handlers.current.onOpen(row, block);
      }}
      onKeyDown={onKeyDown}
    >
      {block.editable && edge('start')}
      {title} · {time}
      {block.editable && edge('end')}
    </button>
  );
}
