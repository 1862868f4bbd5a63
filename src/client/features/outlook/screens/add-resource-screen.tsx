import { Body1, Button, Spinner, Subtitle2 } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ConflictList } from '../components/conflict-list';
import { MeetingSummary } from '../components/meeting-summary';
import { useOutlookStyles } from '../components/outlook.styles';
import { PaneNotice } from '../components/pane-notice';
import { bookForMeeting } from '../pane-booking';
import { usePane } from '../pane-state';
import { PaneReady } from '../use-pane-ready';

/**
 * spec §2 /outlook/add-resource: books the chosen room for the meeting (every occurrence of a
 * series, all or nothing) and writes it into the meeting's location.
 */
function AddResource() {
  const styles = useOutlookStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const { candidate, busy, occurrences, conflicts, chosen } = usePane();
  if (!candidate)
    return (
      <div className={styles.screen}>
        <Body1 role="status">{t('outlook.choose-first', 'Choose a room first.')}</Body1>
        <Button onClick={() => void navigate(href('r_outlook'))}>
          {t('outlook.back-to-rooms', 'Back to the rooms')}
        </Button>
      </div>
    );
  const open = conflicts.filter((conflict) => !chosen[conflict.start]).length;
  const book = async () => {
    const outcome = await bookForMeeting(candidate);
    if (outcome === 'booked') void navigate(href('r_outlook'));
  };
  return (
    <div className={styles.screen}>
      <PaneNotice />
      <MeetingSummary />
      <section className={styles.card} aria-labelledby="candidate-title">
        <Subtitle2 as="h2" id="candidate-title">
          {candidate.name}
        </Subtitle2>
        <Body1 className={styles.muted}>{candidate.level.path}</Body1>
        <Body1>{t('outlook.seats', '{capacity} seats', { capacity: candidate.capacity })}</Body1>
        {candidate.needs_approval && (
          <Body1>
            {t(
              'outlook.approval-note',
              'This room needs approval: your booking is a request until an approver accepts it.',
            )}
          </Body1>
        )}
        {occurrences && occurrences.length > 1 && (
          <Body1>
            {t('outlook.books-series', 'Books all {count} occurrences, or none.', {
              count: occurrences.length,
            })}
          </Body1>
        )}
        <div className={styles.actions}>
          <Button
            appearance="primary"
            disabled={busy !== null || open > 0 || !occurrences}
            onClick={() => void book()}
          >
            {conflicts.length > 0
              ? t('outlook.book-series', 'Book the series')
              : candidate.needs_approval
                ? t('outlook.request-for-meeting', 'Request {name} for this meeting', {
                    name: candidate.name,
                  })
                : t('outlook.book-for-meeting', 'Book {name} for this meeting', { name: candidate.name })}
          </Button>
          {busy === 'booking' && <Spinner size="tiny" label={t('outlook.booking', 'Booking…')} />}
        </div>
      </section>
      <ConflictList />
    </div>
  );
}

export default function AddResourceScreen() {
  return (
    <PaneReady>
      <AddResource />
    </PaneReady>
  );
}
