import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { NameTranslationsField } from '../../../ui/name-translations-field';
import { SubmitButton } from '../../../ui/submit-button';
import { createItem, forgetCatalogue } from './catalogue-api';
import type { CatalogueConfig } from './catalogue-config';
import { DetailFields, useCompanyLanguages, useDetails, useNames } from './catalogue-fields';
import { useCatalogueStyles } from './catalogue.styles';

/** add: the details and the names in every company language, sent as one request. */
export function CatalogueAddScreen({ config }: { config: CatalogueConfig }) {
  const styles = useCatalogueStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const { ready } = useCompanyLanguages();
  const details = useDetails(config);
  const names = useNames({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!ready) return <Loader label={t('general.loading', 'Loading…')} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!names.validateAll()) return;
    setPending(true);
    try {
      await createItem(config.paths, { ...details.body(), translations: names.body() });
      forgetCatalogue(config.paths);
      navigate(href(config.routes.list));
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.body?.errors : undefined;
      names.showServerErrors(fieldErrors);
      details.setErrors({ key: fieldErrors?.key?.[0], icon: fieldErrors?.icon?.[0] });
      if (!fieldErrors) setFailure(errorMessage(error));
      setPending(false);
    }
  };

  return (
    <form
      className={styles.page}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t(`${config.labels}.add`, config.english.add)}
    >
      <ErrorText message={failure} />
      <NameTranslationsField
        {...names.props}
        legend={t(`${config.labels}.name-translations`, 'Name translations')}
      />
      <DetailFields config={config} details={details} />
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
      </div>
    </form>
  );
}
