import { z } from 'zod';
import { API_PREFIX } from './common';

/** spec §3 entity kinds a QR code can name. */
export const QR_ENTITY_KINDS = { resource: 1, level: 2 } as const;

/** GET /api/qrcode-read/{code}: what a scanned code names, and the company it belongs to. */
export const QrCodeTarget = z.object({
  entity_kind: z.union([z.literal(1), z.literal(2)]),
  entity_id: z.number().int(),
  subdomain: z.string(),
});
export type QrCodeTarget = z.infer<typeof QrCodeTarget>;

/** A level's (or resource's) code, with where its image and its reading are. */
export const QrCodeInfo = z.object({
  code: z.string(),
  image_url: z.string(),
  read_url: z.string(),
});
export type QrCodeInfo = z.infer<typeof QrCodeInfo>;

export const QrCodeParam = z.object({ code: z.string().min(1).max(64) });

export const qrCodePaths = {
  image: `${API_PREFIX}/qrcode/:code`,
  read: `${API_PREFIX}/qrcode-read/:code`,
} as const;
export const qrCodeImagePath = (code: string) => `${API_PREFIX}/qrcode/${encodeURIComponent(code)}`;
/** The address a QR code carries: the company's host, the client's /qrcode-read/{code} screen. */
export const qrCodeReadScreen = (code: string) => `/qrcode-read/${encodeURIComponent(code)}`;

/**
 * spec §2 /qr-codes (QR_CODE), §7 QR codes: the codes of the company's resources, filtered by
 * resource type and level (with its sublevels), each printed with its template or the default.
 */
export const QrCodeListQuery = z.object({
  level_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  type: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(200),
});
export type QrCodeListQuery = z.infer<typeof QrCodeListQuery>;

export const QrCode = z.object({
  id: z.number().int(),
  code: z.string(),
  entity_kind: z.literal(1),
  entity_id: z.number().int(),
  /** the resource's name, its level path and its type, in the reader's language */
  name: z.string(),
  level: z.string(),
  type: z.string(),
  template_id: z.number().int().nullable(),
  image_url: z.string(),
});
export type QrCode = z.infer<typeof QrCode>;

export const QrCodePage = z.object({
  data: z.array(QrCode),
  meta: z.object({
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});

/** PUT {id}: the template the code is printed with; null prints it with the company's default. */
export const UpdateQrCodeBody = z.strictObject({
  template_id: z.number().int().positive().max(2_147_483_647).nullable(),
});
export type UpdateQrCodeBody = z.infer<typeof UpdateQrCodeBody>;

/** At most this many labels in one export: the PDF is built in memory, so its size is bounded. */
export const MAX_EXPORTED_CODES = 2000;
export const TOO_MANY_CODES = `Choose at most ${MAX_EXPORTED_CODES} codes for one export.`;
export const NO_CODES = 'No QR codes match these filters.';

/**
 * POST exports: the chosen codes (or every code the filters find) as a PDF of labels laid out by
 * each code's template, or as a ZIP of PNG images. template_id prints them all with that template.
 */
export const QrCodeExportBody = z.strictObject({
  format: z.enum(['pdf', 'png']),
  qr_code_ids: z.array(z.number().int().positive().max(2_147_483_647)).max(MAX_EXPORTED_CODES).optional(),
  level_id: z.number().int().positive().max(2_147_483_647).optional(),
  type: z.number().int().positive().max(2_147_483_647).optional(),
  template_id: z.number().int().positive().max(2_147_483_647).optional(),
});
export type QrCodeExportBody = z.infer<typeof QrCodeExportBody>;

export const qrCodeListPaths = {
  list: `${API_PREFIX}/company/v1/qr-codes`,
  one: `${API_PREFIX}/company/v1/qr-codes/:id`,
  exports: `${API_PREFIX}/company/v1/qr-codes/exports`,
  read: `${API_PREFIX}/company/v1/qr-codes/read/:code`,
  of: (id: number) => `${API_PREFIX}/company/v1/qr-codes/${id}`,
} as const;
