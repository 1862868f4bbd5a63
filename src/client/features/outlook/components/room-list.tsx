import { Body1, Button, Caption1 } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import type { OutlookRoom } from '../../../../shared/contract/outlook';
import { useLabel } from '../../../i18n/i18n';
import { href, type RouteName } from '../../../routing/paths';
import { chooseCandidate } from '../pane-booking';
import { useOutlookStyles } from './outlook.styles';
import { RoomMarks } from './room-marks';

/** Rooms to choose from, best first: each opens its details or goes on to booking it. */
export function RoomList({
  rooms,
  infoRoute,
  label,
}: {
  rooms: readonly OutlookRoom[];
  infoRoute: RouteName;
  label: string;
}) {
  const styles = useOutlookStyles();
  const t = useLabel();
  const navigate = useNavigate();
  return (
    <ul className={styles.list} aria-label={label} data-testid="room-list">
      {rooms.map((room) => (
        <li key={room.id} className={styles.row}>
          <div className={styles.rowText}>
            <Body1>{room.name}</Body1>
            <Caption1 className={styles.muted}>
              {t('outlook.room-line', '{capacity} seats · {level}', {
                capacity: room.capacity,
                level: room.level.name,
              })}
            </Caption1>
            <RoomMarks room={room} />
          </div>
          <div className={styles.actions}>
            <Button
              size="small"
              appearance="subtle"
              aria-label={t('outlook.details-of', 'Details of {name}', { name: room.name })}
              onClick={() => void navigate(href(infoRoute, { resource_id: room.id }))}
            >
              {t('outlook.details', 'Details')}
            </Button>
            <Button
              size="small"
              appearance="primary"
              aria-label={
                room.needs_approval
                  ? t('outlook.request-room', 'Request {name}', { name: room.name })
                  : t('outlook.choose-room', 'Book {name}', { name: room.name })
              }
              onClick={() => {
                chooseCandidate(room);
                void navigate(href('r_outlook-add-resource'));
              }}
            >
              {room.needs_approval ? t('outlook.request', 'Request') : t('outlook.book', 'Book')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
