import { Body1Strong, Spinner } from '@fluentui/react-components';
import { useParams } from 'react-router-dom';
import { can } from '../../../../../shared/permissions/can';
import { useLabel } from '../../../../i18n/i18n';
import { href } from '../../../../routing/paths';
import { useInitialData } from '../../../../session/hooks';
import { useResource } from '../api';

export { useResourceId } from '../../components/use-resource-id';

/** A route parameter that names an item (:availability_id), null when it is not an id. */
export function useItemId(param: string): number | null {
  const id = Number(useParams()[param]);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export const hubPath = (resourceId: number) => href('r_resources-edit', { resource_id: resourceId });
export const availabilityPath = (resourceId: number) =>
  href('r_resources-edit-availability', { resource_id: resourceId });

/** spec §6: changing a resource's settings needs RESOURCES update; reading them, read. */
export function useMayUpdate(): boolean {
  const session = useInitialData();
  return can(session?.general_permissions ?? [], ['RESOURCES', 'update']);
}

export { errorMessage as failureMessage } from '../../../../api/errors';

/** Which resource the screen is about: its name, as a line under the title. */
export function ResourceName({ id }: { id: number }) {
  const t = useLabel();
  const resource = useResource(id);
  if (!resource.data) return <Spinner size="extra-tiny" label={t('general.loading', 'Loading…')} />;
  return <Body1Strong>{resource.data.name}</Body1Strong>;
}
