const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar date ('2026-11-23') at `instant` in an IANA timezone: a level's "today", which is
 * not the server's when the level is far east or west of it.
 */
export function calendarDateIn(timezone: string, instant: Date = new Date()): string {
  let format = formatters.get(timezone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    const options = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
    try {
      format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone: timezone });
    } catch {
      // An unknown zone name (none is stored unchecked) reads as UTC rather than failing the answer.
      format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone: 'UTC' });
    }
    formatters.set(timezone, format);
  }
  return format.format(instant);
}
