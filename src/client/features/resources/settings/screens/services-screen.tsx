import { useLabel } from '../../../../i18n/i18n';
import { ErrorText } from '../../../../ui/error-text';
import { Loader } from '../../../../ui/loader';
import { saveServices, useResource, useResourceServices, useServiceTypes } from '../api';
import { ChecklistForm } from './checklist-form';
import { failureMessage, useResourceId } from './parts';

/** services: the kinds of service (catering, equipment…) that can be ordered with the resource. */
export default function ServicesScreen() {
  const t = useLabel();
  const id = useResourceId();
  const types = useServiceTypes();
  const current = useResourceServices(id);
  const resource = useResource(id);
  const loadError = types.error ?? current.error;
  if (loadError) return <ErrorText message={failureMessage(loadError)} />;
  if (id === null || !types.data || !current.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return (
    <ChecklistForm
      id={id}
      label={t('resource-settings.services', 'Services')}
      items={types.data.data}
      chosenIds={current.data.data.map((service) => service.id)}
      field="service_type_ids"
      legend={t('resource-settings.services.legend', 'Services that can be ordered with this resource')}
      empty={t('resource-settings.services.none', 'The company offers no services yet.')}
      save={async (ids) => {
        await current.mutate(await saveServices(id, ids), { revalidate: false });
        // The hub lists the resource's services from the resource itself.
        await resource.mutate();
      }}
    />
  );
}
