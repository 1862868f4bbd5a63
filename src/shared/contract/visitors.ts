import { z } from 'zod';
import { ACCENTS, KIOSK_ACTIONS } from '../devices/devices';
import { VISIT_STATUSES } from '../validation/visitors';
import { email, text, requiredText } from '../validation/schemas';
import { Instant } from './calendar-date';
import { COMPANY_PREFIX } from './common';
import { DocumentVersion, KioskDocument } from './company-documents';
import { ImportBody } from './csv-import';
import { IdText, PositiveId } from './ids';
import { NamedRef } from './reception-desks';

/** spec §7 "Visits" and "Visitors" (docs/visitors.md). */
const visits = `${COMPANY_PREFIX}/visits`;
export const visitPaths = {
  all: visits,
  one: `${visits}/:id`,
  group: `${visits}/group`,
  changeStatus: `${visits}/:id/change-status`,
  atDesk: `${visits}/:visitId/:deskId`,
  mine: `${visits}/my-visits`,
  myOne: `${visits}/my-visits/:id`,
} as const;

const visitors = `${COMPANY_PREFIX}/visitors`;
export const visitorPaths = {
  all: visitors,
  one: `${visitors}/:id`,
  deskVisitors: `${visitors}/desk-visitors`,
  myVisitors: `${visitors}/my-visitors`,
  byEmail: `${visitors}/by-email`,
  printBadge: `${visitors}/printbadge`,
  badge: `${visitors}/badge/:visitId`,
  importPreview: `${visitors}/import/preview`,
  importCsv: `${visitors}/import`,
  report: `${visitors}/report`,
  exportExample: `${visitors}/export-example`,
  anonymise: `${visitors}/:id/anonymise`,
  blockedEmails: `${visitors}/blocked-emails`,
  blockedEmail: `${visitors}/blocked-emails/:id`,
} as const;

/** spec §2 public /reception-desk/{code}: the kiosk's calls, by the desk's code. */
const kiosk = `${COMPANY_PREFIX}/reception-desk`;
export const kioskPaths = {
  desk: `${kiosk}/:code`,
  scan: `${kiosk}/:code/scan`,
  checkIn: `${kiosk}/:code/check-in`,
} as const;

export const VisitStatus = z.enum(VISIT_STATUSES);
export type VisitStatus = z.infer<typeof VisitStatus>;

/** spec §4: visits are grouped today, past, future (in the desk's time zone). */
export const VISIT_GROUPS = ['today', 'past', 'future'] as const;
export const VisitGroup = z.enum(VISIT_GROUPS);
export type VisitGroup = z.infer<typeof VisitGroup>;

export const Visit = z.object({
  id: z.number().int(),
  visitor_id: z.number().int(),
  visitor_name: z.string(),
  visitor_email: z.string(),
  visitor_company: z.string(),
  reception_desk_id: z.number().int(),
  reception_desk_name: z.string(),
  host_id: z.number().int().nullable(),
  host_name: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: VisitStatus,
  group_key: z.string().nullable(),
  checked_in_at: z.string().nullable(),
  checked_out_at: z.string().nullable(),
  /** when the visitor accepted the company's visitor documents at the kiosk (docs/documents.md) */
  documents_accepted_at: z.string().nullable().optional(),
});
export type Visit = z.infer<typeof Visit>;

export const VisitList = z.object({ data: z.array(Visit) });
export type VisitList = z.infer<typeof VisitList>;

export const Visitor = z.object({
  id: z.number().int(),
  reception_desk_id: z.number().int(),
  reception_desk_name: z.string(),
  host_id: z.number().int().nullable(),
  host_name: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  visitor_company: z.string(),
  disability: z.string(),
  language_id: z.number().int().nullable(),
  containers: z.array(NamedRef),
  visits: z.array(Visit),
});
export type Visitor = z.infer<typeof Visitor>;

export const VisitorList = z.object({ data: z.array(Visitor) });
export type VisitorList = z.infer<typeof VisitorList>;

/** When a visit is: both instants with their offset; the end after the start. */
export const VisitTimes = z.strictObject({
  starts_at: Instant(),
  ends_at: Instant(),
  host_id: PositiveId.nullable().optional(),
});
export type VisitTimes = z.infer<typeof VisitTimes>;

const person = {
  first_name: requiredText(100),
  last_name: text('', 100),
  email: text('email', 254),
  phone: text('', 40),
  visitor_company: text('', 120),
  disability: text('', 500),
};

const visitorFields = {
  ...person,
  host_id: PositiveId.nullable(),
  language_id: PositiveId.nullable(),
  container_ids: z.array(PositiveId).max(100),
};

/**
 * POST visitors: a visitor at a desk, with a first visit when `visit` is sent (its invitation is
 * mailed when the visitor has an address). Reception's walk-in sends check_in: true and is checked in.
 */
export const CreateVisitorBody = z
  .strictObject({
    ...visitorFields,
    reception_desk_id: PositiveId,
    visit: VisitTimes.optional(),
    check_in: z.boolean().optional(),
  })
  .partial()
  .required({ reception_desk_id: true, first_name: true });
export type CreateVisitorBody = z.infer<typeof CreateVisitorBody>;

export const UpdateVisitorBody = z.strictObject(visitorFields).partial();
export type UpdateVisitorBody = z.infer<typeof UpdateVisitorBody>;

/** POST visits: another visit of a visitor. */
export const CreateVisitBody = VisitTimes.extend({ visitor_id: PositiveId });
export type CreateVisitBody = z.infer<typeof CreateVisitBody>;

