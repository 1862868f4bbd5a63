import type { EventProps } from 'react-big-calendar';
import { useLabel } from '../../../i18n/i18n';
import { useInitialData } from '../../../session/hooks';
import type { BookingEvent } from '../calendar-events';
import { useCalendarStyles } from '../calendar.styles';

/** "Europe/Zurich time" where the booking's zone differs from the user's own; otherwise nothing. */
function useZoneNote(zone: string): string | null {
  const t = useLabel();
  const own = useInitialData()?.user.timezone ?? null;
  return zone === own ? null : t('calendar.zone', '{zone} time', { zone });
}

/**
 * A booking in the week and day grids. react-big-calendar wraps it in a focusable role="button"
 * that Enter opens (onKeyPressEvent), so this is text only; it names the zone its times are in
 * where that is not the user's own.
 */
export function TimeGridBooking({ event }: EventProps<BookingEvent>) {
  const styles = useCalendarStyles();
  const zone = useZoneNote(event.booking.timezone);
  return (
    <>
      {event.title}
      {zone && <span className={styles.eventZone}>{zone}</span>}
    </>
  );
}

/**
 * A booking in the month and agenda views, whose wrappers are not focusable: a native button makes
 * it reachable with Tab, and its click (Enter and Space click too) reaches the wrapper that opens it.
 */
function ListedBooking({ event, time }: { event: BookingEvent; time?: string }) {
  const styles = useCalendarStyles();
  const zone = useZoneNote(event.booking.timezone);
  return (
    <button type="button" className={styles.eventButton}>
      {time && `${time} `}
      {event.title}
      {zone && ` · ${zone}`}
    </button>
  );
}

/** The month grid shows no times of its own: the booking's start leads. */
export function MonthBooking({ event, localizer }: EventProps<BookingEvent>) {
  return <ListedBooking event={event} time={localizer.format(event.start, 'timeGutterFormat')} />;
}

/** The agenda has a time column. */
export function AgendaBooking({ event }: EventProps<BookingEvent>) {
  return <ListedBooking event={event} />;
}
