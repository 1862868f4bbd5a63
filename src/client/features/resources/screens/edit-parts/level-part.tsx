import { MESSAGES } from '../../../../../shared/validation/messages';
import { useLabel } from '../../../../i18n/i18n';
import { updateResource } from '../../api';
import { PartForm } from '../../components/part-form';
import { LevelPicker } from '../../components/resource-fields';

/** edit/:resource_id/level: move the resource to another level. */
export default function LevelPart() {
  const t = useLabel();
  return (
    <PartForm
      label={t('resources.part.level', 'Level')}
      initial={(resource) => ({ level_id: resource.level_id as number | null })}
      check={({ level_id }) => ({ level_id: level_id === null ? MESSAGES.required : undefined })}
      send={(id, { level_id }) => updateResource(id, { level_id: level_id! })}
    >
      {(values, change, errors) => (
        <LevelPicker
          label={t('resources.level', 'Level')}
          value={values.level_id}
          onChange={(level_id) => change({ level_id })}
          error={errors.level_id}
        />
      )}
    </PartForm>
  );
}
