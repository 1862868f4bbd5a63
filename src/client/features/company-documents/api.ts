import {
  documentPaths,
  type AcceptDocumentsBody,
  type CompanyDocument,
  type DocumentAcceptances,
  type DocumentList,
  type ReadableDocumentList,
  type RemindAnswer,
  type SaveDocumentBody,
} from '../../../shared/contract/company-documents';
import type { MessageBody } from '../../../shared/contract/common';
import { api } from '../../api/client';
import { refreshApi, useApi } from '../../api/swr';

export const useDocuments = (filters: { query: string; application_id: string }) => {
  const searchParams: Record<string, string> = {};
  if (filters.query.trim()) searchParams['query'] = filters.query.trim();
  if (filters.application_id) searchParams['application_id'] = filters.application_id;
  return useApi<DocumentList>(documentPaths.list, { searchParams }, { keepPreviousData: true });
};
export const useDocument = (id: number | null) =>
  useApi<CompanyDocument>(id === null ? null : documentPaths.one(id));
export const useAcceptances = (id: number) => useApi<DocumentAcceptances>(documentPaths.acceptances(id));
export const useUnaccepted = (applicationId: number) =>
  useApi<ReadableDocumentList>(documentPaths.unaccepted(applicationId));
export const useReadable = (query: string) =>
  useApi<ReadableDocumentList>(
    documentPaths.readable,
    query.trim() ? { searchParams: { query: query.trim() } } : {},
    { keepPreviousData: true },
  );

/** Saves (id null: adds); the lists read the change next time. `silent`: the form shows field errors itself. */
export async function saveDocument(id: number | null, body: SaveDocumentBody): Promise<CompanyDocument> {
  const saved =
    id === null
      ? await api.post<CompanyDocument>(documentPaths.list, body, { silent: true })
      : await api.put<CompanyDocument>(documentPaths.one(id), body, { silent: true });
  await Promise.all([refreshApi(documentPaths.list), refreshApi(documentPaths.readable)]);
  return saved;
}
export async function deleteDocument(id: number): Promise<void> {
  await api.delete<MessageBody>(documentPaths.one(id));
  await refreshApi(documentPaths.list);
}
export const acceptDocuments = (body: AcceptDocumentsBody) =>
  api.post<MessageBody>(documentPaths.accept, body, { silent: true });
export const remindPending = (id: number) => api.post<RemindAnswer>(documentPaths.remind(id));
export const exportAcceptances = (id: number) => api.getBlob(documentPaths.export(id));
export const documentPdf = (id: number) => api.getBlob(documentPaths.pdf(id));

/** Saves a downloaded file under `name`, or opens it (a PDF to read) in a new tab. */
export function openFile(blob: Blob, name: string, how: 'save' | 'open'): void {
  const url = URL.createObjectURL(blob);
  if (how === 'open') window.open(url, '_blank', 'noopener');
  else {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.click();
  }
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
