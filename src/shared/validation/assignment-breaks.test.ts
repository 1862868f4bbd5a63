import { describe, expect, it } from 'vitest';
import { BREAK_MESSAGES, breakErrors } from './assignment-breaks';

const now = new Date('2026-12-01T10:00:00Z');

describe('breakErrors (spec §2 /profile assigned-resources add-break, :breakId)', () => {
  it('accepts a break ahead whose end follows its start', () => {
    expect(breakErrors({ starts_at: '2026-12-02T12:00:00Z', ends_at: '2026-12-02T14:00:00Z' }, now)).toEqual(
      {},
    );
  });

  it('refuses a start in the past, an end before the start, and an unreadable date', () => {
    expect(breakErrors({ starts_at: '2026-12-01T09:00:00Z', ends_at: '2026-12-01T12:00:00Z' }, now)).toEqual({
      starts_at: [BREAK_MESSAGES.past],
    });
    expect(breakErrors({ starts_at: '2026-12-02T14:00:00Z', ends_at: '2026-12-02T12:00:00Z' }, now)).toEqual({
      ends_at: [BREAK_MESSAGES.order],
    });
    expect(breakErrors({ starts_at: 'soon', ends_at: '2026-12-02T12:00:00Z' }, now)).toEqual({
      starts_at: [BREAK_MESSAGES.invalidDate],
    });
  });

  it('lets an ongoing break keep its start, but not end in the past', () => {
    const ongoing = '2026-12-01T09:00:00Z';
    expect(breakErrors({ starts_at: ongoing, ends_at: '2026-12-01T11:00:00Z' }, now, ongoing)).toEqual({});
    expect(breakErrors({ starts_at: ongoing, ends_at: '2026-12-01T09:30:00Z' }, now, ongoing)).toEqual({
      ends_at: [BREAK_MESSAGES.ended],
    });
  });
});
