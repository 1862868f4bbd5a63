import { pageMeta, type Paginated, type PageQuery } from '../../../shared/contract/common';
import type { QrCodeTemplate, QrCodeTemplateBody } from '../../../shared/contract/qr-code-templates';
import type { ServiceContext } from '../../context';
import { notFound } from '../../http/errors';
import {
  deleteTemplate,
  insertTemplate,
  makeDefault,
  templateById,
  templateCount,
  templatePage,
  updateTemplate,
} from './templates.queries';

const NOT_FOUND = 'QR code template not found.';

export async function listTemplates(
  ctx: ServiceContext,
  query: PageQuery,
): Promise<Paginated<QrCodeTemplate>> {
  const [data, total] = await Promise.all([
    templatePage(ctx.db, ctx.companyId, (query.page - 1) * query.per_page, query.per_page),
    templateCount(ctx.db, ctx.companyId),
  ]);
  return { data, meta: pageMeta(query.page, query.per_page, total) };
}

export async function getTemplate(ctx: ServiceContext, id: number): Promise<QrCodeTemplate> {
  const template = await templateById(ctx.db, ctx.companyId, id);
  if (!template) throw notFound(NOT_FOUND);
  return template;
}

export const createTemplate = (ctx: ServiceContext, body: QrCodeTemplateBody): Promise<QrCodeTemplate> =>
  insertTemplate(ctx.db, ctx.companyId, body);

export async function changeTemplate(
  ctx: ServiceContext,
  id: number,
  body: QrCodeTemplateBody,
): Promise<QrCodeTemplate> {
  const template = await updateTemplate(ctx.db, ctx.companyId, id, body);
  if (!template) throw notFound(NOT_FOUND);
  return template;
}

/** The codes printed with it fall back to the default (the foreign key clears their choice). */
export async function removeTemplate(ctx: ServiceContext, id: number): Promise<{ message: string }> {
  if (!(await deleteTemplate(ctx.db, ctx.companyId, id))) throw notFound(NOT_FOUND);
  return { message: 'QR code template deleted.' };
}

/** spec §7 PUT {id}/default: this template becomes the company's only default. */
export async function setDefaultTemplate(ctx: ServiceContext, id: number): Promise<QrCodeTemplate> {
  return ctx.db.transaction().execute(async (tx) => {
    const template = await makeDefault(tx, ctx.companyId, id);
    // thrown inside, so that the old default is kept when the id names nothing
    if (!template) throw notFound(NOT_FOUND);
    return template;
  });
}
