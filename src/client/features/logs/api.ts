import type { Paginated } from '../../../shared/contract/common';
import {
  logPaths,
  type CreateLogExportBody,
  type LogConfig,
  type LogExport,
} from '../../../shared/contract/logs';
import { api } from '../../api/client';
import { refreshApi, useApi } from '../../api/swr';
import { saveFile } from '../../ui/save-file';

export const useLogConfig = () => useApi<LogConfig>(logPaths.configOf);
export const useLogExports = () =>
  useApi<Paginated<LogExport>>(logPaths.exports, { searchParams: { per_page: 20 } });
export const refreshLogExports = () => refreshApi(logPaths.exports);

export async function switchLogging(isActive: boolean) {
  await api.put<LogConfig>(logPaths.configOf, { is_active: isActive });
  await refreshApi(logPaths.configOf);
}

// Field errors are shown beside the period's fields, so the warning modal stays out of the way.
export async function requestExport(body: CreateLogExportBody) {
  const made = await api.post<LogExport>(logPaths.exports, body, { silent: true });
  await refreshLogExports();
  return made;
}

export async function downloadExport(item: LogExport) {
  const blob = await api.getBlob(item.file_url!);
  saveFile(blob, `audit-log-${item.from.slice(0, 10)}-${item.to.slice(0, 10)}.csv`);
}
