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

export const createSso = (body: CreateSsoBody) => api.post<SsoConnector>(ssoPaths.list, body);
export const updateSso = (ssoId: number, body: UpdateSsoBody) =>
  api.put<SsoConnector>(ssoPaths.one(ssoId), body);
export const deleteSso = (ssoId: number) => api.delete<MessageBody>(ssoPaths.one(ssoId));
/** A field changed: its connector's page and the field read it again. */
export async function updateSsoField(ssoId: number, fieldId: number, attribute: string): Promise<SsoField> {
  const field = await api.put<SsoField>(ssoPaths.field(ssoId, fieldId), { attribute });
  await Promise.all([refreshApi(ssoPaths.one(ssoId)), refreshApi(ssoPaths.field(ssoId, fieldId))]);
  return field;
}
