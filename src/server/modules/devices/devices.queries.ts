import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** A resource's name in `languageId`, else the company's language, else any. */
export function resourceName(companyId: number, languageId: number | null, resource: RawBuilder<unknown>) {
  return sql<string>`coalesce((select t.name from resource_translations t
    where t.company_id = ${companyId} and t.resource_id = ${resource}
    order by t.language_id = ${languageId} desc,
      t.language_id = (select language_id from companies where id = ${companyId}) desc, t.language_id
    limit 1), '')`;
}

export interface DeviceRow {
  id: number;
  name: string;
  resource_id: number;
  resource_name: string;
  template_id: number;
  template_name: string;
  code_issued_at: Date;
  last_heartbeat_at: Date | null;
}

/** The company's devices (or one), named in the caller's language. */
export async function deviceRows(db: Db, companyId: number, languageId: number | null, id?: number) {
  const { rows } = await sql<DeviceRow>`
    select d.id, d.name, d.resource_id, ${resourceName(companyId, languageId, sql`d.resource_id`)} as resource_name,
      d.template_id, t.name as template_name, d.code_issued_at, d.last_heartbeat_at
    from devices d
    join company_device_templates t on t.company_id = d.company_id and t.id = d.template_id
    where d.company_id = ${companyId} ${id === undefined ? sql`` : sql`and d.id = ${id}`}
    order by d.name, d.id`.execute(db);
  return rows;
}

export interface DeviceUserRow {
  device_id: number;
  user_id: number;
  name: string;
  email: string;
  type: 'booker' | 'contact';
}

export async function deviceUserRows(db: Db, companyId: number, deviceIds: readonly number[]) {
  if (deviceIds.length === 0) return [];
  return db
    .selectFrom('device_users as du')
    .innerJoin('users as u', (join) =>
      join.onRef('u.company_id', '=', 'du.company_id').onRef('u.id', '=', 'du.user_id'),
    )
    .select([
      'du.device_id',
      'du.user_id',
      sql<string>`trim(u.first_name || ' ' || u.last_name)`.as('name'),
      'u.email',
      'du.type',
    ])
    .where('du.company_id', '=', companyId)
    .where('du.device_id', 'in', deviceIds)
    .orderBy('du.type')
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .execute();
}
