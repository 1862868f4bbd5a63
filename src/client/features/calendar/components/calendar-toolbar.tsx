import { Button, Spinner, Subtitle1, ToggleButton } from '@fluentui/react-components';
import { ChevronLeft20Regular, ChevronRight20Regular } from '@fluentui/react-icons';
import { createContext, useContext } from 'react';
import type { ToolbarProps, View } from 'react-big-calendar';
import { useLabel } from '../../../i18n/i18n';
import type { BookingEvent } from '../calendar-events';
import { useCalendarStyles } from '../calendar.styles';

const VIEW_LABELS: Record<string, [code: string, english: string]> = {
  month: ['calendar.view.month', 'Month'],
  week: ['calendar.view.week', 'Week'],
  work_week: ['calendar.view.week', 'Week'],
  day: ['calendar.view.day', 'Day'],
  agenda: ['calendar.view.agenda', 'Agenda'],
};

/** Whether the bookings of the period shown are loading (the toolbar shows a spinner meanwhile). */
export const CalendarLoading = createContext(false);

/**
 * The calendar's toolbar in Fluent buttons: today, previous, next, the period shown, the views. One
 * component for the module's life, so a re-render keeps the focus on the button just pressed.
 */
export function CalendarToolbar({ label, view, views, onNavigate, onView }: ToolbarProps<BookingEvent>) {
  const loading = useContext(CalendarLoading);
  return (
    <ToolbarBody
      label={label}
      view={view}
      views={Array.isArray(views) ? views : (Object.keys(views) as View[])}
      loading={loading}
      onNavigate={onNavigate}
      onView={onView}
    />
  );
}

function ToolbarBody({
  label,
  view,
  views,
  loading,
  onNavigate,
  onView,
}: {
  label: string;
  view: View;
  views: View[];
  loading: boolean;
  onNavigate: ToolbarProps<BookingEvent>['onNavigate'];
  onView: ToolbarProps<BookingEvent>['onView'];
}) {
  const styles = useCalendarStyles();
  const t = useLabel();
  return (
    <div className={styles.toolbar}>
      <div className={styles.toolbarGroup}>
        <Button onClick={() => onNavigate('TODAY')}>{t('calendar.today', 'Today')}</Button>
        <Button
          icon={<ChevronLeft20Regular aria-hidden />}
          aria-label={t('calendar.previous', 'Previous')}
          onClick={() => onNavigate('PREV')}
        />
        <Button
          icon={<ChevronRight20Regular aria-hidden />}
          aria-label={t('calendar.next', 'Next')}
          onClick={() => onNavigate('NEXT')}
        />
        <Subtitle1 as="h2" aria-live="polite">
          {label}
        </Subtitle1>
        {loading && <Spinner size="tiny" label={t('calendar.loading', 'Loading bookings…')} />}
      </div>
      <div className={styles.toolbarGroup} role="group" aria-label={t('calendar.views', 'Calendar view')}>
        {views.map((name) => {
          const [code, english] = VIEW_LABELS[name] ?? [name, name];
          return (
            <ToggleButton key={name} checked={name === view} onClick={() => onView(name)}>
              {t(code, english)}
            </ToggleButton>
          );
        })}
      </div>
    </div>
  );
}
