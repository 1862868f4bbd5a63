import { Caption1 } from '@fluentui/react-components';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { Calendar, type View } from 'react-big-calendar';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { readBookingPreferences } from '../../../../shared/booking/preferences';
import type { DeclarationList } from '../../../../shared/contract/declarations';
import { useLabel } from '../../../i18n/i18n';
import { dayjsDateFormat } from '../../../i18n/dates';
import { href, routeExists } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { errorMessage } from '../../../api/errors';
import { useBookingPreferences } from '../../preferences/use-booking-preferences';
import { useBookings } from '../api';
import {
  CALENDAR_VIEWS,
  listQuery,
  localDate,
  parseLocalDate,
  statusTone,
  toBookingEvents,
  visibleDays,
  weekStartOf,
  type BookingEvent,
  type CalendarView,
} from '../calendar-events';
import { useCalendarStyles } from '../calendar.styles';
import { AgendaBooking, MonthBooking, TimeGridBooking } from '../components/booking-event';
import { BookingPanel, type DoneAction } from '../components/booking-panel';
import { CalendarLoading, CalendarToolbar } from '../components/calendar-toolbar';
import { StatusLegend } from '../components/status-legend';
import { calendarLocalizer, timeFormatOf } from '../localizer';
import { useCalendarStylesheet } from '../use-calendar-stylesheet';
import { useRevalidateOnDeclarationChange } from '../../../realtime';

/**
 * The hour grids' day headings. react-big-calendar's own is a `columnheader` whose row has no role
 * there (it has in the month, whose default heading stays), which screen readers cannot place.
 */
function DayHeading({ label }: { label: ReactNode }) {
  return <span>{label}</span>;
}

const COMPONENTS = {
  toolbar: CalendarToolbar,
  event: TimeGridBooking,
  month: { event: MonthBooking },
  week: { header: DayHeading },
  work_week: { header: DayHeading },
  day: { header: DayHeading },
  agenda: { event: AgendaBooking },
};
/** The grids open scrolled to the morning rather than midnight. */
const SCROLL_TO = new Date(1970, 0, 1, 7, 0);

function isView(value: string | null): value is CalendarView {
  return (CALENDAR_VIEWS as readonly string[]).includes(value ?? '');
}

/**
 * spec §2 Plan /calendar: the user's bookings by month, week, day or as an agenda, in their date
 * and time formats, week start and weekend display, each at its level's time. Selecting one opens
 * its panel with what may be done now. The view and date live in the address (?view=&date=).
 */
export default function CalendarScreen() {
  // Other people's bookings show here without a reload (spec §4 'declaration changed').
  useRevalidateOnDeclarationChange();
  const t = useLabel();
  const { preferences, error } = useBookingPreferences();
  const stylesheetReady = useCalendarStylesheet();
  // Preferences that cannot be read leave the defaults: the calendar still shows the bookings.
  const effective = useMemo(
    () => preferences ?? (error ? readBookingPreferences({}) : undefined),
    [preferences, error],
  );
  if (!effective || !stylesheetReady) return <Loader label={t('calendar.loading', 'Loading bookings…')} />;
  return <BookingCalendar preferences={effective} />;
}

