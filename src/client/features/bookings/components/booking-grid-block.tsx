import { mergeClasses } from '@fluentui/react-components';
import { useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import type { LabelFn } from '../../../i18n/i18n';
import { format } from '../../../../shared/validation/messages';
import { resizedSpan, xOfMinute, type Edge, type GridScale, type MinuteSpan } from '../grid-geometry';
import type { GridBlock, GridRowModel } from '../grid-model';
import type { Gesture, RowHandlers } from './booking-grid-gestures';
import { describeSpan, RESIZE_HINT, type GridTexts } from './booking-grid-texts';
import type { BookingGridStyles } from './booking-grid.styles';

/** One booking on a row: opened by a click, its edges dragged (or Shift/Alt+arrows) to resize it. */
export function BookingBlock({
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
  styles: BookingGridStyles;
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
  const time = changed ? describeSpan(formatMinute, shown) : block.time;
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
          time: describeSpan(formatMinute, next),
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
