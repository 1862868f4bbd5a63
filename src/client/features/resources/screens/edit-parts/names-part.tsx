import { useLabel } from '../../../../i18n/i18n';
import {
  NameTranslationsField,
  nameError,
  nameErrorsFrom,
  namesBody,
  type NameValues,
} from '../../../../ui/name-translations-field';
import { updateResource } from '../../api';
import { useCompanyLanguages } from '../../components/company-languages';
import { PartForm } from '../../components/part-form';

/** edit/:resource_id/name-translations: the name in every company language, the company's required. */
export default function NamesPart() {
  const t = useLabel();
  const { languages, companyLanguageId } = useCompanyLanguages();
  const index = languages.findIndex((language) => language.id === companyLanguageId);
  return (
    <PartForm<{ names: NameValues }>
      label={t('resources.part.name-translations', 'Name translations')}
      initial={(resource) => ({
        names: Object.fromEntries(resource.translations.map((entry) => [entry.language_id, entry.name])),
      })}
      check={({ names }) => ({
        [`translations.${Math.max(index, 0)}.name`]: nameError(
          companyLanguageId,
          companyLanguageId,
          names[companyLanguageId] ?? '',
        ),
      })}
      send={(id, { names }) => updateResource(id, { translations: namesBody(languages, names) })}
    >
      {(values, change, errors, resource) => (
        <NameTranslationsField
          legend={resource.name}
          languages={languages}
          requiredLanguageId={companyLanguageId}
          values={values.names}
          errors={nameErrorsFrom(
            languages,
            companyLanguageId,
            Object.fromEntries(
              Object.entries(errors).flatMap(([field, message]) => (message ? [[field, [message]]] : [])),
            ),
          )}
          onValueChange={(languageId, value) => change({ names: { ...values.names, [languageId]: value } })}
          onCommit={() => undefined}
        />
      )}
    </PartForm>
  );
}
