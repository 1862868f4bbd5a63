import { sql, type Kysely } from 'kysely';
import type { CalendarProvider } from '../../../shared/contract/connectors';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface ConnectorRow {
  id: number;
  provider: CalendarProvider;
  name: string;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}
export interface FieldRow {
  id: number;
  calendar_connector_id: number;
  field_key: string;
  value: string;
  sealed_value: string | null;
  is_secret: boolean;
}
export interface MappingRow {
  calendar_connector_id: number;
  resource_id: number;
  calendar_id: string;
  resource_name: string;
}

export function selectConnectors(db: Db, companyId: number, id?: number): Promise<ConnectorRow[]> {
  let query = db
    .selectFrom('calendar_connectors')
    .select(['id', 'provider', 'name', 'is_active', 'created_at', 'updated_at'])
    .where('company_id', '=', companyId);
  if (id !== undefined) query = query.where('id', '=', id);
  return query.orderBy('name').orderBy('id').execute();
}

export function selectFields(db: Db, companyId: number, connectorIds: number[]): Promise<FieldRow[]> {
  if (connectorIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('calendar_connector_fields')
    .select(['id', 'calendar_connector_id', 'field_key', 'value', 'sealed_value', 'is_secret'])
    .where('company_id', '=', companyId)
    .where('calendar_connector_id', 'in', connectorIds)
    .orderBy('id')
    .execute();
}

export function selectField(db: Db, companyId: number, id: number): Promise<FieldRow | undefined> {
  return db
    .selectFrom('calendar_connector_fields')
    .select(['id', 'calendar_connector_id', 'field_key', 'value', 'sealed_value', 'is_secret'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The mapped rooms, named in the company's language (else any of their names). */
export async function selectMappings(
  db: Db,
  companyId: number,
  connectorIds: number[],
): Promise<MappingRow[]> {
  if (connectorIds.length === 0) return [];
  const { rows } = await sql<MappingRow>`
    select m.calendar_connector_id, m.resource_id, m.calendar_id,
      coalesce((select t.name from resource_translations t
        where t.company_id = m.company_id and t.resource_id = m.resource_id
        order by t.language_id = c.language_id desc, t.language_id limit 1), '') as resource_name
    from calendar_connector_resources m
    join companies c on c.id = m.company_id
    where m.company_id = ${companyId} and m.calendar_connector_id in (${sql.join(connectorIds)})
    order by resource_name, m.resource_id`.execute(db);
  return rows;
}

export async function countLinkedUsers(
  db: Db,
  companyId: number,
  connectorIds: number[],
): Promise<Map<number, number>> {
  if (connectorIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('calendar_linked_users')
    .select(['calendar_connector_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('company_id', '=', companyId)
    .where('status', '=', 'linked')
    .where('calendar_connector_id', 'in', connectorIds)
    .groupBy('calendar_connector_id')
    .execute();
  return new Map(rows.map((row) => [row.calendar_connector_id, Number(row.count)]));
}

/** Serialises changes of one connector (fields and mappings are replaced under it). */
export async function lockConnector(
  db: Db,
  companyId: number,
  id: number,
): Promise<ConnectorRow | undefined> {
  const { rows } = await sql<ConnectorRow>`
    select id, provider, name, is_active, created_at, updated_at from calendar_connectors
    where company_id = ${companyId} and id = ${id} for update`.execute(db);
  return rows[0];
}

export interface RoomRow {
  id: number;
  name: string;
  level_name: string;
  email: string | null;
}

/** The company's rooms (resource type 'room'), the only resources a calendar can follow. */
export async function selectRooms(db: Db, companyId: number, ids?: number[]): Promise<RoomRow[]> {
  if (ids && ids.length === 0) return [];
  const { rows } = await sql<RoomRow>`
    select r.id, r.email,
      coalesce((select t.name from resource_translations t where t.company_id = r.company_id
        and t.resource_id = r.id order by t.language_id = c.language_id desc, t.language_id limit 1), '') as name,
      coalesce((select t.name from level_translations t where t.company_id = r.company_id
        and t.level_id = r.level_id order by t.language_id = c.language_id desc, t.language_id limit 1), '') as level_name
    from resources r
    join resource_types rt on rt.company_id = r.company_id and rt.id = r.resource_type_id
    join companies c on c.id = r.company_id
    where r.company_id = ${companyId} and rt.key = 'room'
      ${ids ? sql`and r.id in (${sql.join(ids)})` : sql``}
    order by level_name, name, r.id`.execute(db);
  return rows;
}

/**
 * Each calendar id as the unique index on lower(calendar_id) sees it, in the order given: the
 * database's lower() and JavaScript's toLowerCase disagree ('ΑΣ' is 'ασ' here, 'ας' there; 'İ' is
 * 'i' here, 'i̇' there), and only the index's own rule says which ids collide.
 */
export async function calendarKeys(db: Db, calendars: string[]): Promise<string[]> {
  if (calendars.length === 0) return [];
  const { rows } = await sql<{ key: string }>`
    select lower(c.id) as key from unnest(${calendars}::text[]) with ordinality as c(id, n)
    order by c.n`.execute(db);
  return rows.map((row) => row.key);
}

/**
 * Serialises the mapping changes of one company: a room follows one connector only, and two
 * connectors taking the same room at once must not both find it free. Locking the connector alone
 * cannot do that (each locks its own); a row lock on the rooms would hold up their bookings.
 */
export async function lockMappings(db: Db, companyId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('workplace.calendar_connector_resources'), ${companyId})`.execute(
    db,
  );
}
