import { describe, expect, it } from 'vitest';
import { calendarDateIn } from './calendar-date';

describe('a level’s calendar date', () => {
  const instant = new Date('2026-11-23T20:30:00Z');

  it('is the date where the level is, not the server’s', () => {
    expect(calendarDateIn('UTC', instant)).toBe('2026-11-23');
    expect(calendarDateIn('Pacific/Auckland', instant)).toBe('2026-11-24');
    expect(calendarDateIn('America/Los_Angeles', new Date('2026-11-23T05:00:00Z'))).toBe('2026-11-22');
  });

  it('reads an unknown zone as UTC rather than failing', () => {
    expect(calendarDateIn('Mars/Olympus_Mons', instant)).toBe('2026-11-23');
  });
});
