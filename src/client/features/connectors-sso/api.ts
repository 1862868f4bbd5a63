import {
  ssoPaths,
  type CreateSsoBody,
  type SsoConnector,
  type SsoConnectorList,
  type SsoContainerList,
  type SsoField,
  type UpdateSsoBody,
} from '../../../shared/contract/sso';
import type { MessageBody } from '../../../shared/contract/common';
import { api } from '../../api/client';
import { refreshApi, useApi } from '../../api/swr';

export const useSsoConnectors = () => useApi<SsoConnectorList>(ssoPaths.list);
export const useSsoConnector = (ssoId: number | null) =>
  useApi<SsoConnector>(ssoId === null ? null : ssoPaths.one(ssoId));
export const useSsoField = (ssoId: number | null, fieldId: number | null) =>
  useApi<SsoField>(ssoId === null || fieldId === null ? null : ssoPaths.field(ssoId, fieldId));
export const useSsoContainers = () => useApi<SsoContainerList>(ssoPaths.containers);

/** A connector added, changed or removed: the list (and its own page) read it again. */
export async function createSso(body: CreateSsoBody): Promise<SsoConnector> {
  const created = await api.post<SsoConnector>(ssoPaths.list, body);
  await refreshApi(ssoPaths.list);
  return created;
}
export async function updateSso(ssoId: number, body: UpdateSsoBody): Promise<SsoConnector> {
  const updated = await api.put<SsoConnector>(ssoPaths.one(ssoId), body);
  await Promise.all([refreshApi(ssoPaths.list), refreshApi(ssoPaths.one(ssoId))]);
  return updated;
}
export async function deleteSso(ssoId: number): Promise<MessageBody> {
  const answer = await api.delete<MessageBody>(ssoPaths.one(ssoId));
  await refreshApi(ssoPaths.list);
  return answer;
}
/** A field changed: its connector's page and the field read it again. */
export async function updateSsoField(ssoId: number, fieldId: number, attribute: string): Promise<SsoField> {
  const field = await api.put<SsoField>(ssoPaths.field(ssoId, fieldId), { attribute });
  await Promise.all([refreshApi(ssoPaths.one(ssoId)), refreshApi(ssoPaths.field(ssoId, fieldId))]);
  return field;
}
