import { useLabel } from '../../../../i18n/i18n';
import { LevelPicker } from '../../components/resource-fields';
import { WizardStepFrame } from '../../components/wizard-frame';
import { useWizardDraft, wizardDraft } from '../../draft-store';

/** add step 1: where the resource is. */
export default function LevelStep() {
  const t = useLabel();
  const { draft, errors } = useWizardDraft();
  return (
    <WizardStepFrame step="level">
      <LevelPicker
        label={t('resources.level', 'Level')}
        value={draft.level_id}
        onChange={(level_id) => wizardDraft.update({ level_id })}
        error={errors.level_id}
      />
    </WizardStepFrame>
  );
}
