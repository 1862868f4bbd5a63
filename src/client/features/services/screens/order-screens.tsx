import { Body1, Caption1, Radio, RadioGroup, Subtitle2 } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { SERVICE_STATUSES, type HistoryEntry, type ServiceOrder } from '../../../../shared/contract/services';
import { isFinal } from '../../../../shared/services/order-rules';
import { errorMessage } from '../../../api/errors';
import { useLabel, type LabelFn } from '../../../i18n/i18n';
import type { When } from '../../../i18n/format-when';
import { useWhen } from '../../../i18n/use-when';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { setItemStatus, setOrderStatus, useHistory, useOrder } from '../api';
import { OrderLines, StatusBadge, statusName, useOrderStyles } from '../components/order-parts';

const idOf = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : null);

/** The order named by the address, or what to show instead (loading, not found). */
function useOrderOfRoute() {
  const { service_order_id: param } = useParams();
  const id = idOf(param);
  const order = useOrder(id);
  return { id, order };
}

function Missing({ loading }: { loading: boolean }) {
  const t = useLabel();
  return loading ? (
    <Loader label={t('general.loading', 'Loading…')} />
  ) : (
    <Body1 role="status">{t('services.order-not-found', 'Service order not found.')}</Body1>
  );
}

function OrderSummary({ order }: { order: ServiceOrder }) {
  const styles = useOrderStyles();
  const t = useLabel();
  // the resource's clock
  const when = useWhen(order.timezone);
  return (
    <section className={styles.column} aria-label={t('services.order', 'Order')}>
      <div className={styles.actions}>
        <Subtitle2 as="h2">
          {t('services.order-number', 'Order {id}', { id: order.order_id })}: {order.resource}
        </Subtitle2>
        <StatusBadge status={order.status} />
      </div>
      <Caption1 className={styles.detail}>{order.path}</Caption1>
      <Body1>
        {t('services.delivery', 'Delivery')}: {when.dateTime(order.delivery_at)}
      </Body1>
      {order.booking && (
        <Body1>
          {t('services.booking', 'Booking')}:{' '}
          {when.dateTimeRange(order.booking.starts_at, order.booking.ends_at)} {order.booking.subject}
        </Body1>
      )}
      <Body1>
        {t('services.ordered-by', 'Ordered by')}: {order.request_by.name}
      </Body1>
      {order.notes && (
        <Body1>
          {t('services.notes', 'Notes')}: {order.notes}
        </Body1>
      )}
      <OrderLines order={order} />
    </section>
  );
}

function historyText(t: LabelFn, entry: HistoryEntry, when: When): string {
  switch (entry.action) {
    case 'created':
      return t('services.history.created', 'Ordered');
    case 'moved':
      return t('services.history.moved', 'Moved with its booking to {when}', {
        when: entry.delivery_at ? when.dateTime(entry.delivery_at) : '',
      });
    case 'cancelled_with_booking':
      return t('services.history.cancelled-with-booking', 'Cancelled with its booking');
    default:
      return entry.item
        ? t('services.history.item-status', '{item}: {status}', {
            item: entry.item.name,
            status: statusName(t, entry.status!),
          })
        : t('services.history.status', 'Order: {status}', { status: statusName(t, entry.status!) });
  }
}

