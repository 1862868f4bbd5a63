import { describe, expect, it } from 'vitest';
import { bookNowSlots, deviceState, OFFLINE_AFTER_MINUTES } from './devices';

const at = (iso: string) => new Date(iso);
const span = (slots: ReturnType<typeof bookNowSlots>) => [
  slots[0]!.datetime_from.toISOString(),
  slots.at(-1)!.datetime_to.toISOString(),
];

describe('book now on a display: whole 15-minute slots from the quarter under way', () => {
  it('books 30 minutes at 10:01 as 10:00–10:30, and at 10:10 as 10:00–10:45 (the boundary nearest to now + 30)', () => {
    expect(span(bookNowSlots(at('2027-03-09T09:01:00Z'), 30))).toEqual([
      '2027-03-09T09:00:00.000Z',
      '2027-03-09T09:30:00.000Z',
    ]);
    expect(span(bookNowSlots(at('2027-03-09T09:10:00Z'), 30))).toEqual([
      '2027-03-09T09:00:00.000Z',
      '2027-03-09T09:45:00.000Z',
    ]);
  });

  it('books at least the quarter under way, in contiguous quarters', () => {
    const slots = bookNowSlots(at('2027-03-09T09:14:00Z'), 15);
    expect(span(slots)).toEqual(['2027-03-09T09:00:00.000Z', '2027-03-09T09:30:00.000Z']);
    expect(slots).toHaveLength(2);
    expect(bookNowSlots(at('2027-03-09T09:00:00Z'), 60)).toHaveLength(4);
  });
});

describe('the devices list marks a display offline after OFFLINE_AFTER_MINUTES without a heartbeat', () => {
  const now = at('2027-03-09T09:00:00Z');
  it('is never connected before its first heartbeat, online within the limit, offline past it', () => {
    expect(deviceState(null, now)).toBe('never');
    expect(deviceState(new Date(now.getTime() - OFFLINE_AFTER_MINUTES * 60_000), now)).toBe('online');
    expect(deviceState(new Date(now.getTime() - OFFLINE_AFTER_MINUTES * 60_000 - 1), now)).toBe('offline');
  });
});
