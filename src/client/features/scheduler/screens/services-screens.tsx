import { Body1, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useParams } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/table';
import { AppLink } from '../../../ui/app-link';
import { useSchedulerDraft } from '../scheduler-state';
import { useSchedulerStyles } from '../scheduler.styles';
import { RoomDetails } from './location-screens';

/**
 * spec §2 r_scheduler-services and its sub-screens. Decision: the services module (items, orders,
 * statuses) does not exist yet, so no service can be ordered with a meeting; the server refuses any
 * order line (422 services). These screens say so plainly instead of showing made-up items, and the
 * rooms screen shows the meeting's rooms, where services would be delivered.
 */
function NoServices() {
  const t = useLabel();
  return (
    <MessageBar intent="info">
      <MessageBarBody>
        {t(
          'scheduler.services-unavailable',
          'No services are configured for your company yet, so none can be ordered with a meeting.',
        )}
      </MessageBarBody>
    </MessageBar>
  );
}

export function ServicesScreen() {
  const styles = useSchedulerStyles();
  const t = useLabel();
  return (
    <div className={styles.page}>
      <NoServices />
      <div className={styles.actions}>
        <AppLink to={href('r_scheduler-services-resource-info')}>
          {t('scheduler.services-rooms', 'The meeting’s rooms')}
        </AppLink>
        <AppLink to={href('r_scheduler-services-add-order')}>
          {t('scheduler.add-order', 'Add an order')}
        </AppLink>
      </div>
    </div>
  );
}

export function ServiceRoomsScreen() {
  const styles = useSchedulerStyles();
  const t = useLabel();
  const draft = useSchedulerDraft();
  return (
    <div className={styles.page}>
      {draft.rooms.length === 0 ? (
        <Body1 role="status">
          {t('scheduler.preview-no-rooms', 'Choose the rooms first:')}{' '}
          <AppLink inline to={href('r_scheduler-location')}>
            {t('scheduler.location', 'Location')}
          </AppLink>
        </Body1>
      ) : (
        draft.rooms.map((room) => <RoomDetails key={room.id} id={room.id} />)
      )}
    </div>
  );
}

export function AddOrderScreen() {
  return <NoServices />;
}

export function ItemInfoScreen() {
  const t = useLabel();
  const { orderItemId } = useParams();
  return (
    <>
      <NoServices />
      <Body1 role="status">
        {t('scheduler.order-item-missing', 'There is no order item {id}.', { id: orderItemId ?? '' })}
      </Body1>
    </>
  );
}

export function ItemDetailsScreen() {
  return <NoServices />;
}
