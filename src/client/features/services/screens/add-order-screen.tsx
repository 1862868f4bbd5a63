import { Body1 } from '@fluentui/react-components';
import { useNavigate, useParams } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { OrderForm } from '../components/order-form';
import { useOrderStyles } from '../components/order-parts';

const idOf = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : null);

/**
 * spec §2 /services add-order/:order_resource_id, add-booking-order/:order_resource_id/:order_booking_id
 * and service-resources/:order_resource_id/add-order: an order for the resource (and its booking).
 */
export default function AddOrderScreen() {
  const styles = useOrderStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const params = useParams();
  const resourceId = idOf(params.order_resource_id);
  const bookingId = idOf(params.order_booking_id);
  if (resourceId === null)
    return <Body1 role="status">{t('services.resource-not-found', 'Resource not found.')}</Body1>;
  return (
    <div className={styles.page}>
      <OrderForm
        resourceId={resourceId}
        bookingId={bookingId}
        onPlaced={(order) => navigate(href('r_services-edit-order', { service_order_id: order.order_id }))}
      />
    </div>
  );
}