function BookingCalendar({ preferences }: { preferences: ReturnType<typeof readBookingPreferences> }) {
  const styles = useCalendarStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const localizer = useMemo(() => calendarLocalizer(preferences), [preferences]);
  const weekView: CalendarView = preferences.displayWeekend ? 'week' : 'work_week';
  const asked = params.get('view');
  const view: CalendarView = !isView(asked)
    ? weekView
    : asked === 'week' || asked === 'work_week'
      ? weekView
      : asked;
  const date = parseLocalDate(params.get('date')) ?? new Date();
  const days = visibleDays(view, date, weekStartOf(preferences.firstDayOfWeek));
  const bookings = useBookings(listQuery(days));
  // The previous period's bookings stay on screen while the next period's load.
  const [shown, setShown] = useState<DeclarationList | undefined>(undefined);
  if (bookings.data && bookings.data !== shown) setShown(bookings.data);
  const events = useMemo(() => toBookingEvents(shown?.data ?? []), [shown]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = shown?.data.find((booking) => booking.id === selectedId) ?? null;

  const show = useCallback(
    (next: { view?: View; date?: Date }) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next.view) updated.set('view', next.view);
          if (next.date) updated.set('date', localDate(next.date));
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  const weekend = useMemo(() => new Set(preferences.weekendDays), [preferences.weekendDays]);
  const dayProps = useCallback(
    // The preference numbers days from Monday (0); Date.getDay from Sunday.
    (day: Date) => (weekend.has((day.getDay() + 6) % 7) ? { className: styles.weekend } : {}),
    [weekend, styles.weekend],
  );
  const eventProps = useCallback(
    (event: BookingEvent) => ({ className: styles[statusTone(event.booking.status)] }),
    [styles],
  );
  const openOnKey = useCallback((event: BookingEvent, key: SyntheticEvent) => {
    const pressed = key.nativeEvent instanceof KeyboardEvent ? key.nativeEvent.key : '';
    if (pressed === 'Enter' || pressed === ' ') {
      key.preventDefault();
      setSelectedId(event.id);
    }
  }, []);

  // The hour grid scrolls on its own: keyboard users reach it with Tab and scroll it with the arrows.
  // react-big-calendar draws it anew with the view and the date, so this runs after every render.
  const frame = useRef<HTMLDivElement>(null);
  const gridLabel = t('calendar.hours', 'Bookings by hour');
  useEffect(() => {
    const grid = frame.current?.querySelector('.rbc-time-content');
    if (!grid) return;
    grid.setAttribute('tabindex', '0');
    grid.setAttribute('role', 'region');
    grid.setAttribute('aria-label', gridLabel);
  });

  const done = (action: DoneAction) => {
    // spec §4: after a check-out the plan opens, to book again.
    if (action === 'check-out' && routeExists('r_plan')) return navigate(href('r_plan'));
    void bookings.mutate();
  };

  return (
    <div className={styles.page} ref={frame}>
      <StatusLegend />
      {bookings.error && <ErrorText message={errorMessage(bookings.error)} />}
      <div className={styles.body}>
        <div className={styles.grow}>
          <CalendarLoading.Provider value={bookings.isLoading}>
            <Calendar<BookingEvent>
              className={styles.calendar}
              localizer={localizer}
              events={events}
              view={view}
              views={['month', weekView, 'day', 'agenda']}
              date={date}
              onNavigate={(next, nextView) => show({ date: next, view: nextView })}
              onView={(next) => show({ view: next })}
              onSelectEvent={(event) => setSelectedId(event.id)}
              onKeyPressEvent={openOnKey}
              eventPropGetter={eventProps}
              dayPropGetter={dayProps}
              tooltipAccessor={(event) => `${event.title} (${event.booking.timezone})`}
              components={COMPONENTS}
              scrollToTime={SCROLL_TO}
              popup={false}
              showMultiDayTimes
              messages={{
                date: t('calendar.date', 'Date'),
                time: t('calendar.time', 'Time'),
                event: t('calendar.booking', 'Booking'),
                allDay: t('calendar.all-day', 'All day'),
                noEventsInRange: t('calendar.empty', 'No bookings in this period.'),
                showMore: (count: number) => t('calendar.show-more', '+{count} more', { count }),
              }}
            />
          </CalendarLoading.Provider>
        </div>
        <BookingPanel
          booking={selected}
          dateFormat={dayjsDateFormat(preferences.dateFormat)}
          timeFormat={timeFormatOf(preferences)}
          onClose={() => setSelectedId(null)}
          onDone={done}
        />
      </div>
      <Caption1>{t('calendar.zone-note', 'Each booking is shown at the time of its place.')}</Caption1>
    </div>
  );
}
