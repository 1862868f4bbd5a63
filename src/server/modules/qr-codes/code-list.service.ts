import { zipSync } from 'fflate';
import { pageMeta, type Paginated } from '../../../shared/contract/common';
import { NEW_TEMPLATE } from '../../../shared/contract/qr-code-templates';
import {
  MAX_EXPORTED_CODES,
  NO_CODES,
  qrCodeImagePath,
  qrCodeReadScreen,
  TOO_MANY_CODES,
  type QrCode,
  type QrCodeExportBody,
  type QrCodeListQuery,
  type QrCodeTarget,
  type UpdateQrCodeBody,
} from '../../../shared/contract/qr-codes';
import type { AppDeps, ServiceContext } from '../../context';
import { notFound, unprocessable } from '../../http/errors';
import {
  codeRows,
  countCodes,
  deleteCode,
  ensureCodesFor,
  setCodeTemplate,
  type CodeFilter,
  type CodeRow,
} from './code-list.queries';
import { recordAudit } from '../logs';
import { labelPdf, type LabelBatch, type LabelLayout } from './label-pdf';
import { qrPng } from './qr-png';
import { defaultTemplate, templateById } from './templates.queries';
import { targetOfCode } from './qr-codes.queries';

const NOT_FOUND = 'QR code not found.';
const TEMPLATE_NOT_FOUND = 'QR code template not found.';

const asCode = (row: CodeRow): QrCode => ({
  ...row,
  entity_kind: 1,
  image_url: qrCodeImagePath(row.code),
});

async function pageOf(ctx: ServiceContext, filter: CodeFilter, page: number, perPage: number) {
  await ensureCodesFor(ctx.db, ctx.companyId, filter);
  return codeRows(ctx.db, ctx.companyId, ctx.userId, filter, {
    offset: (page - 1) * perPage,
    limit: perPage,
  });
}

/** spec §7 GET qr-codes (type, level): every resource's code, made for those that have none yet. */
export async function listCodes(ctx: ServiceContext, query: QrCodeListQuery): Promise<Paginated<QrCode>> {
  const { rows, total } = await pageOf(
    ctx,
    { levelId: query.level_id, typeId: query.type },
    query.page,
    query.per_page,
  );
  return { data: rows.map(asCode), meta: pageMeta(query.page, query.per_page, total) };
}

export async function getCode(ctx: ServiceContext, id: number): Promise<QrCode> {
  const { rows } = await codeRows(
    ctx.db,
    ctx.companyId,
    ctx.userId,
    { codeIds: [id] },
    { offset: 0, limit: 1 },
  );
  if (!rows[0]) throw notFound(NOT_FOUND);
  return asCode(rows[0]);
}

/** PUT {id}: the template the code prints with (one of the company's), or null for the default. */
export async function updateCode(ctx: ServiceContext, id: number, body: UpdateQrCodeBody): Promise<QrCode> {
  if (body.template_id !== null && !(await templateById(ctx.db, ctx.companyId, body.template_id)))
    throw unprocessable({ template_id: [TEMPLATE_NOT_FOUND] });
  const result = await setCodeTemplate(ctx.db, ctx.companyId, id, body.template_id);
  if (result.numUpdatedRows === 0n) throw notFound(NOT_FOUND);
  return getCode(ctx, id);
}

/** DELETE {id}: its printed labels stop working at once; the resource gets a new code when next listed. */
export async function removeCode(ctx: ServiceContext, id: number): Promise<{ message: string }> {
  if (!(await deleteCode(ctx.db, ctx.companyId, id))) throw notFound(NOT_FOUND);
  return { message: 'QR code deleted.' };
}

