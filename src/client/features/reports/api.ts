import {
  calculatePath,
  EXPORT_FILENAME,
  levelFinderPath,
  reportPaths,
  reportPresetActivatePath,
  reportPresetPath,
  reportPresetsOfPath,
  reportSubscriptionPath,
  type CreateReportSubscriptionInput,
  type ReportSubscription,
  type ReportSubscriptionList,
  type UpdateReportSubscriptionInput,
  type FinderLevel,
  type ReportFilterList,
  type ReportPayloadInput,
  type ReportPreset,
  type ReportPresetList,
  type ReportResult,
  type ReportSection,
  type ReportSettings,
} from '../../../shared/contract/reports';
import { resourceTypePaths } from '../../../shared/contract/resource-types';
import type { ReportFilter } from '../../../shared/reports/filters';
import { api } from '../../api/client';
import { useApi, useEarly } from '../../api/swr';

export const useReportSettings = () => useApi<ReportSettings>(reportPaths.settings);
export const useResourceTypes = () =>
  useApi<{ data: Array<{ id: number; name: string }> }>(resourceTypePaths.all);
export const useLevelFinder = (parentId: number | null) =>
  useApi<{ data: FinderLevel[] }>(parentId === null ? reportPaths.levelsFinder : levelFinderPath(parentId));

export const fetchSearchFilters = (section: ReportSection) =>
  api.get<ReportFilterList>(reportPaths.searchFilters.replace(':section', section));

/**
 * The figures of a payload, asked again whenever the payload changes (its JSON is the key). Every
 * call is a fresh calculation on the server, so what was booked a moment ago is in it.
 */
export function useCalculation(payload: ReportPayloadInput | null, page = 1) {
  const key = payload === null ? null : (['report', JSON.stringify(payload), page] as const);
  return useEarly<ReportResult>(
    key,
    () => api.post<ReportResult>(calculatePath(page), payload, { silent: true }),
    {
      keepPreviousData: true,
    },
  );
}

export const fetchCalculationPage = (payload: ReportPayloadInput, page: number) =>
  api.post<ReportResult>(calculatePath(page), payload, { silent: true });

/** POST reports/export: the CSV as a file named CurrentExport.csv (spec §9). */
export async function downloadExport(payload: ReportPayloadInput): Promise<void> {
  const blob = await api.postBlob(reportPaths.export, payload, { silent: true });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = EXPORT_FILENAME;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const useReportPresets = (section: ReportSection) =>
  useApi<ReportPresetList>(reportPresetsOfPath(section));
export const savePreset = (section: ReportSection, name: string, filters: ReportFilter[]) =>
  api.post<ReportPreset>(reportPaths.presets, { name, section, preset: { filters } }, { silent: true });
export const activatePreset = (id: number) => api.get<ReportPreset>(reportPresetActivatePath(id));
export const deletePreset = (id: number) => api.delete<{ message: string }>(reportPresetPath(id));
export const orderPresets = (section: ReportSection, ids: readonly number[]) =>
  api.post<ReportPresetList>(reportPaths.presetsOrder, {
    section,
    order: ids.map((id, ordering) => ({ id, ordering })),
  });

/** Weekly report mails: the user's own, of every section (issue 44). */
export const useReportSubscriptions = () => useApi<ReportSubscriptionList>(reportPaths.subscriptions);
export const subscribeReport = (body: CreateReportSubscriptionInput) =>
  api.post<ReportSubscription>(reportPaths.subscriptions, body, { silent: true });
export const updateReportSubscription = (id: number, body: UpdateReportSubscriptionInput) =>
  api.put<ReportSubscription>(reportSubscriptionPath(id), body, { silent: true });
export const stopReportSubscription = (id: number) =>
  api.delete<{ message: string }>(reportSubscriptionPath(id));
