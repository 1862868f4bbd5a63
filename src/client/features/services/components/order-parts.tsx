import { Badge, Body1, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import {
  SERVICE_STATUSES,
  type ServiceOrder,
  type ServiceStatusKey,
} from '../../../../shared/contract/services';
import { formatPrice } from '../../../../shared/services/order-rules';
import { useLabel, type LabelFn } from '../../../i18n/i18n';

export const useOrderStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    maxWidth: '720px',
    width: '100%',
  },
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    maxWidth: '560px',
    width: '100%',
  },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', flexWrap: 'wrap' },
  rows: { display: 'flex', flexDirection: 'column', paddingInlineStart: 0, margin: 0, listStyleType: 'none' },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  detail: { color: tokens.colorNeutralForeground2 },
  group: { marginBlockStart: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'center' },
  total: { fontWeight: tokens.fontWeightSemibold },
  // a fieldset is as wide as its widest line by default: at 320 px it must wrap instead
  fieldset: {
    minWidth: 0,
    margin: 0,
    padding: 0,
    border: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
});

export const statusName = (t: LabelFn, key: ServiceStatusKey) =>
  t(`services.status.${key}`, SERVICE_STATUSES.find((status) => status.key === key)!.name);

const COLOR: Record<ServiceStatusKey, 'informative' | 'brand' | 'warning' | 'success' | 'danger'> = {
  requested: 'informative',
  confirmed: 'brand',
  in_preparation: 'warning',
  delivered: 'success',
  cancelled: 'danger',
};

export function StatusBadge({ status }: { status: ServiceStatusKey }) {
  const t = useLabel();
  return (
    <Badge appearance="tint" color={COLOR[status]}>
      {statusName(t, status)}
    </Badge>
  );
}

export const orderPrice = (order: Pick<ServiceOrder, 'total_cents' | 'currency'>) =>
  formatPrice(order.total_cents, order.currency);

/** An order's lines, each with its status, and the total. */
export function OrderLines({ order }: { order: ServiceOrder }) {
  const styles = useOrderStyles();
  const t = useLabel();
  return (
    <>
      <ul className={styles.rows} aria-label={t('services.items', 'Items')}>
        {order.items.map((item) => (
          <li key={item.id} className={styles.row}>
            <div className={styles.column}>
              <Body1>
                {item.quantity} × {item.name}
              </Body1>
              {item.notes && <Caption1 className={styles.detail}>{item.notes}</Caption1>}
            </div>
            <div className={styles.actions}>
              <Body1>{formatPrice(item.total_cents, order.currency)}</Body1>
              <StatusBadge status={item.status} />
            </div>
          </li>
        ))}
      </ul>
      <Body1 className={styles.total}>
        {t('services.total', 'Total')}: {orderPrice(order)}
      </Body1>
    </>
  );
}
