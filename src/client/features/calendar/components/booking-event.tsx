import type { EventProps } from 'react-big-calendar';
import { useLabel } from '../../../i18n/i18n';
import type { BookingEvent } from '../calendar-events';
import { useCalendarStyles } from '../calendar.styles';

/**
 * A booking in the week and day grids. react-big-calendar wraps it in a focusable role="button"
 * that Enter opens (onKeyPressEvent), so this is text only; it names the zone its times are in.
 */
export function TimeGridBooking({ event }: EventProps<BookingEvent>) {
  const styles = useCalendarStyles();
  const t = useLabel();
  return (
    <>
      {event.title}
      <span className={styles.eventZone}>
        {t('calendar.zone', '{zone} time', { zone: event.booking.timezone })}
      </span>
    </>
  );
}

/**
 * A booking in the month and agenda views, whose wrappers are not focusable: a native button makes
 * it reachable with Tab, and its click (Enter and Space click too) reaches the wrapper that opens it.
 */
function ListedBooking({ event, time }: { event: BookingEvent; time?: string }) {
  const styles = useCalendarStyles();
  const t = useLabel();
  return (
    <button type="button" className={styles.eventButton}>
      {time && `${time} `}
      {event.title} · {t('calendar.zone', '{zone} time', { zone: event.booking.timezone })}
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
