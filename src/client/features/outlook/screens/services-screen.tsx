import { Body1, Field, MessageBar, MessageBarBody, Select, Subtitle2 } from '@fluentui/react-components';
import { useState } from 'react';
import type { ServiceOrder } from '../../../../shared/contract/services';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { useMyOrders } from '../../services/api';
import { OrderForm } from '../../services/components/order-form';
import { OrderLines, StatusBadge } from '../../services/components/order-parts';
import { MeetingSummary } from '../components/meeting-summary';
import { useOutlookStyles } from '../components/outlook.styles';
import { usePane } from '../pane-state';
import { PaneReady } from '../use-pane-ready';

/**
 * The pane's catering (issue 43): the room's service items ordered with the meeting's booking, from
 * inside the meeting. An order is for one occurrence (a series chooses which, the next by default),
 * delivered within it (at its start unless a time is given). The server keeps the order with the
 * meeting: moved with it, cancelled with it (docs/services.md).
 */
function PaneServices() {
  const styles = useOutlookStyles();
  const t = useLabel();
  const when = useWhen();
  const { booking } = usePane();
  // the moment the screen opened: an occurrence ending later can still be ordered for
  const [now] = useState(() => Date.now());
  const ahead = (booking?.bookings ?? []).filter(
    (entry) => entry.status === 'booked' && entry.resource_id !== null && Date.parse(entry.end) > now,
  );
  const [chosen, setChosen] = useState<number | null>(null);
  const [placed, setPlaced] = useState<ServiceOrder | null>(null);
  const current = ahead.find((entry) => entry.id === chosen) ?? ahead[0];
  const orders = useMyOrders(current?.id);

  if (!booking?.resource || !current)
    return (
      <Body1 role="status">
        {t('outlook.services.no-room', 'Book a room for this meeting first: services are ordered with it.')}
      </Body1>
    );
  const mine = (orders.data?.data ?? []).filter((order) => order.declaration_id === current.id);
  return (
    <>
      {ahead.length > 1 && (
        <Field label={t('outlook.services.occurrence', 'For the occurrence')}>
          <Select
            value={String(current.id)}
            onChange={(_e, data) => {
              setChosen(Number(data.value));
              setPlaced(null);
            }}
          >
            {ahead.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {when.dateTimeRange(entry.start, entry.end)} · {entry.resource_name}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {placed && (
        <MessageBar intent="success" data-testid="pane-order-placed">
          <MessageBarBody>
            {t('outlook.services.placed', 'Ordered with the meeting: order {id}.', { id: placed.order_id })}
          </MessageBarBody>
        </MessageBar>
      )}
      <OrderForm
        key={current.id}
        resourceId={current.resource_id!}
        bookingId={current.id}
        onPlaced={(order) => {
          setPlaced(order);
          void orders.mutate();
        }}
      />
      {mine.length > 0 && (
        <section className={styles.form} aria-labelledby="pane-orders">
          <Subtitle2 as="h2" id="pane-orders">
            {t('outlook.services.orders', 'Ordered with this meeting')}
          </Subtitle2>
          {mine.map((order) => (
            <div key={order.order_id} data-testid="pane-order">
              <Body1>
                {t('services.order-number', 'Order {id}', { id: order.order_id })} ·{' '}
                {when.dateTime(order.delivery_at)} <StatusBadge status={order.status} />
              </Body1>
              <OrderLines order={order} />
            </div>
          ))}
        </section>
      )}
    </>
  );
}

export default function PaneServicesScreen() {
  const styles = useOutlookStyles();
  return (
    <PaneReady>
      <div className={styles.screen}>
        <MeetingSummary />
        <PaneServices />
      </div>
    </PaneReady>
  );
}
