import { describe, expect, it } from 'vitest';
import {
  dragSelection,
  firstStep,
  freeSpanAround,
  gridRange,
  hourMarks,
  keyboardSelection,
  keyboardStart,
  openingMinute,
  minuteAtX,
  resizedSpan,
  stepCursor,
  stepStartAtX,
  widthOf,
  xOfMinute,
  type GridScale,
} from './grid-geometry';

// A whole day at 1 px a minute in 15-minute steps.
const day: GridScale = { start: 0, end: 1440, pixelsPerMinute: 1, step: 15 };
const open = { start: 7 * 60, end: 19 * 60 };

describe('grid range', () => {
  it('runs from 00:00 to the next 00:00 by default (spec §9)', () => {
    expect(gridRange(undefined, undefined)).toEqual({ start: 0, end: 1440 });
    expect(gridRange('00:00', '00:00')).toEqual({ start: 0, end: 1440 });
  });
  it('takes the times given, with an end at or before the start meaning the next midnight', () => {
    expect(gridRange('07:00', '19:00')).toEqual({ start: 420, end: 1140 });
    expect(gridRange('08:00:00', '24:00')).toEqual({ start: 480, end: 1440 });
    expect(gridRange('20:00', '06:00')).toEqual({ start: 1200, end: 1440 });
    expect(gridRange('garbage', null)).toEqual({ start: 0, end: 1440 });
  });
});

describe('pixels and minutes', () => {
  const scale: GridScale = { start: 420, end: 1140, pixelsPerMinute: 2, step: 15 };
  it('places a minute at its offset from the grid start and keeps it on the grid', () => {
    expect(widthOf(scale)).toBe(1440);
    expect(xOfMinute(scale, 480)).toBe(120);
    expect(xOfMinute(scale, 0)).toBe(0);
    expect(xOfMinute(scale, 1440)).toBe(1440);
  });
  it('reads the nearest step boundary under a pixel', () => {
    expect(minuteAtX(scale, 120)).toBe(480);
    expect(minuteAtX(scale, 134)).toBe(480);
    expect(minuteAtX(scale, 136)).toBe(495);
    expect(minuteAtX(scale, -50)).toBe(420);
    expect(minuteAtX(scale, 5000)).toBe(1140);
  });
  it('reads the step holding a pixel, never the grid end', () => {
    expect(stepStartAtX(scale, 149)).toBe(480);
    expect(stepStartAtX(scale, 150)).toBe(495);
    expect(stepStartAtX(scale, 5000)).toBe(1125);
  });
  it('marks every hour', () => {
    expect(hourMarks({ ...scale, start: 430 })).toEqual([
      480, 540, 600, 660, 720, 780, 840, 900, 960, 1020, 1080,
    ]);
  });
});

describe('free time', () => {
  const taken = [
    { start: 540, end: 600 },
    { start: 720, end: 780 },
  ];
  it('is bounded by the bookings either side and the resource hours', () => {
    expect(freeSpanAround(620, open, taken)).toEqual({ start: 600, end: 720 });
    expect(freeSpanAround(450, open, taken)).toEqual({ start: 420, end: 540 });
    expect(freeSpanAround(900, open, taken)).toEqual({ start: 780, end: 1140 });
  });
  it('is none on a booking or outside the hours', () => {
    expect(freeSpanAround(540, open, taken)).toBeNull();
    expect(freeSpanAround(599, open, taken)).toBeNull();
    expect(freeSpanAround(300, open, taken)).toBeNull();
    expect(freeSpanAround(1140, open, taken)).toBeNull();
  });
});

