import { memo, useMemo, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { LabelFn } from '../../../i18n/i18n';
import { format } from '../../../../shared/validation/messages';
import {
  dragSelection,
  keyboardStart,
  keyboardSelection,
  NAME_WIDTH,
  stepCursor,
  xOfMinute,
  type GridScale,
  type MinuteSpan,
} from '../grid-geometry';
import type { GridRowModel, HourMark } from '../grid-model';
import { BookingBlock } from './booking-grid-block';
import type { Cursor, Gesture, RowHandlers } from './booking-grid-gestures';
import { describeSpan, ROW_HINT, type GridTexts } from './booking-grid-texts';
import type { BookingGridStyles } from './booking-grid.styles';

/** How far the pointer moves before a press on free time is a drag that books. */
const DRAG_THRESHOLD_PX = 6;

interface RowProps {
  row: GridRowModel;
  /** the user's own zone: a row shows its zone only where it differs */
  zone: string | null;
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
  styles: BookingGridStyles;
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

// A row redraws when its data, place or gesture change; scrolling only draws the rows coming in.
export const GridRow = memo(function GridRow(props: RowProps) {
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
    // The selection is the keyboard's cursor: keep it in view as it moves.
    const timeline = document.activeElement;
    requestAnimationFrame(() =>
      timeline?.querySelector('[data-selection]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' }),
    );
    const span = keyboardSelection(updated.anchor, updated.cursor, row.open, spansOf(row), scale.step);
    handlers.current.announce(
      span
        ? t('bookings.grid.selected', 'Selected {time} on {resource}', {
            time: describeSpan(formatMinute, span),
            resource: row.name,
          })
        : t('bookings.grid.taken', '{time} on {resource} cannot be booked', {
            time: describeSpan(formatMinute, { start: updated.cursor, end: updated.cursor + scale.step }),
            resource: row.name,
          }),
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    // The first key press selects the first step of the resource's hours from the hour the grid
    // opened at (today: the current hour), where the user sees it.
    const first = keyboardStart(row, scale, Date.now());
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
        {/* Shown only where it differs from the user's own zone (not under every resource). */}
        {props.zone !== row.timezone && <span className={styles.zone}>{row.timezone}</span>}
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
          <BookingBlock
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
