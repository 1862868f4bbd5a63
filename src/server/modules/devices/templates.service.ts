import type { Kysely } from 'kysely';
import type { DeviceTemplate, DeviceTemplateList, TemplateBody } from '../../../shared/contract/devices';
import { ACTIONS_OF, type Accent, type TemplateType } from '../../../shared/devices/devices';
import type { FieldErrors } from '../../../shared/validation';
import { MESSAGES, notValid } from '../../../shared/validation/messages';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { notFound, unprocessable } from '../../http/errors';
import type { ReferenceData } from '../../reference';

export const TEMPLATE_NOT_FOUND = 'Device template not found.';
export const TYPE_IN_USE = 'A template in use keeps its device type.';

type Db = Kysely<Database>;

const COLUMNS = [
  'id',
  'name',
  'device_type',
  'language_id',
  'accent',
  'actions',
  'durations',
  'is_default',
] as const;

function present(row: {
  id: number;
  name: string;
  device_type: TemplateType;
  language_id: number | null;
  accent: string;
  actions: string[];
  durations: number[];
  is_default: boolean;
}): DeviceTemplate {
  return { ...row, accent: row.accent as Accent };
}

/** GET devices/templates (?device_type): the company's templates, defaults first. */
export async function listTemplates(ctx: ServiceContext, type?: TemplateType): Promise<DeviceTemplateList> {
  let query = ctx.db
    .selectFrom('company_device_templates')
    .select(COLUMNS)
    .where('company_id', '=', ctx.companyId);
  if (type) query = query.where('device_type', '=', type);
  const rows = await query.orderBy('device_type').orderBy('is_default', 'desc').orderBy('name').execute();
  return { data: rows.map(present) };
}

export async function templateOf(db: Db, companyId: number, id: number): Promise<DeviceTemplate | null> {
  const row = await db
    .selectFrom('company_device_templates')
    .select(COLUMNS)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? present(row) : null;
}

/** The template a device of `type` follows: its own, else the company's default of that type. */
export async function templateFor(
  db: Db,
  companyId: number,
  type: TemplateType,
  id: number | null,
): Promise<DeviceTemplate | null> {
  if (id !== null) return templateOf(db, companyId, id);
  const row = await db
    .selectFrom('company_device_templates')
    .select(COLUMNS)
    .where('company_id', '=', companyId)
    .where('device_type', '=', type)
    .where('is_default', '=', true)
    .executeTakeFirst();
  return row ? present(row) : null;
}

/** What the type may offer; a display offering book-now needs at least one length. Every error at once. */
async function check(reference: ReferenceData, body: TemplateBody): Promise<void> {
  const errors: FieldErrors = {};
  const allowed = ACTIONS_OF[body.device_type];
  if (
    body.actions.some((action) => !allowed.includes(action)) ||
    new Set(body.actions).size !== body.actions.length
  )
    errors.actions = [notValid('actions')];
  if (body.device_type === 'DISPLAY' && body.actions.includes('book_now') && body.durations.length === 0)
    errors.durations = [MESSAGES.required];
  if (body.device_type !== 'DISPLAY' && body.durations.length > 0) errors.durations = [notValid('durations')];
  if (body.language_id !== null) {
    const { languages } = await reference.referenceLists();
    if (!languages.some((language) => language.id === body.language_id))
      errors.language_id = [notValid('language_id')];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

async function clearOtherDefaults(tx: Db, companyId: number, type: TemplateType, keep: number) {
  await tx
    .updateTable('company_device_templates')
    .set({ is_default: false })
    .where('company_id', '=', companyId)
    .where('device_type', '=', type)
    .where('id', '<>', keep)
    .where('is_default', '=', true)
    .execute();
}

const values = (body: TemplateBody) => ({
  name: body.name.trim(),
  device_type: body.device_type,
  language_id: body.language_id,
  accent: body.accent,
  actions: body.actions,
  durations: [...new Set<number>(body.durations)].sort((a, b) => a - b),
  is_default: body.is_default,
});

/** POST devices/templates; a new default replaces the type's old one. */
export async function addTemplate(
  ctx: ServiceContext,
  reference: ReferenceData,
  body: TemplateBody,
): Promise<DeviceTemplate> {
  await check(reference, body);
  const id = await ctx.db.transaction().execute(async (tx) => {
    if (body.is_default) await clearOtherDefaults(tx, ctx.companyId, body.device_type, 0);
    const row = await tx
      .insertInto('company_device_templates')
      .values({ company_id: ctx.companyId, ...values(body) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return (await templateOf(ctx.db, ctx.companyId, id))!;
}

/** PUT devices/templates/{id}: every device and kiosk following it changes with it. */
export async function editTemplate(
  ctx: ServiceContext,
  reference: ReferenceData,
  id: number,
  body: TemplateBody,
): Promise<DeviceTemplate> {
  const current = await templateOf(ctx.db, ctx.companyId, id);
  if (!current) throw notFound(TEMPLATE_NOT_FOUND);
  await check(reference, body);
  if (current.device_type !== body.device_type && (await inUse(ctx.db, ctx.companyId, id)))
    throw unprocessable({ device_type: [TYPE_IN_USE] });
  await ctx.db.transaction().execute(async (tx) => {
    if (body.is_default) await clearOtherDefaults(tx, ctx.companyId, body.device_type, id);
    await tx
      .updateTable('company_device_templates')
      .set(values(body))
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', id)
      .execute();
  });
  return (await templateOf(ctx.db, ctx.companyId, id))!;
}

async function inUse(db: Db, companyId: number, id: number): Promise<boolean> {
  const [device, desk] = await Promise.all([
    db
      .selectFrom('devices')
      .select('id')
      .where('company_id', '=', companyId)
      .where('template_id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('reception_desks')
      .select('id')
      .where('company_id', '=', companyId)
      .where('device_template_id', '=', id)
      .executeTakeFirst(),
  ]);
  return Boolean(device ?? desk);
}
