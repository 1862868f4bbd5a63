import type { Paginated } from '../../../shared/contract/common';
import {
  qrCodeTemplatePaths,
  type QrCodeTemplate,
  type QrCodeTemplateBody,
} from '../../../shared/contract/qr-code-templates';
import { qrCodeListPaths, type QrCode, type QrCodeExportBody } from '../../../shared/contract/qr-codes';
import { api } from '../../api/client';
import { refreshApi, useApi } from '../../api/swr';
import { saveFile } from '../../ui/save-file';

export const useTemplates = () =>
  useApi<Paginated<QrCodeTemplate>>(qrCodeTemplatePaths.list, { searchParams: { per_page: 200 } });
export const useTemplate = (id: number | null) =>
  useApi<QrCodeTemplate>(id === null ? null : qrCodeTemplatePaths.of(id));

const refreshTemplates = () => refreshApi(qrCodeTemplatePaths.list);

// Field errors are shown beside the fields, so the warning modal stays out of the way (silent).
export async function createTemplate(body: QrCodeTemplateBody) {
  const made = await api.post<QrCodeTemplate>(qrCodeTemplatePaths.list, body, { silent: true });
  await refreshTemplates();
  return made;
}
export async function updateTemplate(id: number, body: QrCodeTemplateBody) {
  const saved = await api.put<QrCodeTemplate>(qrCodeTemplatePaths.of(id), body, { silent: true });
  await refreshTemplates();
  return saved;
}
export async function makeDefaultTemplate(id: number) {
  await api.put<QrCodeTemplate>(qrCodeTemplatePaths.defaultOf(id));
  await refreshTemplates();
}
export async function deleteTemplate(id: number) {
  await api.delete<{ message: string }>(qrCodeTemplatePaths.of(id));
  await refreshTemplates();
}

export interface CodeFilters {
  level_id?: number;
  type?: number;
}

export const useCodes = (filters: CodeFilters, page: number) =>
  useApi<Paginated<QrCode>>(
    qrCodeListPaths.list,
    { searchParams: { ...filters, page, per_page: 200 } },
    { keepPreviousData: true },
  );
export const useCode = (id: number | null) => useApi<QrCode>(id === null ? null : qrCodeListPaths.of(id));

export async function chooseTemplate(id: number, templateId: number | null) {
  const saved = await api.put<QrCode>(qrCodeListPaths.of(id), { template_id: templateId });
  await refreshApi(qrCodeListPaths.list);
  return saved;
}
export async function renewCode(id: number) {
  await api.delete<{ message: string }>(qrCodeListPaths.of(id));
  await refreshApi(qrCodeListPaths.list);
}

/** POST qr-codes/exports: the labels (PDF) or the images (ZIP), saved as a file. */
export async function exportCodes(body: QrCodeExportBody): Promise<void> {
  const blob = await api.postBlob(qrCodeListPaths.exports, body);
  saveFile(blob, body.format === 'pdf' ? 'qr-codes.pdf' : 'qr-codes.zip');
}
