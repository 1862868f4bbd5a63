import { Body1, Button, Caption1, Field, Input, Select } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { formatPrice, leadTimeText } from '../../../../shared/services/order-rules';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useMyOrders, useServiceItems } from '../../services/api';
import { StatusBadge } from '../../services/components/order-parts';
import { updateDraft, useSchedulerDraft, type SchedulerDraft } from '../scheduler-state';
import { useSchedulerStyles } from '../scheduler.styles';
import { RoomDetails } from './location-screens';

/*
 * spec §2 r_scheduler-services and its sub-screens: the services ordered with the meeting. Each line
 * is an item offered at one of the meeting's rooms, with its quantity; they are ordered with the
 * meeting in one transaction (POST scheduler), delivered to that room when each occurrence starts.
 */

type Line = SchedulerDraft['services'][number];

const lineTotal = (line: Line) => line.quantity * (line.price_cents ?? 0);

function NoRooms() {
  const t = useLabel();
  return (
    <Body1 role="status">
      {t('scheduler.preview-no-rooms', 'Choose the rooms first:')}{' '}
      <AppLink inline to={href('r_scheduler-location')}>
        {t('scheduler.location', 'Location')}
      </AppLink>
    </Body1>
  );
}

export function ServicesScreen() {
  const styles = useSchedulerStyles();
  const t = useLabel();
  const draft = useSchedulerDraft();
  const rooms = new Map(draft.rooms.map((room) => [room.id, room.name]));
  const currency = draft.services.find((line) => line.currency)?.currency ?? '';
  return (
    <div className={styles.page}>
      {draft.rooms.length === 0 && <NoRooms />}
      {draft.services.length === 0 ? (
        <Body1 role="status">
          {t('scheduler.no-services', 'No services are ordered with this meeting.')}
        </Body1>
      ) : (
        <ul className={styles.rows} aria-label={t('scheduler.services', 'Services')}>
          {draft.services.map((line, index) => (
            <li key={`${line.item_id}-${line.resource_id}-${index}`} className={styles.row}>
              <AppLink to={href('r_scheduler-services-item-info', { orderItemId: index + 1 })}>
                {line.quantity} × {line.name ?? `#${line.item_id}`}
              </AppLink>
              <Caption1>
                {rooms.get(line.resource_id ?? draft.rooms[0]?.id ?? 0) ?? ''} ·{' '}
                {formatPrice(lineTotal(line), line.currency ?? currency)}
              </Caption1>
            </li>
          ))}
        </ul>
      )}
      {draft.services.length > 0 && (
        <Body1 role="status">
          {t('services.total', 'Total')}:{' '}
          {formatPrice(
            draft.services.reduce((sum, line) => sum + lineTotal(line), 0),
            currency,
          )}
        </Body1>
      )}
      <YourOrders />
      <div className={styles.actions}>
        <AppLink to={href('r_scheduler-services-add-order')}>
          {t('scheduler.add-order', 'Add an order')}
        </AppLink>
        <AppLink to={href('r_scheduler-services-resource-info')}>
          {t('scheduler.services-rooms', 'The meeting’s rooms')}
        </AppLink>
        <AppLink to={href('r_scheduler-services-item-details')}>
          {t('scheduler.item-details', 'Item details')}
        </AppLink>
      </div>
    </div>
  );
}

