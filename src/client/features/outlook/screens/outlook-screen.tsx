import { Body1, Button, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useFreeRooms } from '../api';
import { BookedRoom } from '../components/booked-room';
import { MeetingSummary } from '../components/meeting-summary';
import { useOutlookStyles } from '../components/outlook.styles';
import { PaneNotice } from '../components/pane-notice';
import { RoomList } from '../components/room-list';
import { SeatsField } from '../components/seats-field';
import { usePane } from '../pane-state';
import { seatsWanted } from '../seats';
import { PaneReady } from '../use-pane-ready';

const useStyles = makeStyles({
  links: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** How many rooms the landing proposes; advanced search lists them all. */
const PROPOSED = 5;

function ProposedRooms() {
  const t = useLabel();
  const { meeting, seats } = usePane();
  const rooms = useFreeRooms(
    meeting ? { start: meeting.start, end: meeting.end, attendees: seatsWanted(meeting, seats) } : null,
  );
  if (rooms.error) return <ErrorText message={rooms.error.message} />;
  if (!rooms.data) return <Loader label={t('outlook.finding-rooms', 'Finding free rooms…')} />;
  if (rooms.data.data.length === 0)
    return (
      <Body1 role="status">
        {t('outlook.no-rooms', 'No room that seats everyone is free at this time.')}
      </Body1>
    );
  return (
    <RoomList
      rooms={rooms.data.data.slice(0, PROPOSED)}
      infoRoute="r_outlook-info"
      label={t('outlook.free-rooms', 'Free rooms')}
    />
  );
}

/** spec §2 /outlook: the meeting, the room booked for it, and free rooms that seat its attendees. */
function OutlookLanding() {
  const styles = useOutlookStyles();
  const local = useStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const { booking, meeting } = usePane();
  return (
    <div className={styles.screen}>
      <PaneNotice />
      <MeetingSummary />
      <BookedRoom />
      <nav className={local.links} aria-label={t('outlook.more', 'More')}>
        <Button size="small" onClick={() => void navigate(href('r_outlook-advanced-search'))}>
          {t('outlook.advanced-search', 'Advanced search')}
        </Button>
        <Button size="small" onClick={() => void navigate(href('r_outlook-duration'))}>
          {t('outlook.duration', 'Duration')}
        </Button>
        {meeting && (
          <Button size="small" onClick={() => void navigate(href('r_outlook-places'))}>
            {t('outlook.places', 'Desk or parking')}
          </Button>
        )}
        {meeting?.recurrence && (
          <Button size="small" onClick={() => void navigate(href('r_outlook-recurrence'))}>
            {t('outlook.recurrence', 'Occurrences')}
          </Button>
        )}
      </nav>
      {!booking && (
        <section className={styles.screen} aria-labelledby="free-rooms-title">
          <Subtitle2 as="h2" id="free-rooms-title">
            {t('outlook.free-rooms', 'Free rooms')}
          </Subtitle2>
          <SeatsField />
          <ProposedRooms />
        </section>
      )}
    </div>
  );
}

export default function OutlookScreen() {
  return (
    <PaneReady>
      <OutlookLanding />
    </PaneReady>
  );
}
