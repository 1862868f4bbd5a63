import { afterEach, describe, expect, it, vi } from 'vitest';
import { zoneName } from '../../i18n/format-when';

vi.mock('./api', () => ({ fetchHorizonDays: () => Promise.resolve(28) }));

const { bookableIn, occurrencesOf, zoneOfMeeting } = await import('./pane-meeting');
type Meeting = Parameters<typeof zoneOfMeeting>[0];

const withMailboxZone = (timeZone: string | undefined) => {
  (globalThis as { Office?: unknown }).Office = { context: { mailbox: { userProfile: { timeZone } } } };
};
afterEach(() => {
  delete (globalThis as { Office?: unknown }).Office;
});

const meeting = (recurrence: Meeting['recurrence']): Meeting => ({
  subject: 'Sync',
  start: new Date('2026-12-01T08:00:00Z'),
  end: new Date('2026-12-01T09:00:00Z'),
  location: '',
  requiredAttendees: [],
  optionalAttendees: [],
  recurrence,
});

describe('the pane’s meeting', () => {
  it('is set in its series’ zone, else the mailbox’s, else the Workplace user’s', () => {
    withMailboxZone('Tokyo Standard Time');
    expect(zoneOfMeeting(meeting(null), 'Europe/Zurich')).toBe('Asia/Tokyo');
    const series = meeting({
      recurrenceType: 'daily',
      seriesTime: { startDate: '2026-12-01', endDate: null, startTime: '09:00', endTime: '10:00' },
      recurrenceTimeZone: { name: 'Pacific Standard Time' },
    });
    expect(zoneOfMeeting(series, 'Europe/Zurich')).toBe('America/Los_Angeles');
    withMailboxZone(undefined);
    expect(zoneOfMeeting(meeting(null), 'Europe/Zurich')).toBe('Europe/Zurich');
  });

  it('names a zone in the user’s language, its IANA id where Intl has none', () => {
    expect(zoneName('Asia/Tokyo', 'en')).toBe('Japan Standard Time');
    expect(zoneName('Europe/Zurich', 'fr')).toBe('heure d’Europe centrale');
    expect(zoneName('Not/AZone', 'en')).toBe('Not/AZone');
  });

  it('books an endless series up to the horizon, the last occurrence on the room’s clock', async () => {
    withMailboxZone('Tokyo Standard Time');
    const now = new Date();
    const endless = meeting({
      recurrenceType: 'daily',
      seriesTime: { startDate: '2020-01-01', endDate: null, startTime: '08:00', endTime: '09:00' },
    });
    const series = await occurrencesOf(endless, 'Asia/Tokyo');
    expect(series.horizonDays).toBe(28);
    expect(series.until).not.toBeNull();
    // today and the 28 days after, in Tokyo
    expect(series.occurrences).toHaveLength(29);
    // without a horizon nothing is dropped
    expect(bookableIn(series.occurrences!, { timezone: 'UTC' }, null, now)).toHaveLength(29);
  });

  it('keeps the occurrences starting before the horizon’s last day ends on the room’s clock', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const at = (iso: string) => ({ start: new Date(iso), end: new Date(Date.parse(iso) + 3_600_000) });
    // the last day is 25 November: it ends at 23:00 UTC in Zurich, at 05:00 UTC on the 26th in New York
    const occurrences = [at('2026-11-25T22:30:00Z'), at('2026-11-25T23:30:00Z')];
    expect(bookableIn(occurrences, { timezone: 'Europe/Zurich' }, 1, now)).toEqual([occurrences[0]]);
    expect(bookableIn(occurrences, { timezone: 'America/New_York' }, 1, now)).toEqual(occurrences);
  });
});