/** The orders placed with the caller's meetings that are still to come, their status followed live. */
function YourOrders() {
  const styles = useSchedulerStyles();
  const t = useLabel();
  const when = useWhen();
  const orders = useMyOrders();
  // orders of meetings over before the screen opened are history, not something to follow
  const [openedAt] = useState(() => Date.now());
  const upcoming = (orders.data?.data ?? []).filter(
    (order) => Date.parse(order.booking?.ends_at ?? order.delivery_at) > openedAt,
  );
  if (upcoming.length === 0) return null;
  return (
    <section className={styles.section} aria-label={t('scheduler.your-orders', 'Your orders')}>
      <Body1 as="h2">{t('scheduler.your-orders', 'Your orders')}</Body1>
      <ul className={styles.rows}>
        {upcoming.map((order) => (
          <li key={order.order_id} className={styles.row}>
            <Body1>
              {t('services.order-number', 'Order {id}', { id: order.order_id })}: {order.resource} ·{' '}
              {when.dateTime(order.delivery_at, order.timezone)} ·{' '}
              {order.items.map((item) => `${item.quantity} × ${item.name}`).join(', ')}
            </Body1>
            <StatusBadge status={order.status} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What each of the meeting's rooms offers. */
export function ServiceRoomsScreen() {
  const styles = useSchedulerStyles();
  const draft = useSchedulerDraft();
  return (
    <div className={styles.page}>
      {draft.rooms.length === 0 ? (
        <NoRooms />
      ) : (
        draft.rooms.map((room) => <RoomDetails key={room.id} id={room.id} />)
      )}
    </div>
  );
}

export function AddOrderScreen() {
  const styles = useSchedulerStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const draft = useSchedulerDraft();
  const [roomId, setRoomId] = useState(draft.rooms[0]?.id ?? null);
  const items = useServiceItems(roomId);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  if (draft.rooms.length === 0 || roomId === null) return <NoRooms />;

  const add = () => {
    const chosen = (items.data?.items ?? [])
      .map((item) => ({ item, quantity: Number(quantities[item.id] ?? '0') }))
      .filter((line) => line.quantity !== 0);
    if (chosen.some((line) => !Number.isInteger(line.quantity) || line.quantity < 1))
      return setError(t('services.quantity-rule', 'The quantity must be a whole number of 1 or more.'));
    if (chosen.length === 0) return setError(t('services.choose-items', 'Choose at least one item.'));
    updateDraft((current) => ({
      ...current,
      services: [
        ...current.services,
        ...chosen.map(({ item, quantity }) => ({
          item_id: item.id,
          quantity,
          resource_id: roomId,
          name: item.name,
          price_cents: item.price_cents,
          currency: item.currency,
        })),
      ],
    }));
    navigate(href('r_scheduler-services'));
  };

  return (
    <div className={styles.form}>
      <ErrorText message={error} />
      <Field label={t('scheduler.service-room', 'Delivered to')}>
        <Select value={String(roomId)} onChange={(_e, data) => setRoomId(Number(data.value))}>
          {draft.rooms.map((room) => (
            <option key={room.id} value={room.id}>
              {room.name}
            </option>
          ))}
        </Select>
      </Field>
      {!items.data ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : items.data.items.length === 0 ? (
        <Body1 role="status">{t('services.none-here', 'No services are offered at this resource.')}</Body1>
      ) : (
        items.data.items.map((item) => (
          <Field
            key={item.id}
            label={`${item.name} · ${formatPrice(item.price_cents, item.currency)}`}
            hint={
              item.lead_time_minutes > 0
                ? t('services.lead-time-hint', 'Order at least {time} ahead.', {
                    time: leadTimeText(item.lead_time_minutes),
                  })
                : undefined
            }
          >
            <Input
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              value={quantities[item.id] ?? ''}
              onChange={(_e, data) => setQuantities((current) => ({ ...current, [item.id]: data.value }))}
            />
          </Field>
        ))
      )}
      <div className={styles.actions}>
        <Button appearance="primary" onClick={add}>
          {t('scheduler.add-to-meeting', 'Add to the meeting')}
        </Button>
      </div>
    </div>
  );
}

/** One line of the meeting's order (item-info/:orderItemId, counted from 1): its quantity, or removed. */
export function ItemInfoScreen() {
  const styles = useSchedulerStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const draft = useSchedulerDraft();
  const index = Number(useParams().orderItemId) - 1;
  const line = Number.isInteger(index) ? draft.services[index] : undefined;
  const [quantity, setQuantity] = useState(String(line?.quantity ?? 1));
  const [error, setError] = useState<string | null>(null);
  if (!line)
    return (
      <Body1 role="status">
        {t('scheduler.order-item-missing', 'There is no order item {id}.', { id: index + 1 })}
      </Body1>
    );
  const change = (next: Line | null) => {
    updateDraft((current) => ({
      ...current,
      services: next
        ? current.services.map((candidate, at) => (at === index ? next : candidate))
        : current.services.filter((_candidate, at) => at !== index),
    }));
    navigate(href('r_scheduler-services'));
  };
  return (
    <div className={styles.form}>
      <Body1>{line.name ?? `#${line.item_id}`}</Body1>
      <Field label={t('services.quantity', 'Quantity')} validationMessage={error ?? undefined}>
        <Input
          type="number"
          min={1}
          step={1}
          value={quantity}
          onChange={(_e, data) => setQuantity(data.value)}
        />
      </Field>
      <div className={styles.actions}>
        <Button
          appearance="primary"
          onClick={() => {
            const value = Number(quantity);
            if (!Number.isInteger(value) || value < 1)
              return setError(
                t('services.quantity-rule', 'The quantity must be a whole number of 1 or more.'),
              );
            change({ ...line, quantity: value });
          }}
        >
          {t('general.actions.save', 'Save')}
        </Button>
        <Button onClick={() => change(null)}>{t('scheduler.remove-item', 'Remove')}</Button>
      </div>
    </div>
  );
}

/** The catalogue of the meeting's rooms: each item's description, price and lead time. */
export function ItemDetailsScreen() {
  const styles = useSchedulerStyles();
  const t = useLabel();
  const draft = useSchedulerDraft();
  const items = useServiceItems(draft.rooms[0]?.id ?? null);
  if (draft.rooms.length === 0) return <NoRooms />;
  if (!items.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return (
    <ul className={styles.rows} aria-label={t('scheduler.item-details', 'Item details')}>
      {items.data.items.map((item) => (
        <li key={item.id} className={styles.row}>
          <Body1>{item.name}</Body1>
          <Caption1>
            {item.description} · {formatPrice(item.price_cents, item.currency)}
            {item.lead_time_minutes > 0 ? ` · ${leadTimeText(item.lead_time_minutes)}` : ''}
          </Caption1>
        </li>
      ))}
    </ul>
  );
}
