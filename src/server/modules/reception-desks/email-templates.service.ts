import { sql } from 'kysely';
import type {
  DeskEmailTemplate,
  DeskEmailTemplateList,
  EmailTemplateBody,
} from '../../../shared/contract/reception-desks';
import type { FieldErrors } from '../../../shared/validation';
import {
  DEFAULT_MAIL_TEMPLATES,
  mailTypeId,
  mailTypeOf,
  unknownPlaceholders,
  VISITOR_MAIL_TYPES,
  type VisitorMailType,
} from '../../../shared/visitors/mail-templates';
import type { ServiceContext } from '../../context';
import { notFound, unprocessable } from '../../http/errors';
import { DESK_NOT_FOUND } from './reception-desks.service';

export const MAIL_TYPE_NOT_FOUND = 'E-mail type not found.';

async function assertDesk(ctx: ServiceContext, id: number) {
  const desk = await ctx.db
    .selectFrom('reception_desks')
    .select('id')
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!desk) throw notFound(DESK_NOT_FOUND);
}

function typeOf(typeId: number): VisitorMailType {
  const type = mailTypeOf(typeId);
  if (!type) throw notFound(MAIL_TYPE_NOT_FOUND);
  return type;
}

function present(
  type: VisitorMailType,
  own: { subject: string; body: string } | undefined,
): DeskEmailTemplate {
  const shown = own ?? DEFAULT_MAIL_TEMPLATES[type];
  return {
    type_id: mailTypeId(type),
    type,
    custom: own !== undefined,
    subject: shown?.subject ?? null,
    body: shown?.body ?? null,
  };
}

/** GET reception-desks/{id}/email-templates: the four types, each the desk's own or the built-in. */
export async function deskEmailTemplates(ctx: ServiceContext, id: number): Promise<DeskEmailTemplateList> {
  await assertDesk(ctx, id);
  const rows = await ctx.db
    .selectFrom('reception_desk_email_templates')
    .select(['type', 'subject', 'body'])
    .where('company_id', '=', ctx.companyId)
    .where('reception_desk_id', '=', id)
    .execute();
  return {
    data: VISITOR_MAIL_TYPES.map((type) =>
      present(
        type,
        rows.find((row) => row.type === type),
      ),
    ),
  };
}

/** PUT reception-desks/{id}/email-templates/{typeId}: the desk's own text; unknown {names}: 422. */
export async function saveEmailTemplate(
  ctx: ServiceContext,
  id: number,
  typeId: number,
  body: EmailTemplateBody,
): Promise<DeskEmailTemplate> {
  const type = typeOf(typeId);
  await assertDesk(ctx, id);
  const errors: FieldErrors = {};
  for (const field of ['subject', 'body'] as const) {
    const unknown = unknownPlaceholders(body[field]);
    if (unknown.length > 0)
      errors[field] = [`Unknown placeholders: ${unknown.map((name) => `{${name}}`).join(', ')}.`];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  const own = { subject: body.subject.trim(), body: body.body };
  await ctx.db
    .insertInto('reception_desk_email_templates')
    .values({ company_id: ctx.companyId, reception_desk_id: id, type, ...own })
    .onConflict((conflict) =>
      conflict
        .columns(['company_id', 'reception_desk_id', 'type'])
        .doUpdateSet({ ...own, updated_at: sql<Date>`now()` }),
    )
    .execute();
  return present(type, own);
}

/** DELETE reception-desks/{id}/email-templates/{typeId}: back to the built-in text. */
export async function resetEmailTemplate(
  ctx: ServiceContext,
  id: number,
  typeId: number,
): Promise<DeskEmailTemplate> {
  const type = typeOf(typeId);
  await assertDesk(ctx, id);
  await ctx.db
    .deleteFrom('reception_desk_email_templates')
    .where('company_id', '=', ctx.companyId)
    .where('reception_desk_id', '=', id)
    .where('type', '=', type)
    .execute();
  return present(type, undefined);
}
