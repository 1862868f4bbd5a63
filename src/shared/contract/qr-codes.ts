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
