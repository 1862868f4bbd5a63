import { Field, Input, Select, Subtitle2, Switch } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import type { ResourceFunction, ResourceFunctionKey } from '../../../../../shared/contract/resources';
import { useLabel } from '../../../../i18n/i18n';
import { href } from '../../../../routing/paths';
import { useInitialData } from '../../../../session/hooks';
import { ErrorText } from '../../../../ui/error-text';
import { Loader } from '../../../../ui/loader';
import { SubmitButton } from '../../../../ui/submit-button';
import { saveFunction, useFunctions } from '../api';
import {
  FUNCTION_TITLES,
  functionBody,
  functionDraft,
  isFunctionKey,
  type FunctionDraft,
} from '../functions';
import { useSettingsStyles } from '../settings.styles';
import { failureMessage, hubPath, ResourceName, useMayUpdate, useResourceId } from './parts';
import { ResourceChoices, type ChosenResource } from './resource-choices';
import { useCheckedForm } from './use-checked-form';

/** functions/:function: turn one function on or off and make its setting. */
export default function FunctionScreen() {
  const key = useParams().function;
  if (!isFunctionKey(key)) return <Navigate to={href('r_404')} replace />;
  return <FunctionForm key={key} functionKey={key} />;
}

function FunctionForm({ functionKey }: { functionKey: ResourceFunctionKey }) {
  const t = useLabel();
  const id = useResourceId();
  const functions = useFunctions(id);
  if (functions.error) return <ErrorText message={failureMessage(functions.error)} />;
  if (id === null || !functions.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return (
    <FunctionSettings
      id={id}
      functionKey={functionKey}
      current={functions.data.data.find((entry) => entry.function === functionKey)}
      onSaved={() => functions.mutate()}
    />
  );
}

function FunctionSettings({
  id,
  functionKey,
  current,
  onSaved,
}: {
  id: number;
  functionKey: ResourceFunctionKey;
  /** undefined: never set, so off */
  current: ResourceFunction | undefined;
  onSaved(): Promise<unknown>;
}) {
  const styles = useSettingsStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const session = useInitialData();
  const mayUpdate = useMayUpdate();
  const [draft, setDraft] = useState(() => functionDraft(current, session?.company?.currency_id));
  const [chosen, setChosen] = useState<ChosenResource[]>(() => current?.resources ?? []);
  const { errors, fieldError, pending, failure, send } = useCheckedForm();

  if (!session) return <Loader label={t('general.loading', 'Loading…')} />;
  const title = t(FUNCTION_TITLES[functionKey].code, FUNCTION_TITLES[functionKey].english);
  const set = <K extends keyof FunctionDraft>(field: K, value: FunctionDraft[K]) =>
    setDraft({ ...draft, [field]: value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(
      functionBody(functionKey, {
        ...draft,
        resource_ids: chosen.map((resource) => resource.id),
      }),
      async (body) => {
        await saveFunction(id, functionKey, body);
        await onSaved();
        navigate(hubPath(id));
      },
    );
  };

  return (
    <form className={styles.page} onSubmit={submit} noValidate aria-label={title}>
      <ResourceName id={id} />
      <Subtitle2>{title}</Subtitle2>
      <ErrorText message={failure} />
      <Switch
        label={t('resource-settings.function.active', 'Active')}
        checked={draft.active}
        disabled={!mayUpdate}
        onChange={(_event, data) => set('active', data.checked)}
      />
      {(functionKey === 'linked-resources' || functionKey === 'distance-resources') && (
        <ResourceChoices
          legend={title}
          ownId={id}
          chosen={chosen}
          error={errors.resource_ids}
          disabled={!mayUpdate}
          onChange={setChosen}
        />
      )}
      {functionKey === 'language' && (
        <Field label={t('resource-settings.function.language', 'Language')} {...fieldError('language_id')}>
          <Select
            value={draft.language_id}
            disabled={!mayUpdate}
            onChange={(_event, data) => set('language_id', data.value)}
          >
            <option value="">{t('resource-settings.function.none', 'None')}</option>
            {session.languages.map((language) => (
              <option key={language.id} value={String(language.id)}>
                {language.name}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {functionKey === 'device-template' && (
        <Field
          label={t('resource-settings.function.device-template', 'Device template')}
          {...fieldError('device_template_id')}
        >
          <Select
            value={draft.device_template_id}
            disabled={!mayUpdate}
            onChange={(_event, data) => set('device_template_id', data.value)}
          >
            <option value="">{t('resource-settings.function.none', 'None')}</option>
            {session.devicetemplates.map((template) => (
              <option key={template.id} value={String(template.id)}>
                {`${template.name} (${template.device_type})`}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {functionKey === 'currency' && (
        <div className={styles.row}>
          <Field
            label={t('resource-settings.function.currency-id', 'Currency')}
            {...fieldError('currency_id')}
          >
            <Select
              value={draft.currency_id}
              disabled={!mayUpdate}
              onChange={(_event, data) => set('currency_id', data.value)}
            >
              <option value="">{t('resource-settings.function.none', 'None')}</option>
              {session.currencies.map((currency) => (
                <option key={currency.id} value={String(currency.id)}>
                  {`${currency.code} – ${currency.name}`}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('resource-settings.function.price', 'Price per hour')} {...fieldError('price')}>
            <Input
              value={draft.price}
              inputMode="decimal"
              disabled={!mayUpdate}
              onChange={(_event, data) => set('price', data.value)}
            />
          </Field>
        </div>
      )}
      {mayUpdate && (
        <div className={styles.actions}>
          <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
        </div>
      )}
    </form>
  );
}
