import { z } from 'zod';
import { format, MESSAGES } from '../validation/messages';
import { requiredText } from '../validation/schemas';
import { APPLICATION_IDS } from './applications';
import { COMPANY_PREFIX, IdText, paginated, PageQuery } from './common';
import { Id, PositiveId } from './ids';

/**
 * spec §2 /company-documents (DOCUMENTS), /accept-documents/{applicationId}, /help-and-documents,
 * §3 company document (translations, publish_date), §7 company documents (docs/documents.md).
 */
export const DOCUMENT_CONTENT_MAX = 100_000;
export const DOCUMENT_PDF_MAX_BYTES = 5 * 1024 * 1024;
export const PDF_TOO_LARGE = 'The PDF must be 5 MB or smaller.';
export const PDF_NOT_A_PDF = 'The file is not a readable PDF.';
export const NEEDS_CONTENT = 'Write the document’s text or attach a PDF.';
export const ACCEPT_CURRENT = 'This document has a newer version: read it again before accepting.';

const APPLICATION_ID_VALUES = Object.values(APPLICATION_IDS) as number[];
export const DocumentApplicationId = z
  .number()
  .int()
  .refine((id) => APPLICATION_ID_VALUES.includes(id), 'Application is not valid.');

export const DocumentTranslation = z.object({
  language_code: z.string(),
  name: z.string(),
  content: z.string(),
});
export type DocumentTranslation = z.infer<typeof DocumentTranslation>;

/** An attached PDF, as the form sends it: the file's name and its bytes as base64. */
export const DocumentPdfUpload = z.strictObject({
  file_name: requiredText(200),
  content_base64: z
    .string()
    .min(1, MESSAGES.required)
    .max(Math.ceil(DOCUMENT_PDF_MAX_BYTES / 3) * 4 + 4, PDF_TOO_LARGE),
});

/**
 * POST and PUT company-documents: the content is sanitised on the server (help pages' allow-list).
 * `pdf`: a new file, null to remove it, left out to keep it. `new_version` (PUT): everyone accepts again.
 */
export const SaveDocumentBody = z.strictObject({
  translations: z
    .array(
      z.strictObject({
        language_code: z.string().min(2).max(3),
        name: requiredText(200),
        content: z.string().max(DOCUMENT_CONTENT_MAX, format(MESSAGES.max, { max: DOCUMENT_CONTENT_MAX })),
      }),
    )
    .min(1, MESSAGES.required)
    .max(50),
  application_ids: z.array(DocumentApplicationId).min(1, MESSAGES.required).max(20),
  publish_date: z.iso.datetime({
    offset: true,
    message: format(MESSAGES.default, { field: 'Publish date' }),
  }),
  pdf: DocumentPdfUpload.nullable().optional(),
  new_version: z.boolean().optional(),
});
export type SaveDocumentBody = z.input<typeof SaveDocumentBody>;

/** One document as its administrators edit it. */
export const CompanyDocument = z.object({
  id: Id,
  translations: z.array(DocumentTranslation),
  application_ids: z.array(z.number().int()),
  publish_date: z.string(),
  version: z.number().int(),
  version_at: z.string(),
  pdf_name: z.string().nullable(),
  reminded_at: z.string().nullable(),
});
export type CompanyDocument = z.infer<typeof CompanyDocument>;

/** A row of the administrators' list, named in the asking user's language. */
export const DocumentListItem = z.object({
  id: Id,
  name: z.string(),
  application_ids: z.array(z.number().int()),
  publish_date: z.string(),
  version: z.number().int(),
  has_pdf: z.boolean(),
  accepted_count: z.number().int(),
  people_count: z.number().int(),
});
export type DocumentListItem = z.infer<typeof DocumentListItem>;
export const DocumentList = paginated(DocumentListItem);
export type DocumentList = z.infer<typeof DocumentList>;

export const DocumentListQuery = PageQuery.extend({
  query: z.string().trim().max(200).optional(),
  application_id: IdText.optional(),
  state: z.enum(['published', 'scheduled']).optional(),
});
export type DocumentListQuery = z.input<typeof DocumentListQuery>;

/** A document to read (and accept), in the reader's language. */
export const ReadableDocument = z.object({
  id: Id,
  version: z.number().int(),
  name: z.string(),
  content: z.string(),
  has_pdf: z.boolean(),
  publish_date: z.string(),
  application_ids: z.array(z.number().int()),
  /** when the reader accepted this version, else null */
  accepted_at: z.string().nullable(),
});
export type ReadableDocument = z.infer<typeof ReadableDocument>;
export const ReadableDocumentList = z.object({ data: z.array(ReadableDocument) });
export type ReadableDocumentList = z.infer<typeof ReadableDocumentList>;
export const ReadableQuery = z.object({ query: z.string().trim().max(200).optional() });

/** POST company-documents/acceptances (spec §7 "POST user acceptance"): the versions read. */
export const AcceptDocumentsBody = z.strictObject({
  documents: z
    .array(z.strictObject({ id: PositiveId, version: z.number().int().min(1).max(1_000_000) }))
    .min(1, MESSAGES.required)
    .max(100),
});
export type AcceptDocumentsBody = z.infer<typeof AcceptDocumentsBody>;

/** Who has accepted a document: everyone who must, for its current version, and every acceptance kept. */
export const DocumentPerson = z.object({
  user_id: Id,
  name: z.string(),
  email: z.string(),
  accepted_at: z.string().nullable(),
});
export const DocumentAcceptances = z.object({
  document_id: Id,
  version: z.number().int(),
  people: z.array(DocumentPerson),
  history: z.array(
    z.object({ user_id: Id, name: z.string(), version: z.number().int(), accepted_at: z.string() }),
  ),
  visitors: z.array(
    z.object({ visit_id: Id, name: z.string(), version: z.number().int(), accepted_at: z.string() }),
  ),
});
export type DocumentAcceptances = z.infer<typeof DocumentAcceptances>;

export const RemindAnswer = z.object({ reminded: z.number().int(), reminded_at: z.string() });
export type RemindAnswer = z.infer<typeof RemindAnswer>;

export const DocumentParams = z.object({ id: IdText });
export const ApplicationParams = z.object({ applicationId: IdText });

const base = `${COMPANY_PREFIX}/company-documents`;
export const documentPaths = {
  list: base,
  one: (id: number | string) => `${base}/${id}`,
  pdf: (id: number | string) => `${base}/${id}/pdf`,
  acceptances: (id: number | string) => `${base}/${id}/acceptances`,
  export: (id: number | string) => `${base}/${id}/acceptances/export`,
  remind: (id: number | string) => `${base}/${id}/remind`,
  readable: `${base}/readable`,
  unaccepted: (applicationId: number | string) => `${base}/unaccepted/${applicationId}`,
  accept: `${base}/acceptances`,
};

/** The kiosk (spec §2 /reception-desk/{code}): the desk's visitor documents, in the desk's language. */
export const VISITOR_MUST_ACCEPT = 'Please read and accept the documents before checking in.';
export const DocumentVersion = z.strictObject({
  id: PositiveId,
  version: z.number().int().min(1).max(1_000_000),
});
export type DocumentVersion = z.infer<typeof DocumentVersion>;
export const KioskDocument = z.object({
  id: Id,
  version: z.number().int(),
  name: z.string(),
  content: z.string(),
  has_pdf: z.boolean(),
});
export type KioskDocument = z.infer<typeof KioskDocument>;
