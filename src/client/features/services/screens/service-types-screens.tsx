import { Body1, Field, Input } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { ServiceType } from '../../../../shared/contract/services';
import { MESSAGES } from '../../../../shared/validation/messages';
import { ApiError, errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { createServiceType, updateServiceType, useServiceType, useServiceTypes } from '../api';
import { useOrderStyles } from '../components/order-parts';

/** spec §2 /service-types: the kinds of service (catering, equipment…), each opening its edit screen. */
export function ServiceTypesScreen() {
  const styles = useOrderStyles();
  const t = useLabel();
  const types = useServiceTypes();
  return (
    <div className={styles.page}>
      <AppLink to={href('r_service-types-add')}>{t('service-types.add', 'Add service type')}</AppLink>
      {!types.data ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : (
        <ul className={styles.rows} aria-label={t('service-types.title', 'Service types')}>
          {types.data.data.map((type) => (
            <li key={type.id} className={styles.row}>
              <AppLink to={href('r_service-types-edit', { service_type_id: type.id })}>{type.name}</AppLink>
              <Body1 className={styles.detail}>{type.key}</Body1>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function TypeForm({ type, save }: { type: ServiceType | null; save(name: string): Promise<unknown> }) {
  const styles = useOrderStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const [name, setName] = useState(type?.name ?? '');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError(MESSAGES.required);
    setPending(true);
    try {
      await save(name);
      navigate(href('r_service-types'));
    } catch (caught) {
      const fieldErrors = caught instanceof ApiError ? caught.body?.errors : undefined;
      setError(fieldErrors?.name?.[0]);
      if (!fieldErrors) setFailure(errorMessage(caught));
      setPending(false);
    }
  };
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('service-types.title', 'Service types')}
    >
      <ErrorText message={failure} />
      <Field label={t('service-types.name', 'Name')} required validationMessage={error}>
        <Input value={name} maxLength={120} onChange={(_e, data) => setName(data.value)} />
      </Field>
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
      </div>
    </form>
  );
}

export function ServiceTypeAddScreen() {
  return <TypeForm type={null} save={createServiceType} />;
}

export function ServiceTypeEditScreen() {
  const t = useLabel();
  const param = useParams().service_type_id;
  const id = param && /^\d+$/.test(param) ? Number(param) : null;
  const type = useServiceType(id);
  if (!type.data)
    return type.error || id === null ? (
      <Body1 role="status">{t('service-types.not-found', 'Service type not found.')}</Body1>
    ) : (
      <Loader label={t('general.loading', 'Loading…')} />
    );
  return <TypeForm type={type.data} save={(name) => updateServiceType(type.data!.id, name)} />;
}
