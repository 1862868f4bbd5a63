import { Body1, Checkbox } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ServiceType } from '../../../../../shared/contract/resources';
import { ApiError } from '../../../../api/errors';
import { useLabel } from '../../../../i18n/i18n';
import { ErrorText } from '../../../../ui/error-text';
import { Loader } from '../../../../ui/loader';
import { SubmitButton } from '../../../../ui/submit-button';
import { saveServices, useResource, useResourceServices, useServiceTypes } from '../api';
import { messagesByField } from '../checked';
import { useSettingsStyles } from '../settings.styles';
import { failureMessage, hubPath, ResourceName, useMayUpdate, useResourceId } from './parts';

/** services: the kinds of service (catering, equipment…) that can be ordered with the resource. */
export default function ServicesScreen() {
  const t = useLabel();
  const id = useResourceId();
  const types = useServiceTypes();
  const current = useResourceServices(id);
  const loadError = types.error ?? current.error;
  if (loadError) return <ErrorText message={failureMessage(loadError)} />;
  if (id === null || !types.data || !current.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return (
    <ServicesForm
      id={id}
      types={types.data.data}
      chosenIds={current.data.data.map((service) => service.id)}
      onSaved={(saved) => current.mutate(saved, { revalidate: false })}
    />
  );
}

function ServicesForm({
  id,
  types,
  chosenIds,
  onSaved,
}: {
  id: number;
  types: readonly ServiceType[];
  chosenIds: readonly number[];
  onSaved(saved: { data: ServiceType[] }): Promise<unknown>;
}) {
  const styles = useSettingsStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const resource = useResource(id);
  const mayUpdate = useMayUpdate();
  const [chosen, setChosen] = useState(() => new Set(chosenIds));
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setPending(true);
    try {
      const ids = types.filter((type) => chosen.has(type.id)).map((type) => type.id);
      await onSaved(await saveServices(id, ids));
      // The hub lists the resource's services from the resource itself.
      await resource.mutate();
      navigate(hubPath(id));
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? messagesByField(error.body?.errors) : {};
      setFailure(fieldErrors.service_type_ids ?? failureMessage(error));
      setPending(false);
    }
  };

  return (
    <form
      className={styles.page}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('resource-settings.services', 'Services')}
    >
      <ResourceName id={id} />
      <ErrorText message={failure} />
      {types.length === 0 ? (
        <Body1 role="status">
          {t('resource-settings.services.none', 'The company offers no services yet.')}
        </Body1>
      ) : (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>
            {t('resource-settings.services.legend', 'Services that can be ordered with this resource')}
          </legend>
          {types.map((type) => (
            <Checkbox
              key={type.id}
              label={type.name}
              checked={chosen.has(type.id)}
              disabled={!mayUpdate}
              onChange={(_event, data) => {
                const next = new Set(chosen);
                if (data.checked === true) next.add(type.id);
                else next.delete(type.id);
                setChosen(next);
              }}
            />
          ))}
        </fieldset>
      )}
      {mayUpdate && (
        <div className={styles.actions}>
          <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
        </div>
      )}
    </form>
  );
}