describe('drag to create', () => {
  const taken = [{ start: 720, end: 780 }];
  it('selects from the step it began in to the step under the pointer, either way', () => {
    expect(dragSelection(day, 600, 660, open, taken)).toEqual({ start: 600, end: 675 });
    expect(dragSelection(day, 660, 600, open, taken)).toEqual({ start: 600, end: 675 });
    expect(dragSelection(day, 605, 606, open, taken)).toEqual({ start: 600, end: 615 });
  });
  it('stops at the next booking and at the resource hours', () => {
    expect(dragSelection(day, 600, 900, open, taken)).toEqual({ start: 600, end: 720 });
    expect(dragSelection(day, 800, 1300, open, taken)).toEqual({ start: 795, end: 1140 });
    expect(dragSelection(day, 450, 100, open, taken)).toEqual({ start: 420, end: 465 });
  });
  it('selects nothing when it began on a booking or outside the hours', () => {
    expect(dragSelection(day, 730, 900, open, taken)).toBeNull();
    expect(dragSelection(day, 100, 500, open, taken)).toBeNull();
  });
});

describe('drag an edge to resize', () => {
  const booking = { start: 600, end: 660 };
  it('moves the end edge by whole steps and keeps the start', () => {
    expect(resizedSpan(booking, 'end', 32, day)).toEqual({ start: 600, end: 690 });
    expect(resizedSpan(booking, 'end', -100, day)).toEqual({ start: 600, end: 615 });
    expect(resizedSpan(booking, 'end', 5000, day)).toEqual({ start: 600, end: 1440 });
  });
  it('moves the start edge by whole steps and keeps the end', () => {
    expect(resizedSpan(booking, 'start', -44, day)).toEqual({ start: 555, end: 660 });
    expect(resizedSpan(booking, 'start', 100, day)).toEqual({ start: 645, end: 660 });
    expect(resizedSpan(booking, 'start', -5000, day)).toEqual({ start: 0, end: 660 });
  });
  it('is not stopped by a neighbouring booking: the server answers the conflict', () => {
    expect(resizedSpan(booking, 'end', 120, day)).toEqual({ start: 600, end: 780 });
  });
});

describe('keyboard equivalents', () => {
  it('starts at the first whole step of the resource hours on the grid', () => {
    expect(firstStep(open, day)).toBe(420);
    expect(firstStep({ start: 425, end: 1140 }, day)).toBe(435);
    expect(firstStep({ start: 0, end: 1440 }, { ...day, start: 480 })).toBe(480);
  });
  it('moves the cursor a step at a time within the grid', () => {
    expect(stepCursor(600, 1, day)).toBe(615);
    expect(stepCursor(600, -1, day)).toBe(585);
    expect(stepCursor(0, -1, day)).toBe(0);
    expect(stepCursor(1425, 1, day)).toBe(1425);
  });
  it('selects from anchor to cursor like a drag, within the free time', () => {
    const taken = [{ start: 720, end: 780 }];
    expect(keyboardSelection(600, 630, open, taken, 15)).toEqual({ start: 600, end: 645 });
    expect(keyboardSelection(600, 570, open, taken, 15)).toEqual({ start: 570, end: 615 });
    expect(keyboardSelection(600, 900, open, taken, 15)).toEqual({ start: 600, end: 720 });
    expect(keyboardSelection(735, 750, open, taken, 15)).toBeNull();
  });
});

describe('where the grid opens (not at midnight)', () => {
  const dayStart = Date.parse('2026-11-24T00:00:00Z');
  const row = { dayStart, dayMinutes: 1440, open: { start: 0, end: 1440 } };
  const at = (time: string) => Date.parse(`2026-11-24T${time}:00Z`);

  it('opens today at the current hour', () => {
    expect(openingMinute(row, at('14:37'))).toBe(14 * 60);
  });

  it('opens another day at the resource’s opening', () => {
    expect(openingMinute({ ...row, open: { start: 420, end: 1140 } }, at('14:37') + 86_400_000)).toBe(420);
  });

  it('puts the keyboard cursor where the grid opened, in view: the current hour, not 00:00', () => {
    expect(keyboardStart(row, { start: 0, end: 1440, pixelsPerMinute: 2, step: 15 }, at('14:37'))).toBe(
      14 * 60,
    );
    // before the resource opens, its opening
    const office = { ...row, open: { start: 420, end: 1140 } };
    expect(keyboardStart(office, { start: 0, end: 1440, pixelsPerMinute: 2, step: 15 }, at('05:10'))).toBe(
      420,
    );
  });
});
