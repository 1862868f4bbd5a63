import { CapacityFields } from '../../components/resource-fields';
import { WizardStepFrame } from '../../components/wizard-frame';
import { useWizardDraft, wizardDraft } from '../../draft-store';

/** add step 3: capacity type, capacity, maximum, propagation. */
export default function CapacityStep() {
  const { draft, errors } = useWizardDraft();
  return (
    <WizardStepFrame step="capacity">
      <CapacityFields values={draft} onChange={(change) => wizardDraft.update(change)} errors={errors} />
    </WizardStepFrame>
  );
}
