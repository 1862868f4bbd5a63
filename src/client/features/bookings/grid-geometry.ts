/**
 * Pixel ↔ time maths of the booking grid: one row per resource, one day across, minutes since the
 * grid's start (spec §9: 00:00 to 00:00, so 0 … 1440) in the resource's own wall-clock time.
 * Everything here is pure so that dragging and the keyboard equivalents share one set of rules.
 */

export const DAY_MINUTES = 1440;

export const ROW_HEIGHT = 44;
export const NAME_WIDTH = 220;
export const HEADER_HEIGHT = 32;
/** The scroller's height: this share of the window's, at least SCROLLER_MIN_HEIGHT pixels. */
export const SCROLLER_VIEWPORT_SHARE = 0.7;
export const SCROLLER_MIN_HEIGHT = 320;
/** Rows drawn beyond the scroller's edges, so that a quick scroll finds them ready. */
export const ROW_OVERSCAN = 8;

/** The scroller's height in a window of `windowHeight` pixels, as the grid's styles make it. */
export const scrollerHeight = (windowHeight: number) =>
  Math.max(SCROLLER_MIN_HEIGHT, windowHeight * SCROLLER_VIEWPORT_SHARE);

/**
 * The rows the grid's first screen draws in a window of `windowHeight` pixels (those in view and
 * the overscan below them): the window of rows asked for first.
 */
export const firstScreenRows = (windowHeight: number) =>
  Math.ceil(scrollerHeight(windowHeight) / ROW_HEIGHT) + ROW_OVERSCAN;

export interface GridScale {
  /** first minute the grid shows (minutes since local midnight) */
  start: number;
  /** last minute (exclusive); 1440 for a grid that ends at the next midnight */
  end: number;
  pixelsPerMinute: number;
  /** the grain of a drag or a key press, in minutes */
  step: number;
}

/** A span of a resource's day, in minutes since its local midnight, end exclusive. */
export interface MinuteSpan {
  start: number;
  end: number;
}

export type Edge = 'start' | 'end';

/** 'HH:mm' or 'HH:mm:ss' (24:00 allowed: the next midnight) → minutes; anything else → fallback. */
export function gridMinutes(time: string | null | undefined, fallback: number): number {
  const match = /^(\d{2}):(\d{2})/.exec(time ?? '');
  if (!match) return fallback;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes >= 0 && minutes <= DAY_MINUTES ? minutes : fallback;
}

/**
 * The grid's shown range from its start and end times (spec §9: both default to 00:00, which means
 * the whole day). An end at or before the start runs to the next midnight.
 */
export function gridRange(start: string | null | undefined, end: string | null | undefined): MinuteSpan {
  const from = gridMinutes(start, 0) % DAY_MINUTES;
  const to = gridMinutes(end, 0);
  return { start: from, end: to <= from ? DAY_MINUTES : to };
}

export function widthOf(scale: GridScale): number {
  return (scale.end - scale.start) * scale.pixelsPerMinute;
}

export function xOfMinute(scale: GridScale, minute: number): number {
  return (clamp(minute, scale.start, scale.end) - scale.start) * scale.pixelsPerMinute;
}

/** The minute under a pixel offset, snapped to the nearest step boundary and kept on the grid. */
export function minuteAtX(scale: GridScale, x: number): number {
  const raw = scale.start + x / scale.pixelsPerMinute;
  return clamp(snap(raw, scale.step), scale.start, scale.end);
}

/** The step that holds a pixel offset (rounded down): where a click or a drag begins. */
export function stepStartAtX(scale: GridScale, x: number): number {
  const raw = scale.start + x / scale.pixelsPerMinute;
  const floored = Math.floor(raw / scale.step) * scale.step;
  return clamp(floored, scale.start, scale.end - scale.step);
}

export function snap(minute: number, step: number): number {
  return Math.round(minute / step) * step;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}

/** Spans overlap when each starts before the other ends (ends are exclusive). */
export function overlaps(a: MinuteSpan, b: MinuteSpan): boolean {
  return a.start < b.end && b.start < a.end;
}

/**
 * The free span around `minute`: between the bookings either side of it and within the hours the
 * resource can be booked. Null when the minute is taken or outside those hours.
 */
export function freeSpanAround(
  minute: number,
  open: MinuteSpan,
  taken: readonly MinuteSpan[],
): MinuteSpan | null {
  if (minute < open.start || minute >= open.end) return null;
  let start = open.start;
  let end = open.end;
  for (const span of taken) {
    if (span.start <= minute && minute < span.end) return null;
    if (span.end <= minute) start = Math.max(start, span.end);
    if (span.start > minute) end = Math.min(end, span.start);
  }
  return { start, end };
}

