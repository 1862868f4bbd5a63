import { useLabel } from '../../../../i18n/i18n';
import { Loader } from '../../../../ui/loader';
import { NameTranslationsField, nameError, nameErrorsFrom } from '../../../../ui/name-translations-field';
import { useCompanyLanguages } from '../../components/company-languages';
import { WizardStepFrame } from '../../components/wizard-frame';
import { useWizardDraft, wizardDraft } from '../../draft-store';

/** add step 7: the name in every company language (the company's own required); Save. */
export default function NamesStep() {
  const t = useLabel();
  const { languages, companyLanguageId, ready } = useCompanyLanguages();
  const { draft, errors } = useWizardDraft();
  if (!ready) return <Loader label={t('general.loading', 'Loading…')} />;
  const byField = Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]]));
  return (
    <WizardStepFrame step="name-translations">
      <NameTranslationsField
        legend={t('resources.name-translations', 'Name translations')}
        languages={languages}
        requiredLanguageId={companyLanguageId}
        values={draft.names}
        errors={nameErrorsFrom(languages, companyLanguageId, byField)}
        onValueChange={(languageId, value) =>
          wizardDraft.update({ names: { ...wizardDraft.get().draft.names, [languageId]: value } })
        }
        onCommit={(languageId, value) => {
          const message = nameError(languageId, companyLanguageId, value);
          const index = languages.findIndex((language) => language.id === languageId);
          if (message)
            wizardDraft.setErrors({ ...wizardDraft.get().errors, [`translations.${index}.name`]: message });
        }}
      />
    </WizardStepFrame>
  );
}
