import { useLabel } from '../../../../i18n/i18n';
import { updateResource } from '../../api';
import { PartForm } from '../../components/part-form';
import { ModelChoice } from '../../components/resource-fields';

/** edit/:resource_id/model: how the resource is booked. */
export default function ModelPart() {
  const t = useLabel();
  return (
    <PartForm
      label={t('resources.part.model', 'Model')}
      initial={(resource) => ({ resource_model: resource.resource_model })}
      send={(id, values) => updateResource(id, values)}
    >
      {(values, change, errors) => (
        <ModelChoice
          value={values.resource_model}
          onChange={(resource_model) => change({ resource_model })}
          error={errors.resource_model}
        />
      )}
    </PartForm>
  );
}
