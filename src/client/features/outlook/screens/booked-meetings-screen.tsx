import { Badge, Body1, Caption1 } from '@fluentui/react-components';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useBookedMeetings } from '../api';
import { bookedMeetingRows, type BookedState } from '../booked-meetings';
import { useOutlookStyles } from '../components/outlook.styles';
import { usePane } from '../pane-state';

const STATE_COLOR = { requested: 'warning', pending: 'informative', booked: 'success' } as const;

/**
 * The rooms the user's meetings hold, booked from Outlook (GET outlook/meetings), soonest first:
 * a pane screen, where the browser app's bookings could not render.
 */
export default function BookedMeetingsScreen() {
  const styles = useOutlookStyles();
  const t = useLabel();
  const when = useWhen();
  const { booking } = usePane();
  const meetings = useBookedMeetings();
  const stateText: Record<BookedState, string> = {
    requested: t('outlook.requested-room', 'Requested – waiting for approval'),
    pending: t('outlook.pending', 'Pending'),
    booked: t('outlook.state-booked', 'Booked'),
  };
  if (meetings.error) return <ErrorText message={meetings.error.message} />;
  if (!meetings.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const rows = bookedMeetingRows(meetings.data.data);
  if (rows.length === 0)
    return (
      <Body1 role="status">
        {t('outlook.no-booked-meetings', 'None of your meetings holds a room booked from Outlook.')}
      </Body1>
    );
  return (
    <ul
      className={styles.list}
      aria-label={t('outlook.meetings', 'Your booked rooms')}
      data-testid="booked-meetings"
    >
      {rows.map((row) => (
        <li key={row.key} className={styles.row}>
          <div className={styles.rowText}>
            <Body1>{row.room}</Body1>
            <Caption1>
              {row.occurrences > 1
                ? t(
                    'outlook.booked-series',
                    { one: '{count} occurrence from {start}', other: '{count} occurrences from {start}' },
                    { count: row.occurrences, start: when.dateTime(row.start) },
                  )
                : when.dateTimeRange(row.start, row.end)}
            </Caption1>
            <span className={styles.marks}>
              <Badge appearance="tint" size="small" color={STATE_COLOR[row.state]}>
                {stateText[row.state]}
              </Badge>
              {booking?.meeting_key === row.key && (
                <Badge appearance="outline" size="small">
                  {t('outlook.this-meeting', 'This meeting')}
                </Badge>
              )}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
