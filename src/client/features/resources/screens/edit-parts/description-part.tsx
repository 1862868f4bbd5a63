import { UpdateResourceBody } from '../../../../../shared/contract/resources';
import { fieldErrorsFromZod } from '../../../../../shared/validation/field-errors';
import { useLabel } from '../../../../i18n/i18n';
import { firstMessages } from '../../../../ui/use-submit';
import { updateResource } from '../../api';
import { PartForm } from '../../components/part-form';
import { DescriptionFields } from '../../components/resource-fields';

const body = (values: { description: string; email: string }) => ({
  description: values.description,
  email: values.email.trim() === '' ? null : values.email.trim(),
});

/** edit/:resource_id/description: the description and the room's mailbox. */
export default function DescriptionPart() {
  const t = useLabel();
  return (
    <PartForm
      label={t('resources.part.description', 'Description')}
      initial={(resource) => ({ description: resource.description, email: resource.email ?? '' })}
      check={(values) => {
        const parsed = UpdateResourceBody.safeParse(body(values));
        return parsed.success ? {} : firstMessages(fieldErrorsFromZod(parsed.error));
      }}
      send={(id, values) => updateResource(id, body(values))}
    >
      {(values, change, errors) => (
        <DescriptionFields
          description={values.description}
          email={values.email}
          onChange={change}
          errors={errors}
        />
      )}
    </PartForm>
  );
}
