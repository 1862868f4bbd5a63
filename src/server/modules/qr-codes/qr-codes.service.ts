import {
  qrCodeImagePath,
  qrCodeReadScreen,
  type QrCodeInfo,
  type QrCodeTarget,
} from '../../../shared/contract/qr-codes';
import type { AppDeps } from '../../context';
import { notFound } from '../../http/errors';
import { qrSvg } from './qr-image';
import { ensureQrCode, targetOfCode } from './qr-codes.queries';

/** GET /api/qrcode/{code}: the image of the address a phone opens, on the code's company host. */
export async function qrCodeImage(deps: AppDeps, code: string): Promise<string> {
  const target = await targetOfCode(deps.db.kysely, code);
  if (!target) throw notFound();
  return qrSvg(`${deps.originOf(target.subdomain)}${qrCodeReadScreen(code)}`);
}

/** GET /api/qrcode-read/{code}: what the code names. */
export async function readQrCode(deps: AppDeps, code: string): Promise<QrCodeTarget> {
  const target = await targetOfCode(deps.db.kysely, code);
  if (!target || (target.entity_kind !== 1 && target.entity_kind !== 2)) throw notFound();
  return { entity_kind: target.entity_kind, entity_id: target.entity_id, subdomain: target.subdomain };
}

/** A level's or resource's code (made on first use), with its image and reading addresses. */
export async function qrCodeInfo(
  deps: AppDeps,
  companyId: number,
  entityKind: 1 | 2,
  entityId: number,
): Promise<QrCodeInfo> {
  const code = await ensureQrCode(deps.db.kysely, companyId, entityKind, entityId);
  return { code, image_url: qrCodeImagePath(code), read_url: qrCodeReadScreen(code) };
}