/** spec §7 GET qr-codes/read/{code}: what one of the company's own codes names. */
export async function readOwnCode(ctx: ServiceContext, code: string): Promise<QrCodeTarget> {
  const target = await targetOfCode(ctx.db, code);
  // another company's code is not found, as if it did not exist
  if (
    !target ||
    target.company_id !== ctx.companyId ||
    (target.entity_kind !== 1 && target.entity_kind !== 2)
  )
    throw notFound(NOT_FOUND);
  return { entity_kind: target.entity_kind, entity_id: target.entity_id, subdomain: target.subdomain };
}

async function layoutsFor(ctx: ServiceContext, body: QrCodeExportBody) {
  const chosen =
    body.template_id === undefined ? undefined : await templateById(ctx.db, ctx.companyId, body.template_id);
  if (body.template_id !== undefined && !chosen) throw unprocessable({ template_id: [TEMPLATE_NOT_FOUND] });
  const fallback: LabelLayout = (await defaultTemplate(ctx.db, ctx.companyId)) ?? NEW_TEMPLATE;
  const cache = new Map<number, LabelLayout>();
  return async (templateId: number | null): Promise<LabelLayout> => {
    if (chosen) return chosen;
    if (templateId === null) return fallback;
    if (!cache.has(templateId))
      cache.set(templateId, (await templateById(ctx.db, ctx.companyId, templateId)) ?? fallback);
    return cache.get(templateId)!;
  };
}

export interface ExportFile {
  bytes: Uint8Array;
  type: string;
  filename: string;
}

/** Names in a ZIP: the resource's level and name, safe on every file system, unique by the code's id. */
const fileName = (row: CodeRow) =>
  `${`${row.level} ${row.name}`
    .replace(/[^\p{L}\p{N} ._-]+/gu, '-')
    .trim()
    .slice(0, 100)}-${row.id}.png`;

/**
 * spec §7 POST qr-codes/exports (blob): the chosen codes, or every code the filters find, as a PDF
 * of labels (each code with its template, or the one chosen) or a ZIP of PNG images.
 */
export async function exportCodes(
  deps: AppDeps,
  ctx: ServiceContext,
  body: QrCodeExportBody,
): Promise<ExportFile> {
  const filter: CodeFilter = { levelId: body.level_id, typeId: body.type, codeIds: body.qr_code_ids };
  if ((await countCodes(ctx.db, ctx.companyId, filter)) > MAX_EXPORTED_CODES)
    throw unprocessable({ qr_code_ids: [TOO_MANY_CODES] });
  const layoutOf = await layoutsFor(ctx, body);
  const { rows } = await pageOf(ctx, filter, 1, MAX_EXPORTED_CODES);
  if (rows.length === 0) throw unprocessable({ qr_code_ids: [NO_CODES] });
  const company = await ctx.db
    .selectFrom('companies')
    .select('subdomain')
    .where('id', '=', ctx.companyId)
    .executeTakeFirstOrThrow();
  const origin = deps.originOf(company.subdomain);
  const urlOf = (row: CodeRow) => `${origin}${qrCodeReadScreen(row.code)}`;
  await recordAudit(ctx.db, {
    companyId: ctx.companyId,
    actorId: ctx.userId,
    kind: 'export',
    subject: 'QR codes',
    details: `${rows.length} codes as ${body.format.toUpperCase()}`,
  });

  if (body.format === 'png') {
    const files: Record<string, Uint8Array> = {};
    for (const row of rows) files[fileName(row)] = qrPng(urlOf(row));
    // PNGs are compressed already: stored, not deflated again
    return { bytes: zipSync(files, { level: 0 }), type: 'application/zip', filename: 'qr-codes.zip' };
  }
  const batches: LabelBatch[] = [];
  for (const row of rows) {
    const layout = await layoutOf(row.template_id);
    let batch = batches.find((candidate) => candidate.layout === layout);
    if (!batch) batches.push((batch = { layout, labels: [] }));
    batch.labels.push({ url: urlOf(row), name: row.name, level: row.level, type: row.type });
  }
  return { bytes: await labelPdf('QR codes', batches), type: 'application/pdf', filename: 'qr-codes.pdf' };
}
