import { mutate } from 'swr';
import type {
  BlockedEmail,
  BlockedEmailList,
  KioskCheckInBody,
  KioskDesk,
  KioskScanBody,
  KioskWelcome,
  Visit,
  VisitGroup,
  Visitor,
} from '../../../shared/contract/visitors';
import type {
  DeskEmailTemplate,
  DeskEmailTemplateList,
  ReceptionDesk,
} from '../../../shared/contract/reception-desks';
import { COMPANY_PREFIX } from '../../../shared/contract/common';
import { devicePaths, type DeviceTemplateList } from '../../../shared/contract/devices';
import type { ImportPreview, ImportResult } from '../../../shared/contract/csv-import';
import { api } from '../../api/client';
import { useApi, useEarly } from '../../api/swr';

const DESKS = `${COMPANY_PREFIX}/reception-desks`;
const VISITORS = `${COMPANY_PREFIX}/visitors`;
const VISITS = `${COMPANY_PREFIX}/visits`;
const KIOSK = `${COMPANY_PREFIX}/reception-desk`;

export const useDesks = () => useApi<{ data: ReceptionDesk[] }>(DESKS);
export const useDesk = (id: string | undefined) => useApi<ReceptionDesk>(id ? `${DESKS}/${id}` : null);
/** The kiosk templates a desk may follow (devices/templates, type RECEPTION_DESK). */
export const useKioskTemplates = () =>
  useApi<DeviceTemplateList>(devicePaths.templates, {
    searchParams: { device_type: 'RECEPTION_DESK' },
    silent: true,
  });
export const useUserContainers = () =>
  useApi<{ data: Array<{ id: number; name: string }> }>(`${DESKS}/containers`, {
    searchParams: { access_type_ids: 'USER' },
  });

export const refreshDesks = () =>
  mutate((key) => Array.isArray(key) && typeof key[1] === 'string' && key[1].startsWith(DESKS));

export type DeskBody = Record<string, unknown>;
export const saveDesk = async (id: number | null, body: DeskBody) => {
  const desk =
    id === null
      ? await api.post<ReceptionDesk>(DESKS, body, { silent: true })
      : await api.put<ReceptionDesk>(`${DESKS}/${id}`, body, { silent: true });
  await refreshDesks();
  return desk;
};
export const deleteDesk = async (id: number) => {
  await api.delete(`${DESKS}/${id}`);
  await refreshDesks();
};

/** POST visitors/my-visitors for a group, through the swr cache (refetched on the realtime event). */
export const useMyVisitors = (group: VisitGroup) =>
  useEarly<{ data: Visitor[] }>(['my-visitors', group], () => api.post(`${VISITORS}/my-visitors`, { group }));

export const useDeskVisits = (deskId: number, group: VisitGroup, query: string) =>
  useEarly<{ data: Visit[] }>(['desk-visitors', deskId, group, query], () =>
    api.post(`${VISITORS}/desk-visitors`, { reception_desk_id: deskId, group, ...(query ? { query } : {}) }),
  );

export const useMyVisits = () => useApi<{ data: Visit[] }>(`${VISITS}/my-visits`);

export const refreshVisits = () =>
  mutate(
    (key) =>
      Array.isArray(key) &&
      (key[0] === 'my-visitors' ||
        key[0] === 'desk-visitors' ||
        (typeof key[1] === 'string' && key[1].startsWith(VISITS))),
  );

export const inviteVisitor = async (body: Record<string, unknown>) => {
  const visitor = await api.post<Visitor>(VISITORS, body, { silent: true });
  await refreshVisits();
  return visitor;
};

export const cancelVisit = async (visit: Visit) => {
  await api.delete(`${VISITS}/${visit.id}/${visit.reception_desk_id}`);
  await refreshVisits();
};

export const changeStatus = async (visitId: number, status: Visit['status']) => {
  await api.post(`${VISITS}/${visitId}/change-status`, { status });
  await refreshVisits();
};

export const badgePdf = (visitId: number) => api.postBlob(`${VISITORS}/printbadge`, { visit_id: visitId });
export const badgePath = (visitId: string | undefined) => (visitId ? `${VISITORS}/badge/${visitId}` : null);

/** The kiosk's calls: public, on the company's host. */
export const kioskDesk = (code: string) =>
  api.get<KioskDesk>(`${KIOSK}/${encodeURIComponent(code)}`, { silent: true });
export const kioskScan = (code: string, body: KioskScanBody) =>
  api.post<KioskWelcome>(`${KIOSK}/${encodeURIComponent(code)}/scan`, body, { silent: true });
export const kioskCheckIn = (code: string, body: KioskCheckInBody) =>
  api.post<KioskWelcome>(`${KIOSK}/${encodeURIComponent(code)}/check-in`, body, { silent: true });

/** CSV at reception (docs/visitors.md "CSV import and export"): preview, import, report, example. */
export const previewVisitorImport = (deskId: number, csv: string) =>
  api.post<ImportPreview>(`${VISITORS}/import/preview`, { reception_desk_id: deskId, csv }, { silent: true });
export const importVisitorList = async (deskId: number, csv: string) => {
  const result = await api.post<ImportResult>(
    `${VISITORS}/import`,
    { reception_desk_id: deskId, csv },
    { silent: true },
  );
  await refreshVisits();
  return result;
};
export const visitorReport = (deskId: number, group: VisitGroup) =>
  api.getBlob(`${VISITORS}/report`, { searchParams: { reception_desk_id: deskId, group } });
export const visitorExample = () => api.getBlob(`${VISITORS}/export-example`);

export { saveFile } from '../../ui/save-file';

/** A desk's e-mails per type (edit-email/:typeId, RECEPTIONS). */
export const useDeskEmails = (deskId: string | undefined) =>
  useApi<DeskEmailTemplateList>(deskId ? `${DESKS}/${deskId}/email-templates` : null);
const refreshDeskEmails = () =>
  mutate((key) => Array.isArray(key) && typeof key[1] === 'string' && key[1].includes('/email-templates'));
export const saveDeskEmail = async (
  deskId: number,
  typeId: number,
  body: { subject: string; body: string },
) => {
  const saved = await api.put<DeskEmailTemplate>(`${DESKS}/${deskId}/email-templates/${typeId}`, body, {
    silent: true,
  });
  await refreshDeskEmails();
  return saved;
};
export const resetDeskEmail = async (deskId: number, typeId: number) => {
  const reset = await api.delete<DeskEmailTemplate>(`${DESKS}/${deskId}/email-templates/${typeId}`, {
    silent: true,
  });
  await refreshDeskEmails();
  return reset;
};

/** The company's block list (docs/visitors.md "Privacy", VISITOR_MANAGEMENT). */
const BLOCKED = `${VISITORS}/blocked-emails`;
export const useBlockedEmails = () => useApi<BlockedEmailList>(BLOCKED);
const refreshBlocked = () => mutate((key) => Array.isArray(key) && key[1] === BLOCKED);
export const blockEmail = async (body: { email: string; note?: string }) => {
  const blocked = await api.post<BlockedEmail>(BLOCKED, body, { silent: true });
  await refreshBlocked();
  return blocked;
};
export const unblockEmail = async (id: number) => {
  await api.delete(`${BLOCKED}/${id}`, { silent: true });
  await refreshBlocked();
};

/** POST visitors/{id}/anonymise: the person blanked for good, expected visits cancelled unmailed. */
export const anonymiseVisitor = async (visitorId: number) => {
  await api.post(`${VISITORS}/${visitorId}/anonymise`, {}, { silent: true });
  await refreshVisits();
};
