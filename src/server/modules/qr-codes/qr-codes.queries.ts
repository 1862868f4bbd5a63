import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The code, with its company's subdomain: the public routes know no company before this. */
export function targetOfCode(db: Kysely<Database>, code: string) {
  return db
    .selectFrom('qr_codes as q')
    .innerJoin('companies as c', 'c.id', 'q.company_id')
    .select(['q.company_id', 'q.entity_kind', 'q.entity_id', 'c.subdomain'])
    .where('q.code', '=', code)
    .executeTakeFirst();
}

/** The entity's code, made on first use: 128 random bits, unguessable, in base64url. */
export async function ensureQrCode(
  db: Kysely<Database>,
  companyId: number,
  entityKind: 1 | 2,
  entityId: number,
): Promise<string> {
  await db
    .insertInto('qr_codes')
    .values({
      company_id: companyId,
      code: randomBytes(16).toString('base64url'),
      entity_kind: entityKind,
      entity_id: entityId,
    })
    .onConflict((oc) => oc.columns(['company_id', 'entity_kind', 'entity_id']).doNothing())
    .execute();
  const row = await db
    .selectFrom('qr_codes')
    .select('code')
    .where('company_id', '=', companyId)
    .where('entity_kind', '=', entityKind)
    .where('entity_id', '=', entityId)
    .executeTakeFirstOrThrow();
  return row.code;
}

export async function deleteQrCodes(
  db: Kysely<Database>,
  companyId: number,
  entityKind: 1 | 2,
  entityIds: readonly number[],
): Promise<void> {
  if (entityIds.length === 0) return;
  await db
    .deleteFrom('qr_codes')
    .where('company_id', '=', companyId)
    .where('entity_kind', '=', entityKind)
    .where('entity_id', 'in', entityIds)
    .execute();
}
