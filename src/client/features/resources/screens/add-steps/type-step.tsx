import { useLabel } from '../../../../i18n/i18n';
import { ErrorText } from '../../../../ui/error-text';
import { Loader } from '../../../../ui/loader';
import { useResourceTypes } from '../../api';
import { TypeChoice } from '../../components/resource-fields';
import { WizardStepFrame } from '../../components/wizard-frame';
import { useWizardDraft, wizardDraft } from '../../draft-store';

/** add step 2: what it is (the company's resource types). */
export default function TypeStep() {
  const t = useLabel();
  const types = useResourceTypes();
  const { draft, errors } = useWizardDraft();
  return (
    <WizardStepFrame step="type">
      {types.error ? (
        <ErrorText message={types.error.message} />
      ) : !types.data ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : (
        <TypeChoice
          types={types.data.data}
          value={draft.resource_type_id}
          onChange={(resource_type_id) => wizardDraft.update({ resource_type_id })}
          error={errors.resource_type_id}
        />
      )}
    </WizardStepFrame>
  );
}
