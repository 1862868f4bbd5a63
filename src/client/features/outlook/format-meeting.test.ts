import { describe, expect, it } from 'vitest';
import { formatMeetingTime } from './format-meeting';

describe('meeting times in the user’s zone', () => {
  const start = new Date(Date.UTC(2026, 5, 1, 13, 30));
  it('converts to the user’s timezone and formats', () =>
    expect(
      formatMeetingTime(start, { timezone: 'Europe/Zurich', dateFormat: 'd.M.yyyy', timeFormat: 'HH:mm' }),
    ).toBe('1.6.2026 15:30'));
  it('adds AM/PM to a 12-hour format', () =>
    expect(
      formatMeetingTime(start, { timezone: 'America/New_York', dateFormat: 'd.M.yyyy', timeFormat: 'h:mm' }),
    ).toBe('1.6.2026 9:30 AM'));
});
