import { useLabel } from '../../../../i18n/i18n';
import { ErrorText } from '../../../../ui/error-text';
import { Loader } from '../../../../ui/loader';
import { updateResource, useResourceTypes } from '../../api';
import { PartForm } from '../../components/part-form';
import { TypeChoice } from '../../components/resource-fields';

/** edit/:resource_id/type: what the resource is. */
export default function TypePart() {
  const t = useLabel();
  const types = useResourceTypes();
  if (types.error) return <ErrorText message={types.error.message} />;
  if (!types.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const list = types.data.data;
  return (
    <PartForm
      label={t('resources.part.type', 'Type')}
      initial={(resource) => ({ resource_type_id: resource.resource_type_id })}
      send={(id, values) => updateResource(id, values)}
    >
      {(values, change, errors) => (
        <TypeChoice
          types={list}
          value={values.resource_type_id}
          onChange={(resource_type_id) => change({ resource_type_id })}
          error={errors.resource_type_id}
        />
      )}
    </PartForm>
  );
}
