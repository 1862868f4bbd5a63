import {
  companyPaths,
  type CreateCompanyBody,
  type MasterCompany,
  type MasterCompanyList,
  type UpdateCompanyBody,
} from '../../../shared/contract/companies';
import type { MessageBody } from '../../../shared/contract/common';
import {
  masterHelpPaths,
  type HelpStylesheet,
  type MasterHelpPage,
  type MasterHelpPageList,
  type SaveHelpPageBody,
} from '../../../shared/contract/help-admin';
import {
  referencePaths,
  type ReferenceBody,
  type ReferenceKind,
  type ReferenceRow,
  type ReferenceRowList,
} from '../../../shared/contract/master-reference';
import {
  translationPaths,
  type AddLabelBody,
  type ImportTranslationsBody,
  type ImportTranslationsResult,
  type LabelSections,
  type MasterLabel,
  type MasterLabelPage,
} from '../../../shared/contract/translations';
import {
  impersonationPaths,
  type StartImpersonationBody,
  type StartImpersonationResponse,
} from '../../../shared/contract/impersonations';
import { usagePaths, type UsageReport } from '../../../shared/contract/usage';
import { api } from '../../api/client';
import { mutate } from 'swr';
import { useApi } from '../../api/swr';

export const useCompanies = () => useApi<MasterCompanyList>(companyPaths.all);
export const useCompany = (id: number | null) =>
  useApi<MasterCompany>(id === null ? null : companyPaths.one(id));
export const createCompany = (body: CreateCompanyBody) => api.post<MasterCompany>(companyPaths.list, body);
/** `silent`: the screen tells a refusal itself (a picker), so the warning modal does not as well. */
export const updateCompany = (id: number, body: UpdateCompanyBody, { silent = false } = {}) =>
  api.put<MasterCompany>(companyPaths.one(id), body, { silent });
export const deleteCompany = (id: number) => api.delete<MasterCompany>(companyPaths.one(id));
export const restoreCompany = (id: number) => api.post<MasterCompany>(companyPaths.restore(id));

/** null: not needed here (nothing is asked). */
export const useReferenceRows = (kind: ReferenceKind | null) =>
  useApi<ReferenceRowList>(kind === null ? null : referencePaths(kind).all);
export const useReferenceRow = (kind: ReferenceKind, id: number | null) =>
  useApi<ReferenceRow>(id === null ? null : referencePaths(kind).one(id));
export const createReferenceRow = (kind: ReferenceKind, body: ReferenceBody) =>
  api.post<ReferenceRow>(referencePaths(kind).list, body);
export const updateReferenceRow = (kind: ReferenceKind, id: number, body: ReferenceBody) =>
  api.put<ReferenceRow>(referencePaths(kind).one(id), body);
export const deleteReferenceRow = (kind: ReferenceKind, id: number) =>
  api.delete<MessageBody>(referencePaths(kind).one(id));

/** After a change: every cached answer under `prefix` (a list and its rows) is fetched again. */
export function forgetAnswers(prefix: string): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === 'api' && String(key[1]).startsWith(prefix));
}

export const useHelpPages = (query: string) =>
  useApi<MasterHelpPageList>(masterHelpPaths.list, { searchParams: query ? { query } : {} });
export const useMasterHelpPage = (id: number | null) =>
  useApi<MasterHelpPage>(id === null ? null : masterHelpPaths.one(id));
export const saveHelpPage = (id: number | null, body: SaveHelpPageBody) =>
  id === null
    ? api.post<MasterHelpPage>(masterHelpPaths.list, body)
    : api.put<MasterHelpPage>(masterHelpPaths.one(id), body);
export const deleteHelpPage = (id: number) => api.delete<MessageBody>(masterHelpPaths.one(id));
export const useHelpStylesheet = () => useApi<HelpStylesheet>(masterHelpPaths.css);
export const saveHelpStylesheet = (css: string) => api.put<HelpStylesheet>(masterHelpPaths.css, { css });

export const useLabelSections = () => useApi<LabelSections>(translationPaths.sections);
export const useMasterLabels = (filters: Record<string, string>) =>
  useApi<MasterLabelPage>(translationPaths.labels, { searchParams: filters }, { keepPreviousData: true });
export const useMasterLabel = (id: number | null) =>
  useApi<MasterLabel>(id === null ? null : translationPaths.label(id));
export const saveLabel = (id: number, translations: Record<string, string>) =>
  api.put<MasterLabel>(translationPaths.label(id), { translations });
export const addLabel = (body: AddLabelBody) => api.post<MasterLabel>(translationPaths.labels, body);
export const exportTranslations = (languageCode: string) =>
  api.get<Record<string, string>>(translationPaths.export, { searchParams: { language_code: languageCode } });
export const importTranslations = (body: ImportTranslationsBody) =>
  api.post<ImportTranslationsResult>(translationPaths.import, body);

export const useUsage = (from: string, to: string) =>
  useApi<UsageReport>(usagePaths.report, { searchParams: { from, to } }, { keepPreviousData: true });
export const downloadUsage = (from: string, to: string) =>
  api.getBlob(usagePaths.export, { searchParams: { from, to } });

/** "Open company as administrator": the hand-over to the company host, recorded with its reason. */
export const startImpersonation = (companyId: number, body: StartImpersonationBody) =>
  api.post<StartImpersonationResponse>(impersonationPaths.start(companyId), body);