/**
 * What a drag over free time selects: from the step it began in to the step it is over now, in
 * either direction, never past the neighbouring bookings or the resource's hours. Null when it
 * began on taken time.
 */
export function dragSelection(
  scale: GridScale,
  fromX: number,
  toX: number,
  open: MinuteSpan,
  taken: readonly MinuteSpan[],
): MinuteSpan | null {
  const anchor = stepStartAtX(scale, fromX);
  const free = freeSpanAround(anchor, open, taken);
  if (!free) return null;
  const current = stepStartAtX(scale, toX);
  const start = Math.min(anchor, current);
  const end = Math.max(anchor, current) + scale.step;
  return limitTo({ start, end }, free, anchor, scale.step);
}

// Keeps a selection inside `free`, always holding the anchor's step, snapped to whole steps.
function limitTo(span: MinuteSpan, free: MinuteSpan, anchor: number, step: number): MinuteSpan | null {
  const start = Math.max(span.start, Math.ceil(free.start / step) * step);
  const end = Math.min(span.end, Math.floor(free.end / step) * step);
  if (end - start < step) {
    // free time shorter than a step (e.g. hours ending at :10): take all of it
    return free.end > free.start ? { start: Math.max(anchor, free.start), end: free.end } : null;
  }
  return { start, end };
}

/**
 * A booking's span with one edge moved by `deltaMinutes`, snapped to the step. The other edge
 * stays; the booking keeps at least one step and stays within the grid. Neighbouring bookings do
 * not stop it: the server decides conflicts and answers with its message (spec §7 resize).
 */
export function resizedSpan(
  span: MinuteSpan,
  edge: Edge,
  deltaMinutes: number,
  scale: GridScale,
): MinuteSpan {
  if (edge === 'end') {
    const end = clamp(snap(span.end + deltaMinutes, scale.step), span.start + scale.step, scale.end);
    return { start: span.start, end: Math.max(end, span.start + 1) };
  }
  const start = clamp(snap(span.start + deltaMinutes, scale.step), scale.start, span.end - scale.step);
  return { start: Math.min(start, span.end - 1), end: span.end };
}

/** The first whole step of the resource's hours that the grid shows: where the keyboard starts. */
export function firstStep(open: MinuteSpan, scale: GridScale): number {
  const first = Math.ceil(Math.max(open.start, scale.start) / scale.step) * scale.step;
  return clamp(first, scale.start, scale.end - scale.step);
}

/**
 * The minute a row's day opens at on screen: the current hour when the day is today (not midnight,
 * hours before anyone books), else the resource's opening.
 */
export function openingMinute(
  row: { dayStart: number; dayMinutes: number; open: MinuteSpan },
  now: number,
): number {
  const minute = Math.floor((now - row.dayStart) / 60_000);
  if (minute >= 0 && minute < row.dayMinutes) return Math.floor(minute / 60) * 60;
  return row.open.start;
}

/** Where the keyboard starts on a row: the first step of its hours from the hour the grid opens at. */
export function keyboardStart(
  row: { dayStart: number; dayMinutes: number; open: MinuteSpan },
  scale: GridScale,
  now: number,
): number {
  const first = firstStep(row.open, scale);
  const from = Math.ceil(openingMinute(row, now) / scale.step) * scale.step;
  return from > first && from + scale.step <= row.open.end ? from : first;
}

/** Moves a keyboard selection cursor one step, within the grid. */
export function stepCursor(minute: number, direction: -1 | 1, scale: GridScale): number {
  return clamp(minute + direction * scale.step, scale.start, scale.end - scale.step);
}

/**
 * The keyboard selection: an anchor step and a cursor step, the span covering both. Like a drag,
 * it cannot cross a booking or leave the resource's hours.
 */
export function keyboardSelection(
  anchor: number,
  cursor: number,
  open: MinuteSpan,
  taken: readonly MinuteSpan[],
  step: number,
): MinuteSpan | null {
  const free = freeSpanAround(anchor, open, taken);
  if (!free) return null;
  return limitTo(
    { start: Math.min(anchor, cursor), end: Math.max(anchor, cursor) + step },
    free,
    anchor,
    step,
  );
}

/** Hour marks for the header, every `every` minutes from the grid's start. */
export function hourMarks(scale: GridScale, every = 60): number[] {
  const marks: number[] = [];
  for (let minute = Math.ceil(scale.start / every) * every; minute < scale.end; minute += every)
    marks.push(minute);
  return marks;
}
