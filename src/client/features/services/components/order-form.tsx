import { Body1, Caption1, Field, Input, Textarea } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import type { CreateOrderBody, ServiceItem, ServiceOrder } from '../../../../shared/contract/services';
import { formatPrice, leadTimeText, orderTotal } from '../../../../shared/services/order-rules';
import { ApiError, errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { placeOrder, useServiceItems } from '../api';
import { useOrderStyles } from './order-parts';

/**
 * Orders the items offered at a resource, for one of its bookings (delivered at its start unless a
 * time is given) or, without one, at the time given: quantities whole and positive, the total shown
 * as they change. The server's refusals appear beside the item or field they name.
 */
export function OrderForm({
  resourceId,
  bookingId,
  onPlaced,
  place = placeOrder,
}: {
  resourceId: number;
  bookingId: number | null;
  onPlaced(order: ServiceOrder): void;
  /** how the order is sent (default POST services/orders; the /service/{code} page sends it there) */
  place?: (body: CreateOrderBody) => Promise<ServiceOrder>;
}) {
  const styles = useOrderStyles();
  const t = useLabel();
  const items = useServiceItems(resourceId);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [delivery, setDelivery] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (!items.data)
    return items.error ? (
      <ErrorText message={items.error.message} />
    ) : (
      <Loader label={t('general.loading', 'Loading…')} />
    );
  if (items.data.items.length === 0)
    return (
      <Body1 role="status">{t('services.none-here', 'No services are offered at this resource.')}</Body1>
    );

  const lines = items.data.items
    .map((item) => ({ item, quantity: Number(quantities[item.id] ?? '0') }))
    .filter((line) => line.quantity !== 0);
  const currency = items.data.items[0]!.currency;
  const total = orderTotal(
    lines.map((line) => ({
      quantity: Number.isInteger(line.quantity) ? line.quantity : 0,
      unit_price_cents: line.item.price_cents,
    })),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setErrors({});
    const local: Record<string, string[]> = {};
    for (const line of lines)
      if (!Number.isInteger(line.quantity) || line.quantity < 1)
        local[`item.${line.item.id}`] = [
          t('services.quantity-rule', 'The quantity must be a whole number of 1 or more.'),
        ];
    if (lines.length === 0) local.items = [t('services.choose-items', 'Choose at least one item.')];
    if (Object.keys(local).length > 0) return setErrors(local);
    setPending(true);
    try {
      const order = await place({
        resource_id: resourceId,
        declaration_id: bookingId,
        delivery_at: delivery ? new Date(delivery).toISOString() : null,
        notes,
        items: lines.map((line) => ({ service_item_id: line.item.id, quantity: line.quantity })),
      });
      setPending(false);
      setQuantities({});
      setNotes('');
      setDelivery('');
      onPlaced(order);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.body?.errors : undefined;
      if (!fieldErrors) setFailure(errorMessage(error));
      else {
        // items.{index}.… names the index in the lines sent: shown at that line's item
        const shown: Record<string, string[]> = {};
        for (const [field, messages] of Object.entries(fieldErrors)) {
          const index = /^items\.(\d+)\./.exec(field);
          const key = index ? `item.${lines[Number(index[1])]?.item.id}` : field;
          shown[key] = messages;
        }
        setErrors(shown);
      }
      setPending(false);
    }
  };

  const fieldError = (key: string) => errors[key]?.[0];
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('services.add-order', 'Add an order')}
    >
      <ErrorText
        message={failure ?? fieldError('items') ?? fieldError('declaration_id') ?? fieldError('resource_id')}
      />
      {items.data.items.map((item) => (
        <ItemQuantity
          key={item.id}
          item={item}
          value={quantities[item.id] ?? ''}
          error={fieldError(`item.${item.id}`)}
          onChange={(value) => setQuantities((current) => ({ ...current, [item.id]: value }))}
        />
      ))}
      <Field
        label={
          bookingId === null
            ? t('services.delivery', 'Delivery')
            : t('services.delivery-optional', 'Delivery (default: when the booking starts)')
        }
        required={bookingId === null}
        validationMessage={fieldError('delivery_at')}
      >
        <Input type="datetime-local" value={delivery} onChange={(_e, data) => setDelivery(data.value)} />
      </Field>
      <Field label={t('services.notes', 'Notes')} validationMessage={fieldError('notes')}>
        <Textarea value={notes} maxLength={1000} onChange={(_e, data) => setNotes(data.value)} />
      </Field>
      <Body1 className={styles.total} role="status">
        {t('services.total', 'Total')}: {formatPrice(total, currency)}
      </Body1>
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('services.place-order', 'Order')}</SubmitButton>
      </div>
    </form>
  );
}

function ItemQuantity({
  item,
  value,
  error,
  onChange,
}: {
  item: ServiceItem;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}) {
  const styles = useOrderStyles();
  const t = useLabel();
  return (
    <Field
      label={`${item.name} · ${formatPrice(item.price_cents, item.currency)}`}
      hint={
        item.lead_time_minutes > 0
          ? t('services.lead-time-hint', 'Order at least {time} ahead.', {
              time: leadTimeText(item.lead_time_minutes),
            })
          : undefined
      }
      validationMessage={error}
    >
      <Input
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        value={value}
        onChange={(_e, data) => onChange(data.value)}
      />
      {item.description && <Caption1 className={styles.detail}>{item.description}</Caption1>}
    </Field>
  );
}
