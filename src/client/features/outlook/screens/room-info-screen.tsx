import { Body1, Button, Subtitle2 } from '@fluentui/react-components';
import { useNavigate, useParams } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useRoom } from '../api';
import { useOutlookStyles } from '../components/outlook.styles';
import { RoomMarks } from '../components/room-marks';
import { RoomPhoto } from '../components/room-photo';
import { chooseCandidate } from '../pane-booking';
import { PaneReady } from '../use-pane-ready';

/** spec §2 /outlook/info/{resource_id}: a room's details, and booking it for the meeting. */
function RoomInfo() {
  const styles = useOutlookStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const id = Number(useParams().resource_id);
  const room = useRoom(Number.isInteger(id) && id > 0 ? id : null);
  if (room.error) return <ErrorText message={room.error.message} />;
  if (!room.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const info = room.data;
  return (
    <section className={styles.card} aria-labelledby="room-name">
      <Subtitle2 as="h2" id="room-name">
        {info.name}
      </Subtitle2>
      <RoomMarks room={info} />
      <RoomPhoto room={info} />
      <dl className={styles.times}>
        <dt className={styles.term}>{t('outlook.location', 'Location')}</dt>
        <dd className={styles.value}>{info.level.path}</dd>
        <dt className={styles.term}>{t('outlook.type', 'Type')}</dt>
        <dd className={styles.value}>{info.resource_type.name}</dd>
        <dt className={styles.term}>{t('outlook.capacity', 'Seats')}</dt>
        <dd className={styles.value}>{info.capacity}</dd>
        {info.email && (
          <>
            <dt className={styles.term}>{t('outlook.mailbox', 'Mailbox')}</dt>
            <dd className={styles.value}>{info.email}</dd>
          </>
        )}
        {info.attributes.length > 0 && (
          <>
            <dt className={styles.term}>{t('outlook.attributes', 'Equipment')}</dt>
            <dd className={styles.value}>{info.attributes.map((attribute) => attribute.name).join(', ')}</dd>
          </>
        )}
      </dl>
      {info.description && <Body1>{info.description}</Body1>}
      <div className={styles.actions}>
        <Button
          appearance="primary"
          onClick={() => {
            chooseCandidate(info);
            void navigate(href('r_outlook-add-resource'));
          }}
        >
          {info.needs_approval
            ? t('outlook.request-room', 'Request {name}', { name: info.name })
            : t('outlook.book-room', 'Book {name}', { name: info.name })}
        </Button>
      </div>
    </section>
  );
}

export default function RoomInfoScreen() {
  return (
    <PaneReady>
      <RoomInfo />
    </PaneReady>
  );
}