/** PUT visits/{id}: new times or host; an expected visit only. */
export const UpdateVisitBody = VisitTimes.partial();
export type UpdateVisitBody = z.infer<typeof UpdateVisitBody>;

/** POST visits/group: one invitation for several visitors, the same time and host. */
export const GroupVisitBody = VisitTimes.extend({
  reception_desk_id: PositiveId,
  language_id: PositiveId.nullable().optional(),
  container_ids: z.array(PositiveId).max(100).optional(),
  visitors: z
    .array(z.strictObject(person).partial().required({ first_name: true }))
    .min(1, 'This field is required.')
    .max(50),
});
export type GroupVisitBody = z.infer<typeof GroupVisitBody>;

export const ChangeStatusBody = z.strictObject({ status: VisitStatus });
export type ChangeStatusBody = z.infer<typeof ChangeStatusBody>;

export const VisitAtDeskParams = z.object({ visitId: IdText, deskId: IdText });

/** POST visitors/desk-visitors: a desk's visits of a group, searched by name, e-mail or company. */
export const DeskVisitorsBody = z.strictObject({
  reception_desk_id: PositiveId,
  group: VisitGroup,
  query: z.string().max(120).optional(),
});
export type DeskVisitorsBody = z.infer<typeof DeskVisitorsBody>;

/** POST visitors/my-visitors: the caller's visitors with their visits of a group. */
export const MyVisitorsBody = z.strictObject({ group: VisitGroup });
export type MyVisitorsBody = z.infer<typeof MyVisitorsBody>;

export const ByEmailQuery = z.object({ email: z.string().max(254).default('') });

export const PrintBadgeBody = z.strictObject({ visit_id: PositiveId });

/** What a badge shows (spec issue 42: name, host, company, date and QR code). */
export const Badge = z.object({
  visit_id: z.number().int(),
  visitor_name: z.string(),
  visitor_company: z.string(),
  host_name: z.string().nullable(),
  reception_desk_name: z.string(),
  starts_at: z.string(),
  timezone: z.string(),
  /** the QR code of the visit's code, an SVG document */
  qr_svg: z.string(),
});
export type Badge = z.infer<typeof Badge>;

export const VisitParams = z.object({ visitId: IdText });

/** The kiosk's desk: only what the tablet shows. */
export const KioskDesk = z.object({
  name: z.string(),
  locale: z.string(),
  working_hours_from: z.string(),
  working_hours_to: z.string(),
  /** from the desk's device template (docs/devices-and-displays.md): its colour and what it offers */
  accent: z.enum(ACCENTS),
  actions: z.array(z.enum(KIOSK_ACTIONS)),
  /** the company's current visitor documents, accepted before check-in (docs/documents.md) */
  documents: z.array(KioskDocument),
});
export type KioskDesk = z.infer<typeof KioskDesk>;

export const KioskParams = z.object({ code: z.string().min(1).max(64) });

/** The versions of the desk's documents the visitor accepted on the kiosk (all of them, when any). */
const acceptedDocuments = z.array(DocumentVersion).max(50).default([]);
export const KioskScanBody = z.strictObject({
  code: z.string().min(1, 'This field is required.').max(64),
  accepted_documents: acceptedDocuments,
});
export type KioskScanBody = z.input<typeof KioskScanBody>;

export const KioskCheckInBody = z.strictObject({
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: email(),
  accepted_documents: acceptedDocuments,
});
export type KioskCheckInBody = z.input<typeof KioskCheckInBody>;

/** The kiosk's answer: a greeting, never anything about other visitors. */
export const KioskWelcome = z.object({
  first_name: z.string(),
  host_name: z.string().nullable(),
});
export type KioskWelcome = z.infer<typeof KioskWelcome>;

/**
 * A visitor list imported at reception (spec §2 reception add-visitor import): one visitor and visit
 * a row, at the desk, on `date` from `start` to `end` in the desk's time zone.
 */
export const VISITOR_IMPORT_COLUMNS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'visitor_company',
  'language',
  'host_email',
  'date',
  'start',
  'end',
] as const;
/** What the export (visitors/report) adds after the import's columns; an import ignores them. */
export const VISITOR_REPORT_COLUMNS = ['status', 'checked_in_at', 'checked_out_at'] as const;

export const VisitorImportBody = z.strictObject({
  reception_desk_id: PositiveId,
  csv: ImportBody.shape.csv,
});
export type VisitorImportBody = z.infer<typeof VisitorImportBody>;

export const VisitorPerson = z.strictObject(person).partial().required({ first_name: true });

/** GET visitors/report: a desk's visits of a group as CSV. */
export const VisitorReportQuery = z.object({ reception_desk_id: IdText, group: VisitGroup.default('today') });
export type VisitorReportQuery = z.infer<typeof VisitorReportQuery>;

/** The company's block list: addresses refused at invitation and at the kiosk (docs/visitors.md). */
export const BlockedEmail = z.object({
  id: z.number().int(),
  email: z.string(),
  note: z.string(),
  created_at: z.string(),
});
export type BlockedEmail = z.infer<typeof BlockedEmail>;
export const BlockedEmailList = z.object({ data: z.array(BlockedEmail) });
export type BlockedEmailList = z.infer<typeof BlockedEmailList>;
export const BlockEmailBody = z.strictObject({
  email: text('required|email', 254),
  note: text('', 255).optional(),
});
export type BlockEmailBody = z.infer<typeof BlockEmailBody>;
