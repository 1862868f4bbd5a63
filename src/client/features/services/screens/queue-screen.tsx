import { Body1, Caption1, Field, Input, Select, Subtitle2, Tab, TabList } from '@fluentui/react-components';
import { Fragment, useState } from 'react';
import {
  ORDER_GROUPS,
  ORDER_SORT_FIELDS,
  type OrdersQuery,
  type ServiceOrder,
} from '../../../../shared/contract/services';
import { defaultQueueDates } from '../../../../shared/services/queue-dates';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useProblems, useQueue } from '../api';
import { ProblemList } from '../components/problem-list';
import { orderPrice, StatusBadge, statusName, useOrderStyles } from '../components/order-parts';

const SORT_LABELS: Record<(typeof ORDER_SORT_FIELDS)[number], string> = {
  order_id: 'Order number',
  delivery_at: 'Delivery time',
  created_at: 'Ordered at',
  resource: 'Resource',
  status: 'Status',
};
const GROUP_LABELS: Record<(typeof ORDER_GROUPS)[number], string> = {
  none: 'No grouping',
  resource: 'Resource',
  status: 'Status',
  date: 'Delivery date',
};

/**
 * spec §2 /services (SERVICES): the providers' work queue, orders delivered between two dates
 * (default 7 days before to 7 after today), sorted and grouped (spec §9), read again live; and, in
 * a tab beside them, the problems reported on the resources' pages (issue 43).
 */
export default function QueueScreen() {
  const styles = useOrderStyles();
  const t = useLabel();
  const [view, setView] = useState<'orders' | 'problems'>('orders');
  const open = useProblems('0');
  const openCount = open.data?.items.length;
  return (
    <div className={styles.page}>
      <TabList selectedValue={view} onTabSelect={(_e, data) => setView(data.value as typeof view)}>
        <Tab value="orders">{t('services.orders', 'Orders')}</Tab>
        <Tab value="problems">
          {openCount
            ? t('services.problems-count', 'Problems reported ({count})', { count: openCount })
            : t('services.problems', 'Problems reported')}
        </Tab>
      </TabList>
      {view === 'orders' ? <OrderQueue /> : <ProblemList />}
    </div>
  );
}

function OrderQueue() {
  const styles = useOrderStyles();
  const t = useLabel();
  const zone = useInitialData()?.company?.timezone ?? 'UTC';
  const [query, setQuery] = useState<
    Required<Pick<OrdersQuery, 'start' | 'end' | 'sortBy' | 'sortOrder' | 'groupBy'>>
  >(() => ({ ...defaultQueueDates(zone), sortBy: 'order_id', sortOrder: 'desc', groupBy: 'none' }));
  const queue = useQueue(query);
  const set = (change: Partial<typeof query>) => setQuery((current) => ({ ...current, ...change }));

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <Field label={t('services.from', 'From')}>
          <Input
            type="date"
            value={query.start}
            onChange={(_e, data) => data.value && set({ start: data.value })}
          />
        </Field>
        <Field label={t('services.to', 'To')}>
          <Input
            type="date"
            value={query.end}
            onChange={(_e, data) => data.value && set({ end: data.value })}
          />
        </Field>
        <Field label={t('services.sort-by', 'Sort by')}>
          <Select
            value={query.sortBy}
            onChange={(_e, data) => set({ sortBy: data.value as typeof query.sortBy })}
          >
            {ORDER_SORT_FIELDS.map((field) => (
              <option key={field} value={field}>
                {t(`services.sort.${field}`, SORT_LABELS[field])}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('services.sort-order', 'Order')}>
          <Select
            value={query.sortOrder}
            onChange={(_e, data) => set({ sortOrder: data.value as typeof query.sortOrder })}
          >
            <option value="desc">{t('services.descending', 'Descending')}</option>
            <option value="asc">{t('services.ascending', 'Ascending')}</option>
          </Select>
        </Field>
        <Field label={t('services.group-by', 'Group by')}>
          <Select
            value={query.groupBy}
            onChange={(_e, data) => set({ groupBy: data.value as typeof query.groupBy })}
          >
            {ORDER_GROUPS.map((group) => (
              <option key={group} value={group}>
                {t(`services.group.${group}`, GROUP_LABELS[group])}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div className={styles.actions}>
        <AppLink to={href('r_services-service-resources')}>
          {t('services.service-resources', 'Resources with services')}
        </AppLink>
      </div>
      {!queue.data ? (
        queue.error ? (
          <ErrorText message={queue.error.message} />
        ) : (
          <Loader label={t('general.loading', 'Loading…')} />
        )
      ) : queue.data.items.length === 0 ? (
        <Body1 role="status">
          {t('services.queue-empty', 'No orders are delivered between these dates.')}
        </Body1>
      ) : (
        <QueueRows orders={queue.data.items} grouped={query.groupBy !== 'none'} busy={queue.isValidating} />
      )}
    </div>
  );
}

function QueueRows({ orders, grouped, busy }: { orders: ServiceOrder[]; grouped: boolean; busy: boolean }) {
  const styles = useOrderStyles();
  const t = useLabel();
  const when = useWhen();
  const groups: Array<{ name: string; orders: ServiceOrder[] }> = [];
  for (const order of orders) {
    const name = order.group ?? '';
    const last = groups.at(-1);
    if (last && last.name === name) last.orders.push(order);
    else groups.push({ name, orders: [order] });
  }
  return (
    <div aria-busy={busy}>
      {groups.map((group) => (
        <Fragment key={group.name}>
          {grouped && (
            <Subtitle2 as="h2" className={styles.group}>
              {/^[a-z_]+$/.test(group.name)
                ? statusName(t, group.name as ServiceOrder['status'])
                : group.name}
            </Subtitle2>
          )}
          <ul className={styles.rows} aria-label={t('services.orders', 'Orders')}>
            {group.orders.map((order) => (
              <li key={order.order_id} className={styles.row}>
                <div className={styles.column}>
                  <AppLink to={href('r_services-edit-order', { service_order_id: order.order_id })}>
                    {t('services.order-number', 'Order {id}', { id: order.order_id })}: {order.resource}
                  </AppLink>
                  <Caption1 className={styles.detail}>
                    {when.dateTime(order.delivery_at, order.timezone)} · {order.request_by.name} ·{' '}
                    {order.items.map((item) => `${item.quantity} × ${item.name}`).join(', ')}
                  </Caption1>
                </div>
                <div className={styles.actions}>
                  <Body1>{orderPrice(order)}</Body1>
                  <StatusBadge status={order.status} />
                </div>
              </li>
            ))}
          </ul>
        </Fragment>
      ))}
    </div>
  );
}
