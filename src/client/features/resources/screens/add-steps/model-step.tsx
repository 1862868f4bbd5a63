import { ModelChoice } from '../../components/resource-fields';
import { WizardStepFrame } from '../../components/wizard-frame';
import { useWizardDraft, wizardDraft } from '../../draft-store';

/** add step 5: how it is booked. */
export default function ModelStep() {
  const { draft, errors } = useWizardDraft();
  return (
    <WizardStepFrame step="model">
      <ModelChoice
        value={draft.resource_model}
        onChange={(resource_model) => wizardDraft.update({ resource_model })}
        error={errors.resource_model}
      />
    </WizardStepFrame>
  );
}