/** Who changed what when (spec §2 edit-order … history). */
export function OrderHistory({ order }: { order: ServiceOrder }) {
  const styles = useOrderStyles();
  const t = useLabel();
  const when = useWhen(order.timezone);
  const history = useHistory(order.order_id);
  if (!history.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return (
    <section aria-label={t('services.history', 'History')}>
      <Subtitle2 as="h2">{t('services.history', 'History')}</Subtitle2>
      <ul className={styles.rows}>
        {history.data.data.map((entry) => (
          <li key={entry.id} className={styles.row}>
            <Body1>{historyText(t, entry, when)}</Body1>
            <Caption1 className={styles.detail}>
              {entry.changed_by?.name ?? t('services.history.by-booking', 'its booking')} ·{' '}
              {when.dateTime(entry.changed_at)}
            </Caption1>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** spec §2 /services edit-order/:service_order_id: the order, its history, the way to change its status. */
export function EditOrderScreen() {
  const styles = useOrderStyles();
  const t = useLabel();
  const { order } = useOrderOfRoute();
  if (!order.data) return <Missing loading={!order.error} />;
  return (
    <div className={styles.page}>
      <OrderSummary order={order.data} />
      {!isFinal(order.data.status) && (
        <AppLink to={href('r_services-update-order-status', { service_order_id: order.data.order_id })}>
          {t('services.update-status', 'Change the status')}
        </AppLink>
      )}
      <OrderHistory order={order.data} />
    </div>
  );
}

function StatusForm({
  current,
  label,
  save,
  done,
}: {
  current: ServiceOrder['status'];
  label: string;
  save(statusId: number): Promise<unknown>;
  done(): void;
}) {
  const styles = useOrderStyles();
  const t = useLabel();
  const [chosen, setChosen] = useState(String(SERVICE_STATUSES.find((status) => status.key === current)!.id));
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <form
      className={styles.form}
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        setPending(true);
        setFailure(null);
        save(Number(chosen)).then(done, (error: unknown) => {
          setFailure(errorMessage(error));
          setPending(false);
        });
      }}
    >
      <ErrorText message={failure} />
      <RadioGroup aria-label={label} value={chosen} onChange={(_e, data) => setChosen(data.value)}>
        {SERVICE_STATUSES.map((status) => (
          <Radio key={status.id} value={String(status.id)} label={statusName(t, status.key)} />
        ))}
      </RadioGroup>
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
      </div>
    </form>
  );
}

/** spec §2 update-order-status/:service_order_id: the order's status, or one item's (its child). */
export function UpdateOrderStatusScreen() {
  const styles = useOrderStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const { order } = useOrderOfRoute();
  if (!order.data) return <Missing loading={!order.error} />;
  const data = order.data;
  return (
    <div className={styles.page}>
      <OrderSummary order={data} />
      {isFinal(data.status) ? (
        <Body1 role="status">
          {t('services.final', 'This order is delivered or cancelled: its status can no longer change.')}
        </Body1>
      ) : (
        <StatusForm
          current={data.status}
          label={t('services.order-status', 'Status of the order')}
          save={(statusId) => setOrderStatus(data.order_id, statusId)}
          done={() => navigate(href('r_services-edit-order', { service_order_id: data.order_id }))}
        />
      )}
      <ul className={styles.rows} aria-label={t('services.item-statuses', 'Status of each item')}>
        {data.items
          .filter((item) => !isFinal(item.status))
          .map((item) => (
            <li key={item.id} className={styles.row}>
              <AppLink
                to={href('r_services-update-order-status-update-item-status', {
                  service_order_id: data.order_id,
                  service_item_id: item.id,
                })}
              >
                {t('services.update-item-status', 'Change the status of {item}', {
                  item: `${item.quantity} × ${item.name}`,
                })}
              </AppLink>
              <StatusBadge status={item.status} />
            </li>
          ))}
      </ul>
    </div>
  );
}

export function UpdateItemStatusScreen() {
  const styles = useOrderStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const { order } = useOrderOfRoute();
  const itemId = idOf(useParams().service_item_id);
  if (!order.data) return <Missing loading={!order.error} />;
  const item = order.data.items.find((candidate) => candidate.id === itemId);
  if (!item)
    return <Body1 role="status">{t('services.item-not-found', 'This order has no such item.')}</Body1>;
  const orderId = order.data.order_id;
  return (
    <div className={styles.page}>
      <Subtitle2 as="h2">
        {item.quantity} × {item.name}
      </Subtitle2>
      {isFinal(item.status) ? (
        <Body1 role="status">
          {t('services.item-final', 'This item is delivered or cancelled: its status can no longer change.')}
        </Body1>
      ) : (
        <StatusForm
          current={item.status}
          label={t('services.item-status', 'Status of the item')}
          save={(statusId) => setItemStatus(orderId, item.id, statusId)}
          done={() => navigate(href('r_services-update-order-status', { service_order_id: orderId }))}
        />
      )}
    </div>
  );
}
