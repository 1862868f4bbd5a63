import {
  Body1,
  Checkbox,
  Field,
  Input,
  Select,
  Subtitle2,
  Switch,
  Textarea,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { ServiceItem, ServiceItemBodyInput } from '../../../../shared/contract/services';
import { formatPrice } from '../../../../shared/services/order-rules';
import { ApiError, errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { FileUploadInput, useFileUpload } from '../../../ui/file-upload';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import {
  createServiceItem,
  storeServiceItemImage,
  updateServiceItem,
  useServiceItem,
  useServiceItems,
  useServiceResources,
  useServiceTypes,
} from '../api';
import { useOrderStyles } from '../components/order-parts';

/** spec §2 /service-items (SERVICE_ITEMS): the catalogue, each item opening its edit screen. */
export function ServiceItemsScreen() {
  const styles = useOrderStyles();
  const t = useLabel();
  const items = useServiceItems();
  return (
    <div className={styles.page}>
      <AppLink to={href('r_service-items-add')}>{t('service-items.add', 'Add service item')}</AppLink>
      {!items.data ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : items.data.items.length === 0 ? (
        <Body1 role="status">{t('service-items.empty', 'No service items yet.')}</Body1>
      ) : (
        <ul className={styles.rows} aria-label={t('service-items.title', 'Service items')}>
          {items.data.items.map((item) => (
            <li key={item.id} className={styles.row}>
              <AppLink to={href('r_service-items-edit', { service_item_id: item.id })}>{item.name}</AppLink>
              <Body1 className={styles.detail}>
                {item.service_type.name} · {formatPrice(item.price_cents, item.currency)}
                {item.is_active ? '' : ` · ${t('service-items.inactive', 'not offered')}`}
              </Body1>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type Names = Record<number, { name: string; description: string }>;

function ItemForm({ item }: { item: ServiceItem | null }) {
  const styles = useOrderStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const session = useInitialData();
  const languages = session?.languages ?? [];
  const types = useServiceTypes();
  const resources = useServiceResources('');
  const [typeId, setTypeId] = useState(item ? String(item.service_type.id) : '');
  const [names, setNames] = useState<Names>(() =>
    Object.fromEntries((item?.translations ?? []).map((entry) => [entry.language_id, entry])),
  );
  const [price, setPrice] = useState(item ? (item.price_cents / 100).toFixed(2) : '0.00');
  const [lead, setLead] = useState(String(item?.lead_time_minutes ?? 0));
  const [active, setActive] = useState(item?.is_active ?? true);
  const [places, setPlaces] = useState<number[]>(item?.resource_ids ?? []);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const upload = useFileUpload();
  if (!types.data) return <Loader label={t('general.loading', 'Loading…')} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const cents = Math.round(Number(price.replace(',', '.')) * 100);
    const body: ServiceItemBodyInput = {
      service_type_id: Number(typeId),
      translations: languages.map((language) => ({
        language_id: language.id,
        name: names[language.id]?.name ?? '',
        description: names[language.id]?.description ?? '',
      })),
      price_cents: Number.isFinite(cents) ? cents : -1,
      lead_time_minutes: Number(lead),
      is_active: active,
      resource_ids: places,
      level_ids: item?.level_ids ?? [],
    };
    setPending(true);
    try {
      if (item) await updateServiceItem(item.id, body);
      else await createServiceItem(body);
      navigate(href('r_service-items'));
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.body?.errors : undefined;
      setErrors(fieldErrors ?? {});
      if (!fieldErrors) setFailure(errorMessage(error));
      setPending(false);
    }
  };
  const error = (field: string) => errors[field]?.[0];
  const setName = (languageId: number, change: Partial<{ name: string; description: string }>) =>
    setNames((current) => ({
      ...current,
      [languageId]: { name: '', description: '', ...current[languageId], ...change },
    }));

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('service-items.title', 'Service items')}
    >
      <ErrorText message={failure ?? error('translations')} />
      <Field label={t('service-items.type', 'Type')} required validationMessage={error('service_type_id')}>
        <Select value={typeId} onChange={(_e, data) => setTypeId(data.value)}>
          <option value="">{t('service-items.choose-type', 'Choose a type')}</option>
          {types.data.data.map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
            </option>
          ))}
        </Select>
      </Field>
      <fieldset className={styles.fieldset}>
        <legend>{t('service-items.translations', 'Name and description translations')}</legend>
        {languages.map((language, index) => (
          <div key={language.id} className={styles.column}>
            <Field
              label={t('service-items.name-in', 'Name ({language})', { language: language.name })}
              required={language.id === session?.company?.language_id}
              validationMessage={error(`translations.${index}.name`)}
            >
              <Input
                value={names[language.id]?.name ?? ''}
                maxLength={120}
                onChange={(_e, data) => setName(language.id, { name: data.value })}
              />
            </Field>
            <Field
              label={t('service-items.description-in', 'Description ({language})', {
                language: language.name,
              })}
            >
              <Textarea
                value={names[language.id]?.description ?? ''}
                maxLength={2000}
                onChange={(_e, data) => setName(language.id, { description: data.value })}
              />
            </Field>
          </div>
        ))}
      </fieldset>
      <Field
        label={t('service-items.price', 'Price ({currency})', {
          currency:
            item?.currency ??
            session?.currencies.find((currency) => currency.id === session.company?.currency_id)?.code ??
            '',
        })}
        validationMessage={error('price_cents')}
      >
        <Input inputMode="decimal" value={price} onChange={(_e, data) => setPrice(data.value)} />
      </Field>
      <Field
        label={t('service-items.lead-time', 'Lead time (minutes before the booking)')}
        validationMessage={error('lead_time_minutes')}
      >
        <Input type="number" min={0} step={15} value={lead} onChange={(_e, data) => setLead(data.value)} />
      </Field>
      <Switch
        checked={active}
        onChange={(_e, data) => setActive(data.checked)}
        label={t('service-items.active', 'Offered')}
      />
      <fieldset className={styles.fieldset}>
        <legend>
          {t('service-items.delivered-to', 'Delivered to (none: wherever its type is offered)')}
        </legend>
        {(resources.data?.items ?? []).map((resource) => (
          <Checkbox
            key={resource.id}
            label={`${resource.name} (${resource.path})`}
            checked={places.includes(resource.id)}
            onChange={(_e, data) =>
              setPlaces((current) =>
                data.checked ? [...current, resource.id] : current.filter((id) => id !== resource.id),
              )
            }
          />
        ))}
      </fieldset>
      {item && (
        <section className={styles.column} aria-label={t('service-items.image', 'Image')}>
          <Subtitle2 as="h2">{t('service-items.image', 'Image')}</Subtitle2>
          <ErrorText message={upload.failure} />
          <FileUploadInput
            label={t('service-items.image-file', 'Image (PNG, JPEG or SVG, at most 2 MB)')}
            accept={['image/png', 'image/jpeg', 'image/svg+xml']}
            progressLabel={t('service-items.uploading', 'Uploading the image')}
            upload={upload}
            onFile={(file) => void upload.upload(file, (content) => storeServiceItemImage(item.id, content))}
          />
        </section>
      )}
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
      </div>
    </form>
  );
}

export function ServiceItemAddScreen() {
  return <ItemForm item={null} />;
}

export function ServiceItemEditScreen() {
  const t = useLabel();
  const param = useParams().service_item_id;
  const id = param && /^\d+$/.test(param) ? Number(param) : null;
  const item = useServiceItem(id);
  if (!item.data)
    return item.error || id === null ? (
      <Body1 role="status">{t('service-items.not-found', 'Service item not found.')}</Body1>
    ) : (
      <Loader label={t('general.loading', 'Loading…')} />
    );
  return <ItemForm key={item.data.id} item={item.data} />;
}
