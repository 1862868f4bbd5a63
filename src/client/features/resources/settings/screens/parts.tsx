import { Body1Strong, Spinner } from '@fluentui/react-components';
import { useParams } from 'react-router-dom';
import { can } from '../../../../../shared/permissions/can';
import { firstErrorMessage } from '../../../../../shared/validation/field-errors';
import { ApiError } from '../../../../api/errors';
import { useLabel } from '../../../../i18n/i18n';
import { href } from '../../../../routing/table';
import { useInitialData } from '../../../../session/hooks';
import { useResource } from '../api';

/** The resource these settings belong to (:resource_id), null when the address has none that can be. */
export function useResourceId(): number | null {
  const id = Number(useParams().resource_id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

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

export function failureMessage(error: unknown): string {
  return error instanceof ApiError
    ? firstErrorMessage(error.body ?? undefined, error.message)
    : String(error);
}

/** Which resource the screen is about: its name, as a line under the title. */
export function ResourceName({ id }: { id: number }) {
  const t = useLabel();
  const resource = useResource(id);
  if (!resource.data) return <Spinner size="extra-tiny" label={t('general.loading', 'Loading…')} />;
  return <Body1Strong>{resource.data.name}</Body1Strong>;
}
