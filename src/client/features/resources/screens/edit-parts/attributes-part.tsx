import { useLabel } from '../../../../i18n/i18n';
import { ErrorText } from '../../../../ui/error-text';
import { Loader } from '../../../../ui/loader';
import { updateResourceAttributes, useResourceAttributes } from '../../api';
import { PartForm } from '../../components/part-form';
import { AttributeChoice } from '../../components/resource-fields';

/** edit/:resource_id/attributes: what the resource offers (PUT resources/{id}/attributes). */
export default function AttributesPart() {
  const t = useLabel();
  const attributes = useResourceAttributes();
  if (attributes.error) return <ErrorText message={attributes.error.message} />;
  if (!attributes.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const list = attributes.data.data;
  return (
    <PartForm
      label={t('resources.part.attributes', 'Attributes')}
      initial={(resource) => ({
        resource_attribute_ids: resource.resource_attributes.map((attribute) => attribute.id),
      })}
      send={(id, values) => updateResourceAttributes(id, values.resource_attribute_ids)}
    >
      {(values, change, errors) => (
        <AttributeChoice
          attributes={list}
          value={values.resource_attribute_ids}
          onChange={(resource_attribute_ids) => change({ resource_attribute_ids })}
          error={errors.resource_attribute_ids}
        />
      )}
    </PartForm>
  );
}
