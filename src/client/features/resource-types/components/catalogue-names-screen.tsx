import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { NameTranslationsField } from '../../../ui/name-translations-field';
import { SubmitButton } from '../../../ui/submit-button';
import { forgetCatalogue, updateItem, useCatalogueItem } from './catalogue-api';
import type { CatalogueConfig } from './catalogue-config';
import { namesOf, useNames, useRouteId } from './catalogue-fields';
import { useCatalogueStyles } from './catalogue.styles';

/** edit/:id/name-translations: one field per company language; saved together, then back. */
export function CatalogueNamesScreen({ config }: { config: CatalogueConfig }) {
  const styles = useCatalogueStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const id = useRouteId(config);
  const item = useCatalogueItem(config.paths, id);
  const names = useNames({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { setValues } = names;
  const loaded = item.data;
  useEffect(() => {
    if (loaded) setValues(namesOf(loaded));
  }, [loaded, setValues]);

  if (item.error) return <ErrorText message={errorMessage(item.error)} />;
  if (!item.data || id === null) return <Loader label={t('general.loading', 'Loading…')} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!names.validateAll()) return;
    setPending(true);
    try {
      await item.mutate(await updateItem(config.paths, id, { translations: names.body() }), {
        revalidate: false,
      });
      forgetCatalogue(config.paths);
      navigate(href(config.routes.edit, { [config.param]: id }));
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.body?.errors : undefined;
      names.showServerErrors(fieldErrors);
      if (!fieldErrors) setFailure(errorMessage(error));
      setPending(false);
    }
  };

  return (
    <form
      className={styles.page}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t(`${config.labels}.name-translations`, 'Name translations')}
    >
      <ErrorText message={failure} />
      <NameTranslationsField {...names.props} legend={item.data.name} />
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
      </div>
    </form>
  );
}
