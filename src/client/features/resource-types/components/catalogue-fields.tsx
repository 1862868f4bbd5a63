import { Checkbox, Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { useInitialData } from '../../../session/hooks';
import { nameError, nameErrorsFrom, namesBody, type NameValues } from '../../../ui/name-translations-field';
import type { CatalogueBody, CatalogueItem } from './catalogue-api';
import type { CatalogueConfig } from './catalogue-config';

export function useCompanyLanguages() {
  const session = useInitialData();
  return {
    languages: session?.languages ?? [],
    companyLanguageId: session?.company?.language_id ?? session?.languages[0]?.id ?? 0,
    ready: session !== null,
  };
}

export function namesOf(item: CatalogueItem | undefined): NameValues {
  return Object.fromEntries((item?.translations ?? []).map((entry) => [entry.language_id, entry.name]));
}

/** Key, icon and (for types) bookable: the fields of the add and edit screens. */
export function useDetails(config: CatalogueConfig) {
  const [key, setKey] = useState('');
  const [icon, setIcon] = useState('');
  const [bookable, setBookable] = useState(true);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const body = (): CatalogueBody => ({
    ...(key.trim() !== '' ? { key: key.trim() } : {}),
    icon: icon.trim() === '' ? null : icon.trim(),
    ...(config.bookable ? { is_bookable: bookable } : {}),
  });
  const load = (item: CatalogueItem) => {
    setKey(item.key);
    setIcon(item.icon ?? '');
    setBookable(item.is_bookable ?? true);
  };
  return { key, setKey, icon, setIcon, bookable, setBookable, errors, setErrors, body, load };
}

export function DetailFields({
  config,
  details,
}: {
  config: CatalogueConfig;
  details: ReturnType<typeof useDetails>;
}) {
  const t = useLabel();
  return (
    <>
      <Field
        label={t(`${config.labels}.key`, 'Key')}
        hint={t(
          `${config.labels}.key-hint`,
          'Lower-case letters, digits and hyphens; taken from the name when empty.',
        )}
        validationMessage={details.errors.key}
        validationState={details.errors.key ? 'error' : 'none'}
      >
        <Input
          name="key"
          value={details.key}
          maxLength={64}
          onChange={(_e, data) => details.setKey(data.value)}
        />
      </Field>
      <Field
        label={t(`${config.labels}.icon`, 'Icon')}
        validationMessage={details.errors.icon}
        validationState={details.errors.icon ? 'error' : 'none'}
      >
        <Input
          name="icon"
          value={details.icon}
          maxLength={64}
          onChange={(_e, data) => details.setIcon(data.value)}
        />
      </Field>
      {config.bookable && (
        <Checkbox
          label={t(`${config.labels}.bookable`, 'Bookable')}
          checked={details.bookable}
          onChange={(_e, data) => details.setBookable(data.checked === true)}
        />
      )}
    </>
  );
}

/** Names by language with spec §5 validation on blur; server errors land beside their language. */
export function useNames(initial: NameValues) {
  const { languages, companyLanguageId } = useCompanyLanguages();
  const [values, setValues] = useState<NameValues>(initial);
  const [errors, setErrors] = useState<Record<number, string | undefined>>({});
  const props = {
    languages,
    requiredLanguageId: companyLanguageId,
    values,
    errors,
    onValueChange: (id: number, value: string) => setValues((previous) => ({ ...previous, [id]: value })),
    onCommit: (id: number, value: string) =>
      setErrors((previous) => ({ ...previous, [id]: nameError(id, companyLanguageId, value) })),
  };
  const validateAll = () => {
    const message = nameError(companyLanguageId, companyLanguageId, values[companyLanguageId] ?? '');
    setErrors({ [companyLanguageId]: message });
    return message === undefined;
  };
  const body = () => namesBody(languages, values);
  const showServerErrors = (fieldErrors: Record<string, string[]> | undefined) =>
    setErrors(nameErrorsFrom(languages, companyLanguageId, fieldErrors));
  return { props, setValues, validateAll, body, showServerErrors };
}

export function useRouteId(config: CatalogueConfig): number | null {
  const raw = useParams()[config.param];
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}
