import { sql, type Kysely } from 'kysely';
import type { QrCodeTemplateBody } from '../../../shared/contract/qr-code-templates';
import type { Database } from '../../db/schema';

const COLUMNS = [
  'id',
  'name',
  'page_size',
  'label_width_mm',
  'label_height_mm',
  'columns',
  'rows',
  'show_name',
  'show_level',
  'show_type',
  'caption',
  'text_colour',
  'is_default',
] as const;

export function templatePage(db: Kysely<Database>, companyId: number, offset: number, limit: number) {
  return db
    .selectFrom('qr_code_templates')
    .select(COLUMNS)
    .where('company_id', '=', companyId)
    .orderBy('is_default', 'desc')
    .orderBy('name')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function templateCount(db: Kysely<Database>, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('qr_code_templates')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export function templateById(db: Kysely<Database>, companyId: number, id: number) {
  return db
    .selectFrom('qr_code_templates')
    .select(COLUMNS)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function defaultTemplate(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('qr_code_templates')
    .select(COLUMNS)
    .where('company_id', '=', companyId)
    .where('is_default', '=', true)
    .executeTakeFirst();
}

/** A company's first template becomes its default, so every export has a layout it chose. */
export function insertTemplate(db: Kysely<Database>, companyId: number, body: QrCodeTemplateBody) {
  return db
    .insertInto('qr_code_templates')
    .values({
      company_id: companyId,
      ...body,
      is_default: sql<boolean>`not exists (select 1 from qr_code_templates
        where company_id = ${companyId} and is_default)`,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export function updateTemplate(
  db: Kysely<Database>,
  companyId: number,
  id: number,
  body: QrCodeTemplateBody,
) {
  return db
    .updateTable('qr_code_templates')
    .set({ ...body, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
}

export async function deleteTemplate(db: Kysely<Database>, companyId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('qr_code_templates')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Moves the default to the template; the old default is cleared first (one default per company). */
export async function makeDefault(db: Kysely<Database>, companyId: number, id: number) {
  // two moves at once would both clear and then both set: the second waits for the first
  await db
    .selectFrom('qr_code_templates')
    .select('id')
    .where('company_id', '=', companyId)
    .forUpdate()
    .execute();
  await db
    .updateTable('qr_code_templates')
    .set({ is_default: false })
    .where('company_id', '=', companyId)
    .where('is_default', '=', true)
    .where('id', '!=', id)
    .execute();
  return db
    .updateTable('qr_code_templates')
    .set({ is_default: true, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
}
