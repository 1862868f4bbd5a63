import { FunctionChoice } from '../../components/resource-fields';
import { WizardStepFrame } from '../../components/wizard-frame';
import { useWizardDraft, wizardDraft } from '../../draft-store';

/** add step 6: the functions to turn on (set up later on the edit screen). */
export default function FunctionStep() {
  const { draft, errors } = useWizardDraft();
  return (
    <WizardStepFrame step="select-function">
      <FunctionChoice
        value={draft.functions}
        onChange={(functions) => wizardDraft.update({ functions })}
        error={errors.functions}
      />
    </WizardStepFrame>
  );
}
