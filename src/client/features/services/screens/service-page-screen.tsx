import {
  Body1,
  Caption1,
  Field,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Select,
  Subtitle2,
  Textarea,
  Title3,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import {
  PROBLEM_MAX,
  servicePagePaths,
  type ServicePage,
  type ServiceProblem,
} from '../../../../shared/contract/service-page';
import type { CreateOrderBody, ServiceOrder } from '../../../../shared/contract/services';
import { api } from '../../../api/client';
import { ApiError, errorMessage } from '../../../api/errors';
import { useApi } from '../../../api/swr';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { useRefetchOnEvent } from '../../../realtime';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { OrderForm } from '../components/order-form';
import { OrderLines, StatusBadge, useOrderStyles } from '../components/order-parts';

const NO_BOOKING = 'none';

/**
 * spec §2 /service/{code}: a resource's QR code opens this page. Whoever is signed in orders the
 * resource's services with one of their bookings of it (a provider also without one), follows their
 * open orders live, or reports a problem with the resource. It sees nothing but that resource and
 * the caller's own bookings and orders of it.
 */
export default function ServicePageScreen() {
  const styles = useOrderStyles();
  const t = useLabel();
  const when = useWhen();
  const { code = '' } = useParams();
  const page = useApi<ServicePage>(servicePagePaths.pageOf(code), { silent: true });
  useRefetchOnEvent('service_orders_changed', () => void page.mutate());
  const [chosen, setChosen] = useState<string | null>(null);
  const [placed, setPlaced] = useState<ServiceOrder | null>(null);

  if (page.error)
    return (
      <MessageBar intent="warning">
        <MessageBarBody>
          {page.error.status === 429
            ? page.error.message
            : t('services.page.unknown', 'This code is not known.')}
        </MessageBarBody>
      </MessageBar>
    );
  if (!page.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const { resource, bookings, orders, may_order_without_booking: mayOrderFreely } = page.data;
  const choice = chosen ?? (bookings[0] ? String(bookings[0].id) : mayOrderFreely ? NO_BOOKING : null);
  const bookingId = choice === null || choice === NO_BOOKING ? null : Number(choice);
  const place = (body: CreateOrderBody) => {
    const { resource_id: _resource, ...rest } = body;
    return api.post<ServiceOrder>(servicePagePaths.ordersOf(code), rest, { silent: true });
  };

  return (
    <div className={styles.page}>
      <div className={styles.column}>
        <Title3 as="h2">{resource.name}</Title3>
        <Caption1 className={styles.detail}>{resource.path}</Caption1>
      </div>

      <section className={styles.column} aria-labelledby="service-order">
        <Subtitle2 as="h3" id="service-order">
          {t('services.page.order', 'Order')}
        </Subtitle2>
        {placed && (
          <MessageBar intent="success" data-testid="order-placed">
            <MessageBarBody>
              {t('services.page.placed', 'Your order {id} is placed.', { id: placed.order_id })}
            </MessageBarBody>
          </MessageBar>
        )}
        {choice === null ? (
          <Body1 role="status">
            {t(
              'services.page.book-first',
              'You have no booking of this resource in the next two days: book it to order its services.',
            )}
          </Body1>
        ) : (
          <>
            {(bookings.length > 1 || (bookings.length > 0 && mayOrderFreely)) && (
              <Field label={t('services.page.for-booking', 'For your booking')}>
                <RadioGroup value={choice} onChange={(_e, data) => setChosen(data.value)}>
                  {bookings.map((booking) => (
                    <Radio
                      key={booking.id}
                      value={String(booking.id)}
                      label={[when.dateTimeRange(booking.starts_at, booking.ends_at), booking.subject]
                        .filter(Boolean)
                        .join(' · ')}
                    />
                  ))}
                  {mayOrderFreely && (
                    <Radio value={NO_BOOKING} label={t('services.page.no-booking', 'Without a booking')} />
                  )}
                </RadioGroup>
              </Field>
            )}
            {bookings.length === 1 && !mayOrderFreely && (
              <Body1>
                {t('services.page.with-booking', 'With your booking {time}', {
                  time: when.dateTimeRange(bookings[0]!.starts_at, bookings[0]!.ends_at),
                })}
              </Body1>
            )}
            <OrderForm
              key={choice}
              resourceId={resource.id}
              bookingId={bookingId}
              place={place}
              onPlaced={(order) => {
                setPlaced(order);
                void page.mutate();
              }}
            />
          </>
        )}
      </section>

      {orders.length > 0 && (
        <section className={styles.column} aria-labelledby="service-my-orders">
          <Subtitle2 as="h3" id="service-my-orders">
            {t('services.page.my-orders', 'Your orders here')}
          </Subtitle2>
          <ul className={styles.rows}>
            {orders.map((order) => (
              <li key={order.order_id} className={styles.column} data-testid="my-order">
                <div className={styles.actions}>
                  <Body1>
                    {t('services.order-number', 'Order {id}', { id: order.order_id })} ·{' '}
                    {when.dateTime(order.delivery_at)}
                  </Body1>
                  <StatusBadge status={order.status} />
                </div>
                <OrderLines order={order} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <ProblemForm code={code} types={page.data.service_types} />
    </div>
  );
}

function ProblemForm({ code, types }: { code: string; types: ServicePage['service_types'] }) {
  const styles = useOrderStyles();
  const t = useLabel();
  const [typeId, setTypeId] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    setSent(false);
    if (description.trim() === '')
      return setErrors({ description: [t('validation.required', 'This field is required.')] });
    setPending(true);
    try {
      await api.post<ServiceProblem>(
        servicePagePaths.problemsOf(code),
        { service_type_id: typeId === '' ? null : Number(typeId), description },
        { silent: true },
      );
      setDescription('');
      setTypeId('');
      setSent(true);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.body?.errors : undefined;
      if (fieldErrors) setErrors(fieldErrors);
      else setFailure(errorMessage(error));
    }
    setPending(false);
  };

  return (
    <section className={styles.column} aria-labelledby="service-problem">
      <Subtitle2 as="h3" id="service-problem">
        {t('services.page.problem', 'Report a problem')}
      </Subtitle2>
      {sent && (
        <MessageBar intent="success" data-testid="problem-sent">
          <MessageBarBody>
            {t('services.page.problem-sent', 'Thank you: the problem is reported to the service team.')}
          </MessageBarBody>
        </MessageBar>
      )}
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <ErrorText message={failure ?? undefined} />
        {types.length > 0 && (
          <Field
            label={t('services.page.problem-type', 'Who can help')}
            validationMessage={errors.service_type_id?.[0]}
          >
            <Select value={typeId} onChange={(_e, data) => setTypeId(data.value)}>
              <option value="">{t('services.page.problem-any', 'Not sure')}</option>
              {types.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <Field
          label={t('services.page.problem-description', 'What is wrong')}
          required
          validationMessage={errors.description?.[0]}
        >
          <Textarea
            value={description}
            maxLength={PROBLEM_MAX}
            onChange={(_e, data) => setDescription(data.value)}
          />
        </Field>
        <div className={styles.actions}>
          <SubmitButton pending={pending}>{t('services.page.problem-send', 'Report')}</SubmitButton>
        </div>
      </form>
    </section>
  );
}
