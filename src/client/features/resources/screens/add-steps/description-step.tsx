import { useLabel } from '../../../../i18n/i18n';
import { ErrorText } from '../../../../ui/error-text';
import { Loader } from '../../../../ui/loader';
import { useResourceAttributes } from '../../api';
import { AttributeChoice, DescriptionFields } from '../../components/resource-fields';
import { WizardStepFrame } from '../../components/wizard-frame';
import { useWizardDraft, wizardDraft } from '../../draft-store';

/** add step 4: description, the room's mailbox and the attributes it offers. */
export default function DescriptionStep() {
  const t = useLabel();
  const attributes = useResourceAttributes();
  const { draft, errors } = useWizardDraft();
  return (
    <WizardStepFrame step="description">
      <DescriptionFields
        description={draft.description}
        email={draft.email}
        onChange={(change) => wizardDraft.update(change)}
        errors={errors}
      />
      {attributes.error ? (
        <ErrorText message={attributes.error.message} />
      ) : !attributes.data ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : (
        <AttributeChoice
          attributes={attributes.data.data}
          value={draft.resource_attribute_ids}
          onChange={(resource_attribute_ids) => wizardDraft.update({ resource_attribute_ids })}
          error={errors.resource_attribute_ids}
        />
      )}
    </WizardStepFrame>
  );
}
